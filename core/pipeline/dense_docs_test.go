package pipeline

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"

	"ctxlab/core/value"
	"ctxlab/sample"
)

// sampleSentences are the sentences of the bundled knowledge base, split
// as the workbench's generated benchmark scenario splits them.
func sampleSentences(tb testing.TB) []string {
	tb.Helper()
	data, err := fs.ReadFile(sample.FS, "docs/support_kb.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	var sentences []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var doc struct{ Content string }
		if err := json.Unmarshal([]byte(line), &doc); err != nil {
			tb.Fatal(err)
		}
		for _, s := range strings.SplitAfter(doc.Content, ". ") {
			if s = strings.TrimSpace(s); s != "" {
				sentences = append(sentences, s)
			}
		}
	}
	return sentences
}

// denseDocs is the dense set: n documents that are each a mix of
// 1-12 of the sample's ~300 sentences, one in ten a near copy of an
// earlier one with a sentence changed, one in twenty an exact copy. Unlike
// the workbench's generated scenario, every document draws on the same
// sentences at any size, so at 100,000 documents each sentence recurs in
// about 2,400: almost every pair of documents shares common shingles, and
// only the filters keep the join from comparing them all.
func denseDocs(tb testing.TB, n int) []value.Document {
	return mixedSentenceDocs(sampleSentences(tb), n, rand.New(rand.NewPCG(4, 2)))
}

// mixedSentenceDocs makes n documents from sentences the way denseDocs
// describes, drawing from rng.
func mixedSentenceDocs(sentences []string, n int, rng *rand.Rand) []value.Document {
	mix := func(count int) []string {
		out := make([]string, count)
		for i := range out {
			out[i] = sentences[rng.IntN(len(sentences))]
		}
		return out
	}
	docs := make([]value.Document, n)
	parts := make([][]string, n)
	for i := range docs {
		switch {
		case i > 20 && i%20 == 0:
			parts[i] = parts[rng.IntN(i)]
		case i > 10 && i%10 == 0:
			parts[i] = append([]string(nil), parts[rng.IntN(i)]...)
			parts[i][rng.IntN(len(parts[i]))] = mix(1)[0]
		default:
			parts[i] = mix(1 + rng.IntN(12))
		}
		docs[i] = value.Document{
			Content: strings.Join(parts[i], " "),
			Score:   0.3 + 0.7*rng.Float64(),
			Source:  fmt.Sprintf("kb/chunk-%d", i),
		}
	}
	return docs
}
