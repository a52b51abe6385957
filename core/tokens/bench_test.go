package tokens

import (
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
