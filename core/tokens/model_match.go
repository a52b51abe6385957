package tokens

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"ctxlab/internal/nearname"
)

// The model table and the price table match a model by the longest known
// prefix of its name, so dated and fine-tuned names resolve
// ("gpt-4o-2024-08-06" is gpt-4o). A typo resolves too: "gpt-4o-mni" is
// gpt-4o, priced 16 times gpt-4o-mini, and nothing would say so. A name
// whose part after the match is a word the tables do not use is named in
// a note, with the entry it probably meant.

// modelSuffixWords are the words that follow a family in real model names
// without making them another family: versions, sizes, modes. A word that
// only appears in names the tables list themselves (turbo, sonnet) is not
// one: "gpt-5-turbo" does not exist and deserves the note.
var modelSuffixWords = map[string]bool{
	"latest": true, "preview": true, "chat": true, "instruct": true,
	"audio": true, "realtime": true, "search": true, "transcribe": true,
	"tts": true, "vision": true, "mini": true, "nano": true, "pro": true,
	"codex": true, "high": true, "medium": true, "low": true, "deep": true,
	"research": true, "instant": true, "exp": true, "thinking": true,
	"v": true, // v1, v2: a version
}

// LooseModelMatchNote returns a note when model matched a table entry
// only through a prefix followed by a word the tables do not know, such
// as "gpt-4o-mni" or "gpt-5-turbo"; otherwise "".
func LooseModelMatchNote(model string) string {
	known := knownModelNames()
	for _, name := range modelNameCandidates(model) {
		entry := longestKnownPrefix(name, known)
		if entry == "" {
			continue
		}
		rest := strings.TrimLeft(name[len(entry):], "-_")
		word := rest
		if i := strings.IndexAny(rest, "-_:@/."); i >= 0 {
			word = rest[:i]
		}
		if word == "" || !startsWithLetter(word) || modelSuffixWords[strings.TrimRight(word, "0123456789")] {
			return ""
		}
		note := fmt.Sprintf("model %q is not in ctxlab's tables: its window, tokenizer and price are %s's", model, strings.TrimSuffix(entry, "-"))
		var longer []string
		for _, k := range known {
			if strings.HasPrefix(k, entry) && k != entry {
				longer = append(longer, k)
			}
		}
		typed := name[:len(name)-len(rest)+len(word)]
		if meant, ok := nearname.Closest(typed, longer); ok {
			note += fmt.Sprintf(" (did you mean %s?)", meant)
		}
		return note
	}
	return ""
}

// knownModelNames lists every entry of the model and price tables,
// sorted, so suggestions do not depend on map order. Both tables are
// fixed, so the list is made once; callers only read it.
var knownModelNames = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	for name := range modelSpecs {
		seen[name] = true
	}
	for name := range DefaultPrices().Prices {
		seen[strings.ToLower(name)] = true
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
})

func longestKnownPrefix(name string, known []string) string {
	best := ""
	for _, k := range known {
		if strings.HasPrefix(name, k) && len(k) > len(best) {
			best = k
		}
	}
	return best
}

func startsWithLetter(s string) bool {
	return s != "" && s[0] >= 'a' && s[0] <= 'z'
}
