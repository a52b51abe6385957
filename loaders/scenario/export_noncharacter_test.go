package scenario

import (
	"encoding/json"
	"reflect"
	"testing"
	"testing/fstest"
)

// TestExportToolsWithNonCharactersLoadBack: a tool whose JSON holds the
// byte-order mark or a non-character (U+FFFE, U+FFFF), which JSON allows
// and YAML refuses raw, is exported with them escaped and loads back to
// the same value.
func TestExportToolsWithNonCharactersLoadBack(t *testing.T) {
	t.Parallel()
	raw := `{"type":"function","function":{"name":"f","description":"bom ` + "\ufeff" + ` \ufffe and ` + "\uffff" + ` end"}}`
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte("query: q\n")}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc.Tools = []json.RawMessage{json.RawMessage(raw)}
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatalf("the export fails: %v", err)
	}
	back, err := LoadFS(fstest.MapFS{"e.yaml": {Data: out}}, "e.yaml")
	if err != nil {
		t.Fatalf("the export does not load: %v\n%s", err, out)
	}
	var want, got any
	if err := json.Unmarshal([]byte(raw), &want); err != nil {
		t.Fatal(err)
	}
	if len(back.Tools) != 1 || json.Unmarshal(back.Tools[0], &got) != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("the tool loads back as %s; want the value of %s", back.Tools, raw)
	}
}
