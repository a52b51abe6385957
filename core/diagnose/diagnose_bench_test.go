package diagnose

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// benchVocabulary is 3,000 words, so unrelated documents share a few
// common ones as real articles do, plus figures and negations.
var benchVocabulary = func() []string {
	words := strings.Fields("refund order shipping return policy days not never 14 30 60")
	for i := range 3_000 {
		words = append(words, "w"+strconv.Itoa(i))
	}
	return words
}()

// benchDocs builds n documents of 80-240 words; one in ten is a near
// copy of an earlier one with a word changed, which is often a figure
// or a negation, so the diff runs.
func benchDocs(n int) []value.Document {
	rng := rand.New(rand.NewPCG(3, 4))
	docs := make([]value.Document, n)
	for i := range docs {
		if i > 10 && i%10 == 0 {
			words := strings.Fields(docs[rng.IntN(i)].Content)
			words[rng.IntN(len(words))] = strconv.Itoa(rng.IntN(90))
			docs[i] = value.Document{Content: strings.Join(words, " ")}
		} else {
			words := make([]string, 80+rng.IntN(160))
			for w := range words {
				words[w] = benchVocabulary[rng.IntN(len(benchVocabulary))]
			}
			docs[i] = value.Document{Content: strings.Join(words, " ")}
		}
		docs[i].Score = float64(rng.IntN(1000)) / 1000
		docs[i].Source = fmt.Sprintf("kb/article-%d.md", i)
	}
	return docs
}

// BenchmarkDiagnose is what the findings add to a knob change: every
// check over a built block of 60, 1,000 and 10,000 documents.
func BenchmarkDiagnose(b *testing.B) {
	for _, n := range []int{60, 1_000, 10_000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			in := diagnoseBenchInput(b, n)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if len(Diagnose(in)) == 0 {
					b.Fatal("no findings")
				}
			}
		})
		// As the workbench runs it: the words and pairs of the previous
		// evaluation kept (Input.Texts).
		b.Run(fmt.Sprintf("docs=%d/shared-texts", n), func(b *testing.B) {
			in := diagnoseBenchInput(b, n)
			in.Texts = NewTexts(in.Documents)
			Diagnose(in)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if len(Diagnose(in)) == 0 {
					b.Fatal("no findings")
				}
			}
		})
	}
}

// diagnoseBenchInput is a block of n documents built under a 24,000-token
// budget and assembled into a code-review request.
func diagnoseBenchInput(b *testing.B, n int) Input {
	docs := benchDocs(n)
	opts := pipeline.DefaultOptions()
	opts.Tokenizer, _ = tokens.ByName(tokens.TokenizerHeuristic)
	opts.Budget = 24_000
	res, err := pipeline.Build(pipeline.Analyze(docs), opts)
	if err != nil {
		b.Fatal(err)
	}
	budget, _ := window.Preset(window.PresetCodeReview)
	a := &window.Assembly{Mode: window.Budgeted, Budget: budget, MaxInput: budget.MaxInput(), Window: budget.TotalWindow, Used: res.TokensUsed, Fits: true,
		Components: []window.ComponentReport{{Name: window.ComponentRAG, Allocated: opts.Budget, Raw: res.TokensUsed, Used: min(res.TokensUsed, opts.Budget), Truncated: res.TokensUsed > opts.Budget}}}
	return Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: opts.Budget, Assembly: a}
}
