package tokens

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// BenchmarkLongPiece counts one long pre-token every way there is, side by
// side: the merge (bytePairMerge, what pieces under backtrackPieceBytes
// use), backtrack (what longer ones use), dpCount (its fallback), and, on
// 64 KiB only since it is quadratic, tiktoken-go's EncodeOrdinary. The
// pieces are a run of 'a', random ACGT and random Han, the three kinds of
// pre-token that run for megabytes, and runs of '=', '-' and '*' (rules
// and separators drawn in text, which the pre-tokenizer keeps whole). MB/cpu-s is timed by the thread's
// processor time, steadier than ns/op on a shared machine.
//
//	go test -run '^$' -bench LongPiece -benchtime 3x ./core/tokens/
func BenchmarkLongPiece(b *testing.B) {
	han := []rune("的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事")
	for _, size := range []int{64 << 10, 1 << 20} {
		rng := rand.New(rand.NewPCG(7, 8))
		pieces := []struct{ name, text string }{
			{"a", strings.Repeat("a", size)},
			{"ACGT", randomPiece(rng, []rune("ACGT"), size)},
			{"Han", randomPiece(rng, han, size)},
			{"=", strings.Repeat("=", size)},
			{"-", strings.Repeat("-", size)},
			{"*", strings.Repeat("*", size)},
		}
		for _, piece := range pieces {
			for _, name := range bpeNames {
				tok, _ := ByName(name)
				enc := tok.(*BPE).load()
				v := enc.backtrackVocab()
				ways := []struct {
					name  string
					count func(string) int
				}{
					{"merge", func(p string) int { return mergeCount(p, enc) }},
					{"backtrack", func(p string) int {
						s := v.scratch.Get().(*backtrackScratch)
						defer v.scratch.Put(s)
						n, _ := backtrack(p, v, s, backtrackWindow, nil, nil)
						return n
					}},
					{"dpCount", func(p string) int {
						s := v.scratch.Get().(*backtrackScratch)
						defer v.scratch.Put(s)
						n, _ := dpCount(p, v, s, nil)
						return n
					}},
				}
				if size <= 64<<10 {
					ways = append(ways, struct {
						name  string
						count func(string) int
					}{"tiktoken", func(p string) int { return len(oracle(b, name).EncodeOrdinary(p)) }})
				}
				for _, way := range ways {
					b.Run(fmt.Sprintf("%s-%dKiB/%s/%s", piece.name, size>>10, name, way.name), func(b *testing.B) {
						runtime.LockOSThread()
						defer runtime.UnlockOSThread()
						b.SetBytes(int64(len(piece.text)))
						start := threadCPU(b)
						for b.Loop() {
							way.count(piece.text)
						}
						cpu := threadCPU(b) - start
						b.ReportMetric(float64(len(piece.text))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
					})
				}
			}
		}
	}
}
