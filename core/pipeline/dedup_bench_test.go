package pipeline

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ctxlab/core/value"
)

// boilerplateDocs is the worst case for candidate generation: n
// documents of the same 200 words plus a number of their own, so one
// shingle is in every document and each has one shingle of its own.
func boilerplateDocs(n int) []value.Document {
	words := strings.Repeat("word ", 200)
	docs := make([]value.Document, n)
	for i := range docs {
		docs[i] = value.Document{Content: words + strconv.Itoa(i), Score: 0.5, Source: "d" + strconv.Itoa(i)}
	}
	return docs
}

// BenchmarkDedupBoilerplate is analysis plus a Build at the default
// threshold on boilerplate documents: shingling, the pair join and the
// greedy pass, with nothing cached.
func BenchmarkDedupBoilerplate(b *testing.B) {
	for _, n := range []int{1000, 10000, 200000} {
		b.Run(fmt.Sprintf("docs=%d", n), func(b *testing.B) {
			docs := boilerplateDocs(n)
			b.ResetTimer()
			for range b.N {
				if _, err := Build(Analyze(docs), DefaultOptions()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkNearPairs is candidate generation alone: the shingle index and
// the exact join at NearPairFloor, built afresh from one analysis.
// "random" is benchDocs (words drawn from a small vocabulary), "dense" is
// denseDocs (the sample's 300 sentences mixed, each recurring in about
// 2,400 documents at 100,000). With CTXLAB_BENCH_DOCS naming a JSONL
// file of documents (internal/coldbench writes the Debian copyright
// paragraphs to the system's temporary folder), "file" is that set. It
// reports the pairs found, the distinct candidate pairs the prefixes met,
// and those whose shingles were merged.
func BenchmarkNearPairs(b *testing.B) {
	type docSet struct {
		name  string
		sizes []int
		docs  func(int) []value.Document
	}
	sets := []docSet{
		{"random", []int{1000, 10000, 100000}, benchDocs},
		{"dense", []int{1000, 10000, 100000}, func(n int) []value.Document { return denseDocs(b, n) }},
	}
	if path := os.Getenv("CTXLAB_BENCH_DOCS"); path != "" {
		docs := readBenchDocs(b, path)
		sets = append(sets, docSet{"file", []int{len(docs)}, func(int) []value.Document { return docs }})
	}
	for _, set := range sets {
		for _, n := range set.sizes {
			b.Run(fmt.Sprintf("%s/docs=%d", set.name, n), func(b *testing.B) {
				a := Analyze(set.docs(n))
				var p *nearPairs
				b.ReportAllocs()
				b.ResetTimer()
				cpu := processorTime(b)
				for range b.N {
					p = findNearPairs(newShingleIndex(a, 5), NearPairFloor)
				}
				b.ReportMetric((processorTime(b)-cpu).Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(p.Pairs()), "pairs")
				b.ReportMetric(float64(p.candidates), "candidates")
				b.ReportMetric(float64(p.verified), "merged")
			})
		}
	}
}

// processorTime is the processor time the process has used, user and
// system, on every core: on a shared machine a truer cost than the clock.
func processorTime(b *testing.B) time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		b.Fatal(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// readBenchDocs reads a JSONL file of documents for a benchmark.
func readBenchDocs(b *testing.B, path string) []value.Document {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	var docs []value.Document
	for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var d struct {
			Content string
			Score   float64
			Source  string
		}
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			b.Fatalf("%s:%d: %v", path, n+1, err)
		}
		docs = append(docs, value.Document{Content: d.Content, Score: d.Score, Source: d.Source})
	}
	return docs
}
