package pipeline

import (
	"context"
	"syscall"
	"testing"
	"time"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// proseDocs cuts about size bytes of generated prose into documents of
// 600 to 3,000 bytes, a retriever's chunks.
func proseDocs(size int) ([]value.Document, int) {
	text := testtext.Prose(size, 11)
	var docs []value.Document
	total := 0
	for start, n := 0, 0; start < len(text); n++ {
		end := min(start+600+(n*977)%2400, len(text))
		for end < len(text) && text[end] != ' ' {
			end++ // cut between words
		}
		docs = append(docs, value.Document{Content: text[start:end], Score: 0.5})
		total += end - start
		start = end
	}
	return docs, total
}

// BenchmarkAnalyzeTokens is the counting of a 4 MB document set under each
// tokenizer (Analysis.CountTokens), in MB/s; -cpu 1,2 shows it on one and
// two cores. Each iteration counts from scratch: a fresh tokenizer (its
// vocabulary loaded before the timer, its caches empty) and analysis.
// MB/cpu-s divides by the process's CPU time instead of the clock: the
// work per byte, which other load on the machine does not inflate.
func BenchmarkAnalyzeTokens(b *testing.B) {
	docs, size := proseDocs(4 << 20)
	for _, name := range tokens.Names {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(size))
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				var tok tokens.Tokenizer = tokens.Heuristic{}
				if name != tokens.TokenizerHeuristic {
					bpe, err := tokens.NewBPE(name)
					if err != nil {
						b.Fatal(err)
					}
					bpe.Preload()
					tok = bpe
				}
				a := Analyze(docs)
				b.StartTimer()
				start := processCPU(b)
				if _, err := a.CountTokens(context.Background(), tok, nil); err != nil {
					b.Fatal(err)
				}
				cpu += processCPU(b) - start
			}
			b.ReportMetric(float64(size)*float64(b.N)/1e6/cpu.Seconds(), "MB/cpu-s")
		})
	}
}

// processCPU is the CPU time the process has used, every thread together.
func processCPU(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
