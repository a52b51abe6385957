package scenario

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// TestExportEscapesHiddenCharacters: an exported scenario writes
// bidirectional controls, zero-width characters, C1 controls, DEL and
// ESC as escapes, wherever they are (a name, the system prompt, a
// document's text, source and metadata key, a tool's description, the
// history), and loads back to the same text.
func TestExportEscapesHiddenCharacters(t *testing.T) {
	t.Parallel()
	const hidden = `a\e]0;t\a \u009b31m \u202eevil\u202c \u2066i\u2069 \u200e\u200f\u061c \u200bz\u200dw\u2060\ufeff \x7f 漢字 e\u0301 end`
	text := "name: \"n " + hidden + "\"\nquery: \"q " + hidden + "\"\nsystem_prompt: \"line one " + hidden + "\\nline two\"\n" +
		"tools:\n  - {type: function, function: {name: f, description: \"d " + hidden + "\", parameters: {type: object}}}\n" +
		"history:\n  - {role: user, content: \"h " + hidden + "\"}\n" +
		"documents:\n  - {content: \"alpha beta " + hidden + " gamma\", score: 0.5, source: \"s " + hidden + "\", metadata: {\"k " + hidden + "\": \"v " + hidden + "\"}}\n"
	sc, err := LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(text)}}, "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sc.SystemPrompt, "\u202eevil") {
		t.Fatalf("the scenario did not load the hidden characters: %q", sc.SystemPrompt)
	}
	out, err := Marshal(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range string(out) {
		if r == 0x1b || r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) ||
			r == 0x200b || r == 0x200c || r == 0x200d || r == 0x200e || r == 0x200f || r == 0x061c || r == 0x2060 || r == 0xfeff {
			t.Fatalf("the export holds U+%04X raw:\n%s", r, out)
		}
	}
	if !strings.Contains(string(out), `\u202e`) || !strings.Contains(string(out), "漢字") {
		t.Errorf("the export does not write the override as an escape, or escapes the rest of the text:\n%s", out)
	}
	back, err := LoadFS(fstest.MapFS{"e.yaml": {Data: out}}, "e.yaml")
	if err != nil {
		t.Fatalf("the export does not load: %v\n%s", err, out)
	}
	if back.Name != sc.Name || back.SystemPrompt != sc.SystemPrompt || back.Settings.Query != sc.Settings.Query ||
		!reflect.DeepEqual(back.Documents, sc.Documents) || !reflect.DeepEqual(back.History, sc.History) ||
		len(back.Tools) != 1 || string(back.Tools[0]) != string(sc.Tools[0]) {
		t.Errorf("the export loads back to other text:\n%s", out)
	}
}

// TestExportToolsAsAnyJSONWritesThem: a tool whose JSON escapes an emoji
// as a surrogate pair (Python's json.dumps does) or holds a raw C1
// control, DEL, the byte-order mark or a non-character (JSON allows
// them, YAML none raw) is exported, and loads back to the same value
// with its keys in their order. Each made the export fail.
func TestExportToolsAsAnyJSONWritesThem(t *testing.T) {
	t.Parallel()
	raw := `{"type":"function","function":{"name":"look","description":"thumbs \ud83d\udc4d up, lone \ud800, \ufffe, ` + "csi \u009b31m del \x7f rlo \u202e bom \ufeff \uffff" +
		`, quote \" slash \\ \u00e9 <b>&","parameters":{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"integer","minimum":-1.5e3}},"required":[]}}}`
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
	if tool := string(back.Tools[0]); strings.Index(tool, `"z"`) > strings.Index(tool, `"a"`) {
		t.Errorf("the properties' order changed: %s", tool)
	}
}
