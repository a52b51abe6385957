package trace

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadProto reads any bytes as OTLP protobuf traces and logs, as a
// body and as the Collector file exporter's framing, and as a traces file
// whatever its head says: nothing panics, an error is one line, and every
// span read has a trace id and a span id.
func FuzzReadProto(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*-proto/*.*pb")
	for _, p := range seeds {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add([]byte{0x0a, 0x7b, 0x0a, 0x20, 0x0a})
	f.Add([]byte{0, 0, 0, 3, 0x0a, 0x01, 0x12})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkErr := func(err error) {
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
		}
		checkSpan := func(sp *Span) error {
			if len(sp.TraceID) != 32 || len(sp.SpanID) != 16 {
				t.Fatalf("span with ids %q %q", sp.TraceID, sp.SpanID)
			}
			return nil
		}
		for _, form := range []protoForm{protoBody, protoFramed} {
			br := bufio.NewReader(bytes.NewReader(data))
			checkErr(scanProtoTraces("fuzz", br, form, checkSpan))
			br = bufio.NewReader(bytes.NewReader(data))
			checkErr(scanProtoLogs("fuzz", br, form, nil, func(_ int, spanID string, _ Event) {
				if len(spanID) != 16 {
					t.Fatalf("log record tied to span %q", spanID)
				}
			}))
		}
		checkErr(ScanReader("fuzz", bytes.NewReader(data), checkSpan))
	})
}
