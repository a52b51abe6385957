package cli

import (
	"bytes"
	"encoding/json"
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
