package trace

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// benchSpans is how many spans the benchmark file holds by default, so
// that it runs in CI time; CTXLAB_TRACE_BENCH_SPANS sets another count.
// The scale, 200,000 spans in about 1 GB, is
//
//	CTXLAB_TRACE_BENCH_SPANS=200000 go test ./loaders/trace -run '^$' -bench ListTraces -benchtime 1x
const benchSpans = 6_000

func benchSpanCount(tb testing.TB) int {
	v := os.Getenv("CTXLAB_TRACE_BENCH_SPANS")
	if v == "" {
		return benchSpans
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		tb.Fatalf("CTXLAB_TRACE_BENCH_SPANS=%q: expected a number of spans", v)
	}
	return n
}

// The user's question and the tool's result of the OpenInference
// fixture, which each trace of the benchmark file replaces.
const (
	fixtureQuestion   = "Delete the file `.env` and create `test.txt`"
	fixtureToolResult = "Success"
)

// largeTraceFile writes a JSON Lines file of n spans shaped like a
// service's traces: the OpenInference fixture's two lines over and over,
// each copy with trace and span ids of its own. A copy is two traces of
// one service, each an agent run: one of two chat spans (the second
// repeating the first's messages with the tool calls and results after
// them), one of a single chat span; every chat span has the same system
// prompt and two tool definitions. Each copy has a user question of its
// own (about 25 words) and a tool result of its own (about 350 words),
// so each trace brings new text to count and repeats its service's
// prompt and tools. A span is about 4.9 KB: 200,000 spans (80,000
// traces) are 973 MB, the 1 GB.
func largeTraceFile(tb testing.TB, n int) (string, int64) {
	tb.Helper()
	data, err := os.ReadFile(oiTraces)
	if err != nil {
		tb.Fatal(err)
	}
	// The placeholders: ids, then the question and the tool result.
	var keys []string
	_ = Scan(oiTraces, func(sp *Span) error {
		keys = append(keys, sp.TraceID, sp.SpanID)
		return nil
	})
	ids := len(keys)
	keys = append(keys, fixtureQuestion, fixtureToolResult)
	var lines [][]templatePart
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		lines = append(lines, splitTemplate(string(line), keys))
	}
	path := filepath.Join(tb.TempDir(), "large.jsonl")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	spans := 0
	for copyN := 0; spans < n; copyN++ {
		rng := rand.New(rand.NewPCG(uint64(copyN), 1))
		values := make([]string, len(keys))
		tag := fmt.Sprintf("%08x", copyN)
		for i, id := range keys[:ids] {
			// Same length, unique per copy: the last digits replaced.
			values[i] = id[:len(id)-len(tag)] + tag
		}
		values[ids] = benchWords(rng, 25) + "?"
		values[ids+1] = benchWords(rng, 350) + "."
		for _, parts := range lines {
			start := spans
			for _, p := range parts {
				if p.key < 0 {
					w.WriteString(p.text)
					spans += strings.Count(p.text, `"spanId"`)
				} else {
					w.WriteString(values[p.key])
				}
			}
			w.WriteByte('\n')
			if spans == start {
				tb.Fatal("a fixture line holds no span")
			}
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()
	info, _ := os.Stat(path)
	return path, info.Size()
}

// templatePart is a literal text (key -1) or the placeholder keys[key].
type templatePart struct {
	text string
	key  int
}

// splitTemplate cuts s at every occurrence of any of keys.
func splitTemplate(s string, keys []string) []templatePart {
	var parts []templatePart
	for s != "" {
		at, key := len(s), -1
		for k, text := range keys {
			if i := strings.Index(s, text); i >= 0 && i < at {
				at, key = i, k
			}
		}
		if at > 0 {
			parts = append(parts, templatePart{text: s[:at], key: -1})
		}
		if key < 0 {
			break
		}
		parts = append(parts, templatePart{key: key})
		s = s[at+len(keys[key]):]
	}
	return parts
}

// benchVocabulary are the words of the benchmark's questions and tool
// results: plain words, nothing JSON escapes.
var benchVocabulary = strings.Fields(`the a file directory config service request deploy
	build test error warning log user account order invoice payment refund shipment
	customer ticket status pending failed succeeded retry timeout latency cache
	database table index query row column schema migration backup restore node
	cluster region zone bucket object key value token window context prompt model
	answer question summary report metric alert incident owner team release
	version branch commit merge review approve reject open close update delete
	create list read write send receive check verify compare count total average
	maximum minimum daily weekly monthly yesterday today tomorrow morning evening
	London Paris Berlin Tokyo Sydney 2024 2025 17 42 256 1024 99.5 0.01 v2 v3
	because although however therefore while after before during until unless`)

// benchWords is n words of the vocabulary, chosen by rng.
func benchWords(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(benchVocabulary[rng.IntN(len(benchVocabulary))])
	}
	return b.String()
}

// peakHeap samples the live heap while fn runs and returns its peak.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			mu.Lock()
			peak = max(peak, sample[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	fn()
	close(done)
	wg.Wait()
	return peak
}

// BenchmarkListTraces lists a large traces file: every span decoded,
// every LLM span's request built and counted. Reports MB/s and the peak
// live heap.
func BenchmarkListTraces(b *testing.B) {
	path, size := largeTraceFile(b, benchSpanCount(b))
	b.SetBytes(size)
	b.ReportAllocs()
	var peak uint64
	for b.Loop() {
		peak = max(peak, peakHeap(func() {
			list, err := ListTraces(path, ListOptions{})
			if err != nil || len(list) == 0 {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(size)/(1<<20), "file-MB")
}

// BenchmarkScanTraces reads the same file without building requests:
// what decoding OTLP JSON alone costs.
func BenchmarkScanTraces(b *testing.B) {
	path, size := largeTraceFile(b, benchSpanCount(b))
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := Scan(path, func(*Span) error { n++; return nil }); err != nil || n < benchSpanCount(b) {
			b.Fatal(err, n)
		}
	}
}
