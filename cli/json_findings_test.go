package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"ctxlab/core/diagnose"
	"ctxlab/internal/safetext"
)

// TestFindingsJSONIsIndentedMarshal: writeFindingsJSON writes the bytes
// json.Indent(json.Marshal(findings), "  ", "  ") wrote (made inert for a
// terminal, as every JSON report is), for no list, an empty one, and
// messages with what JSON escapes.
func TestFindingsJSONIsIndentedMarshal(t *testing.T) {
	lists := [][]diagnose.Finding{
		nil,
		{},
		{{Code: "a", Severity: diagnose.SeverityInfo, Message: `#1 <b> & "c" \ d` + "\u2028\x1b[31m é", Refs: []diagnose.Ref{diagnose.DocumentRef(0)}}},
		{{Code: "a", Message: strings.Repeat("long source ", 20_000)}, {Code: "b", Severity: diagnose.SeverityError, Message: ""}},
	}
	for _, findings := range lists {
		list, err := json.Marshal(findings)
		if err != nil {
			t.Fatal(err)
		}
		var want, got bytes.Buffer
		if err := json.Indent(&want, list, "  ", "  "); err != nil {
			t.Fatal(err)
		}
		if err := writeFindingsJSON(&got, findings, 1); err != nil {
			t.Fatal(err)
		}
		wantBytes := safetext.EscapeJSON(want.Bytes())
		if !bytes.Equal(got.Bytes(), wantBytes) {
			t.Errorf("findings %.80v: wrote %.300q; want %.300q", findings, got.String(), wantBytes)
		}
	}
}

// TestFindingsJSONHoldsNoMessageWhole: a message as long as a document is
// written a window at a time.
func TestFindingsJSONHoldsNoMessageWhole(t *testing.T) {
	msg := "#1 " + strings.Repeat("https://example.com/a/source ", 40_000)
	findings := []diagnose.Finding{{Code: "mostly-headers", Severity: diagnose.SeverityInfo, Message: msg, Refs: []diagnose.Ref{diagnose.DocumentRef(0)}}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := writeFindingsJSON(io.Discard, findings, 1); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > uint64(len(msg))/4 {
		t.Errorf("writing a %d-byte message allocated %d bytes; want at most a quarter of it", len(msg), allocated)
	}
}
