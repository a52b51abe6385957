package diagnose

import "strings"

// similarTextJaccard is the word-set Jaccard similarity at or above which
// two documents are taken for versions of one text. Versions of an
// article that differ in a few figures score 0.8 and more; unrelated
// articles of one knowledge base, sharing their function words, stay
// under 0.35. 0.6 keeps a reworded version and leaves out neighbours.
const similarTextJaccard = 0.6

// wordSet is a text's distinct words, as diff keys.
func wordSet(text string) map[string]bool {
	set := map[string]bool{}
	for _, k := range diffKeys(strings.Fields(text)) {
		if k != "" {
			set[k] = true
		}
	}
	return set
}

func setJaccard(a, b map[string]bool) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 0
	}
	shared := 0
	for w := range a {
		if b[w] {
			shared++
		}
	}
	return float64(shared) / float64(len(a)+len(b)-shared)
}
