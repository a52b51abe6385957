package trace

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkScanProtoVsJSON decodes the OpenInference fixture's spans,
// repeated, from the Collector file exporter's protobuf framing and from
// their JSON Lines twin: the spans are the same, so spans/s compare the
// two decoders.
func BenchmarkScanProtoVsJSON(b *testing.B) {
	for _, file := range []string{"traces.pb", "traces.jsonl"} {
		one, err := os.ReadFile("testdata/openinference-proto/" + file)
		if err != nil {
			b.Fatal(err)
		}
		data := bytes.Repeat(one, 500)
		b.Run(file, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			spans := 0
			for b.Loop() {
				if err := ScanReader(file, bytes.NewReader(data), func(*Span) error { spans++; return nil }); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(spans)/b.Elapsed().Seconds(), "spans/s")
		})
	}
}
