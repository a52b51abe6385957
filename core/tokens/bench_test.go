package tokens

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// benchProse generates about size bytes of text shaped like documents:
// words drawn from a 20,000-word vocabulary with Zipf frequencies (so,
// as in real text, a few words recur constantly and most are rare),
// capitalized sentences, numbers, punctuation, some code and JSON lines,
// and a little non-Latin text.
func benchProse(size int, seed uint64) string {
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

// BenchmarkCountVsTiktoken counts the same text with ctxlab's encoder and
// with tiktoken-go in one run, reporting both throughputs and the ratio.
// The piece cache is part of ours and stays warm, as it does in use; the
// whole-text memo is bypassed.
func BenchmarkCountVsTiktoken(b *testing.B) {
	inputs := []struct {
		name string
		text string
	}{
		{"prose-1MB", benchProse(1<<20, 1)},
		{"equals-50000", strings.Repeat("=", 50_000)},
		{"base64-1MB", benchBase64(1 << 20)},
	}
	for _, in := range inputs {
		for _, name := range bpeNames {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				tok, _ := ByName(name)
				ours, theirs := tok.(*BPE).load(), oracle(b, name)
				var oursTime, theirsTime time.Duration
				b.SetBytes(int64(len(in.text)))
				for b.Loop() {
					start := time.Now()
					n := ours.count(in.text)
					oursTime += time.Since(start)
					start = time.Now()
					m := len(theirs.EncodeOrdinary(in.text))
					theirsTime += time.Since(start)
					if n != m {
						b.Fatalf("ours %d tokens, tiktoken-go %d", n, m)
					}
				}
				mb := float64(len(in.text)) * float64(b.N) / 1e6
				b.ReportMetric(mb/oursTime.Seconds(), "ours-MB/s")
				b.ReportMetric(mb/theirsTime.Seconds(), "tiktoken-go-MB/s")
				b.ReportMetric(theirsTime.Seconds()/oursTime.Seconds(), "times-faster")
			})
		}
	}
}

func benchBase64(size int) string {
	const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	rng := rand.New(rand.NewPCG(2, 3))
	out := make([]byte, size)
	for i := range out {
		out[i] = chars[rng.IntN(len(chars))]
	}
	return string(out)
}

// BenchmarkCount is ctxlab's encoder alone on 1 MB of generated prose
// and of base64, on one core (-cpu 1: one text is counted by one core).
func BenchmarkCount(b *testing.B) {
	texts := []struct{ name, text string }{{"prose", benchProse(1<<20, 1)}, {"base64", benchBase64(1 << 20)}}
	for _, in := range texts {
		for _, name := range bpeNames {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				tok, _ := ByName(name)
				enc := tok.(*BPE).load()
				b.SetBytes(int64(len(in.text)))
				for b.Loop() {
					enc.count(in.text)
				}
			})
		}
	}
}
