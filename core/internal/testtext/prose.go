package testtext

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Prose generates about size bytes of text shaped like documents:
// words drawn from a 20,000-word vocabulary with Zipf frequencies (so,
// as in real text, a few words recur constantly and most are rare),
// capitalized sentences, numbers, punctuation, some code and JSON lines,
// and a little non-Latin text.
func Prose(size int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 7))
	syllables := strings.Fields("ka to ri en ser al mo ne ti pa de lu ver ing tion con ex pro qui st ra an ol ch th")
	vocab := make([]string, 20000)
	for i := range vocab {
		var w strings.Builder
		for range 1 + rng.IntN(4) {
			w.WriteString(syllables[rng.IntN(len(syllables))])
		}
		vocab[i] = w.String()
	}
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	var sb strings.Builder
	for sb.Len() < size {
		switch k := rng.IntN(20); {
		case k == 0:
			fmt.Fprintf(&sb, "    if (x.%s != %d) { return %s(\"%s\"); }\n", vocab[zipf.Uint64()], rng.IntN(5000), vocab[zipf.Uint64()], vocab[zipf.Uint64()])
		case k == 1:
			fmt.Fprintf(&sb, `{"id": %d, "name": "%s", "score": 0.%03d}`+"\n", rng.IntN(100000), vocab[zipf.Uint64()], rng.IntN(1000))
		case k == 2:
			sb.WriteString("日本語のテキストと中文文本。")
		default:
			words := 6 + rng.IntN(18)
			for w := range words {
				word := vocab[zipf.Uint64()]
				if w == 0 {
					word = strings.ToUpper(word[:1]) + word[1:]
				}
				sb.WriteString(word)
				switch {
				case w == words-1:
					sb.WriteString(". ")
				case rng.IntN(12) == 0:
					sb.WriteString(", ")
				default:
					sb.WriteByte(' ')
				}
			}
			if rng.IntN(5) == 0 {
				sb.WriteString("\n\n")
			}
		}
	}
	return sb.String()
}
