package trace

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// logsBenchBytes is the size of the benchmark's logs file.
const logsBenchBytes = 40 << 20

// largeLogsFile writes a JSON Lines logs file of about size bytes: the
// OpenTelemetry GenAI fixture's log lines over and over, each copy with
// span ids of its own, so each span has the few records of one request.
func largeLogsFile(tb testing.TB, size int) string {
	tb.Helper()
	data, err := os.ReadFile(otelLogs)
	if err != nil {
		tb.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	spanID := regexp.MustCompile(`"spanId":"([0-9a-f]{8})[0-9a-f]{8}"`)
	path := filepath.Join(tb.TempDir(), "logs.jsonl")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	written := 0
	for copyN := 0; written < size; copyN++ {
		tag := fmt.Sprintf("%08x", copyN)
		for _, line := range lines {
			line = spanID.ReplaceAll(line, []byte(`"spanId":"${1}`+tag+`"`))
			n, _ := w.Write(line)
			w.WriteByte('\n')
			written += n + 1
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()
	return path
}

// BenchmarkLogs reads a logs file whole (ReadLogs) and indexes it
// (OpenLogIndex), and reports the peak live heap of each: the index
// keeps where a span's records are, not the records.
func BenchmarkLogs(b *testing.B) {
	path := largeLogsFile(b, logsBenchBytes)
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		read func() (any, error)
	}{
		{"whole", func() (any, error) { return ReadLogs(path) }},
		{"index", func() (any, error) {
			x, err := OpenLogIndex(path)
			if err == nil {
				x.Close()
			}
			return x, err
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(info.Size())
			var peak uint64
			for b.Loop() {
				var kept any
				peak = max(peak, peakHeap(func() {
					var err error
					if kept, err = c.read(); err != nil {
						b.Fatal(err)
					}
				}))
				_ = kept
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(info.Size())/(1<<20), "file-MB")
		})
	}
}
