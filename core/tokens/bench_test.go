package tokens

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"ctxlab/core/internal/testtext"
)

// BenchmarkCountVsTiktoken counts the same text with ctxlab's encoder and
// with tiktoken-go in one run, reporting both throughputs and the ratio.
// Both run on one locked thread and are timed by that thread's CPU time,
// so the figures hold on a machine other work keeps busy. The piece cache
// is part of ours and stays warm, as it does in use; the whole-text memo
// is bypassed.
func BenchmarkCountVsTiktoken(b *testing.B) {
	inputs := []struct {
		name string
		text string
	}{
		{"prose-1MB", testtext.Prose(1<<20, 1)},
		{"equals-50000", strings.Repeat("=", 50_000)},
		{"base64-1MB", benchBase64(1 << 20)},
	}
	for _, in := range inputs {
		for _, name := range bpeNames {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				tok, _ := ByName(name)
				ours, theirs := tok.(*BPE).load(), oracle(b, name)
				var oursTime, theirsTime time.Duration
				b.SetBytes(int64(len(in.text)))
				for b.Loop() {
					start := threadCPU(b)
					n := ours.count(in.text)
					oursTime += threadCPU(b) - start
					start = threadCPU(b)
					m := len(theirs.EncodeOrdinary(in.text))
					theirsTime += threadCPU(b) - start
					if n != m {
						b.Fatalf("ours %d tokens, tiktoken-go %d", n, m)
					}
				}
				mb := float64(len(in.text)) * float64(b.N) / 1e6
				b.ReportMetric(mb/oursTime.Seconds(), "ours-MB/cpu-s")
				b.ReportMetric(mb/theirsTime.Seconds(), "tiktoken-go-MB/cpu-s")
				b.ReportMetric(theirsTime.Seconds()/oursTime.Seconds(), "times-faster")
			})
		}
	}
}

// threadCPU is the CPU time the calling (locked) thread has used.
func threadCPU(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

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
// and of base64, on one thread (one text is counted by one core), also
// per CPU second of that thread.
func BenchmarkCount(b *testing.B) {
	texts := []struct{ name, text string }{{"prose", testtext.Prose(1<<20, 1)}, {"base64", benchBase64(1 << 20)}}
	for _, in := range texts {
		for _, name := range bpeNames {
			b.Run(in.name+"/"+name, func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				tok, _ := ByName(name)
				enc := tok.(*BPE).load()
				b.SetBytes(int64(len(in.text)))
				start := threadCPU(b)
				for b.Loop() {
					enc.count(in.text)
				}
				cpu := threadCPU(b) - start
				b.ReportMetric(float64(len(in.text))*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
			})
		}
	}
}

// BenchmarkMergeQueue merges one piece with each of the merge's two
// queues, one heap and buckets by rank, at lengths around longPieceBytes,
// where the choice between them is made, and at 50,000 bytes:
// a run of '=' (few ranks, many stale pairs) and random Han characters
// (many ranks, few pairs each).
func BenchmarkMergeQueue(b *testing.B) {
	rng := rand.New(rand.NewPCG(4, 5))
	han := []rune("的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事")
	for _, size := range []int{256, 1024, 4096, 50_000} {
		var sb strings.Builder
		for sb.Len() < size {
			sb.WriteRune(han[rng.IntN(len(han))])
		}
		pieces := []struct{ name, text string }{{"equals", strings.Repeat("=", size)}, {"han", sb.String()}}
		for _, piece := range pieces {
			for _, long := range []bool{false, true} {
				queue := map[bool]string{false: "heap", true: "buckets"}[long]
				b.Run(fmt.Sprintf("%s-%d/%s", piece.name, size, queue), func(b *testing.B) {
					tok, _ := ByName(TokenizerO200K)
					enc := tok.(*BPE).load()
					b.SetBytes(int64(len(piece.text)))
					for b.Loop() {
						queueMerge(piece.text, enc.ranks, enc.maxLen, long, func(string) {})
					}
				})
			}
		}
	}
}

// BenchmarkCountJoined counts a rendering of a 4 MiB description between
// two short pieces, as the OpenAI tool namespace is counted, for texts
// of each kind a description may be: B/op shows whether the description
// was copied to be counted (about 4 MiB) or counted where it lies. The
// BPE memo remembers the long stretch after the first round, so ns/op is
// mostly the cut search and the short pieces.
//
//	go test -run '^$' -bench CountJoined -benchmem ./core/tokens/
func BenchmarkCountJoined(b *testing.B) {
	kinds := map[string]string{
		"lowercase": "the order ships today and arrives tomorrow ",
		"capitals":  "THE ORDER SHIPS TODAY AND ARRIVES TOMORROW ",
		"cyrillic":  "заказ отправлен сегодня и прибудет завтра ",
		"chinese":   "订单已发货，预计明天到达。请注意查收、谢谢。",
		"base64":    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjEz+/",
		"schema":    `{"type":"object","properties":{"f1":{"type":"string"}}},`,
	}
	for _, name := range []string{"lowercase", "capitals", "cyrillic", "chinese", "base64", "schema"} {
		long := strings.Repeat(kinds[name], (4<<20)/len(kinds[name]))
		parts := []string{"// ", long, "\ntype lookup_order = () => any;\n"}
		for _, tok := range []Tokenizer{BuiltinTokenizers[TokenizerO200K], Heuristic{}} {
			b.Run(name+"/"+tok.Name(), func(b *testing.B) {
				for b.Loop() {
					CountJoined(tok, parts)
				}
			})
		}
	}
}
