package tokens

import (
	"strings"

	"ctxlab/internal/nearname"
)

// NearModel returns the entry of the model or price table a name the
// tables do not know was probably meant to be ("gpt-4o" for "gpt4o"),
// or "" when none is within a typo of it. Only an entry with the same
// digits is suggested: a name with other digits is another version
// ("gpt-9" is not "gpt-5" nor "gpt-4o"), not a typo.
func NearModel(model string) string {
	candidates := modelNameCandidates(model)
	name := candidates[len(candidates)-1]
	var near []string
	for _, k := range knownModelNames() {
		if k = strings.TrimSuffix(k, "-"); k != name && digitsOf(k) == digitsOf(name) {
			near = append(near, k)
		}
	}
	meant, _ := nearname.Closest(name, near)
	return meant
}

// EncodingGuessed reports whether model's tokenizer is a guess: a name
// newer than the encoding table that follows OpenAI's naming (gpt-9, o7)
// is counted with o200k_base, which every OpenAI model since gpt-4o uses.
func EncodingGuessed(model string) bool {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	for prefix := range modelEncodingPrefixes {
		if strings.HasPrefix(name, prefix) {
			return false
		}
	}
	return laterOpenAIModel.MatchString(name)
}

// digitsOf is the digits of s in order: "gpt-4o-mini" is "4".
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r < '0' || r > '9' {
			return -1
		}
		return r
	}, s)
}
