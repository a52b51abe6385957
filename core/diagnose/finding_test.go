package diagnose

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFindingJSONAndRefLabels(t *testing.T) {
	f := Finding{Code: CodeWeakerCopySent, Severity: SeverityWarning, Message: "m",
		Refs: []Ref{DocumentRef(14), ComponentRef("rag"), MessageRef(0), ToolResultRef(2)}}
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"code":"weaker-copy-sent","severity":"warning","message":"m","refs":[{"kind":"document","index":14},{"kind":"component","name":"rag"},{"kind":"message","index":0,"number":1},{"kind":"tool_result","index":2,"number":3}]}`
	if string(out) != want {
		t.Errorf("JSON\n got %s\nwant %s", out, want)
	}
	var labels []string
	for _, r := range f.Refs {
		labels = append(labels, r.Label())
	}
	if got := strings.Join(labels, ", "); got != "#15, retrieved context, message 1, tool result 3" {
		t.Errorf("labels %s", got)
	}
}
