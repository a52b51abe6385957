package loaders

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// A YAML flow sequence opens with '[' as JSON does; it was refused as
// invalid JSON. It must load as the same records written in block style.
func TestFlowYAMLDocumentsAreReadAsYAML(t *testing.T) {
	dir := t.TempDir()
	block := filepath.Join(dir, "block.yaml")
	if err := os.WriteFile(block, []byte("- content: alpha beta\n  score: 0.9\n- content: gamma\n  source: g.md\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	want, _, err := LoadDocuments(block, nil, DocOptions{})
	if err != nil {
		t.Fatal(err)
	}
	flow := "[ {content: alpha beta, score: 0.9},\n  {content: \"gamma\", source: g.md} ]\n"
	for _, name := range []string{"flow.yaml", "flow.YML", "flow"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(flow), 0o600); err != nil {
			t.Fatal(err)
		}
		got, format, err := LoadDocuments(path, nil, DocOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if format != FormatYAML || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %q %+v, want yaml %+v", name, format, got, want)
		}
	}
	// Piped, with no name to go by, the JSON parse fails and YAML reads it.
	got, _, err := ParseDocuments("stdin", []byte(flow), FormatAuto)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("stdin: got %+v, %v; want %+v", got, err, want)
	}
}

func TestFlowYAMLHistoryIsReadAsYAML(t *testing.T) {
	want, err := ParseHistory("h.yaml", []byte("- role: user\n  content: hi there\n- role: assistant\n  content: hello\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseHistory("h.yaml", []byte("[{role: user, content: hi there}, {role: assistant, content: hello}]\n"))
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, %v; want %+v", got, err, want)
	}
}

// A file that opens like JSON and is neither JSON nor YAML names both
// complaints, the one its name suggests first; a file named .json keeps
// its JSON error alone, since broken JSON is often YAML of another value.
func TestNeitherJSONNorYAMLNamesBoth(t *testing.T) {
	bad := []byte("[ {content: \"a\", score: 0.9 ]\n")
	for _, c := range []struct{ name, want string }{
		{"d.yaml", `d.yaml: invalid YAML: did not find expected ',' or '}'; not JSON either (line 1, column 4: invalid character 'c' looking for beginning of object key string)`},
		{"stdin", `stdin: line 1, column 4: invalid JSON: invalid character 'c' looking for beginning of object key string; not YAML either (did not find expected ',' or '}')`},
		{"d.json", `d.json: line 1, column 4: invalid JSON: invalid character 'c' looking for beginning of object key string`},
	} {
		_, _, err := ParseDocuments(c.name, bad, FormatAuto)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	// Broken JSON that YAML reads as something else stays a JSON error.
	_, _, err := ParseDocuments("d.json", []byte("[{\"content\": \"a\"},\n {\"content\": }]"), FormatAuto)
	if err == nil || !strings.Contains(err.Error(), "line 2, column 14: invalid JSON") {
		t.Errorf("d.json: got %v", err)
	}
}

// A flow collection over yamlFlowMaxBytes is refused before it is
// parsed, with its line and what to write instead; block style of the
// same size, and JSON, are read.
func TestLargeFlowYAMLIsRefused(t *testing.T) {
	defer func(n int) { yamlFlowMaxBytes = n }(yamlFlowMaxBytes)
	yamlFlowMaxBytes = 64
	flow := "# docs\n\n[ {content: " + strings.Repeat("word ", 20) + "} ]\n"
	for _, format := range []string{FormatAuto, FormatYAML} {
		_, _, err := ParseDocuments("big.yaml", []byte(flow), format)
		want := `big.yaml: line 3, column 1: a YAML flow collection ('[') of ` + strconv.Itoa(len(flow)) + ` bytes, over the 64 bytes read in flow style`
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "block style") {
			t.Errorf("%s: got %v\nwant %s…", format, err, want)
		}
	}
	if _, err := ParseHistory("h.yml", []byte("--- {messages: ["+strings.Repeat("{role: user, content: hi}, ", 5)+"]}\n")); err == nil || !strings.Contains(err.Error(), "h.yml: line 1, column 5: a YAML flow collection ('{')") {
		t.Errorf("history: got %v", err)
	}
	block := "- content: " + strings.Repeat("word ", 20) + "\n"
	if _, _, err := ParseDocuments("big.yaml", []byte(block), FormatAuto); err != nil {
		t.Errorf("block: %v", err)
	}
	json := `[{"content": "` + strings.Repeat("word ", 20) + `"}]`
	if _, _, err := ParseDocuments("big.yaml", []byte(json), FormatAuto); err != nil {
		t.Errorf("json: %v", err)
	}
	// Not JSON, too large to try as YAML, named as neither: the JSON error.
	if _, _, err := ParseDocuments("stdin", []byte(flow[8:]), FormatAuto); err == nil || strings.Contains(err.Error(), "YAML") {
		t.Errorf("stdin: got %v", err)
	}
}

func TestYAMLFlowStart(t *testing.T) {
	for _, c := range []struct {
		in   string
		at   int
		flow bool
	}{
		{"[1]", 0, true},
		{"  {a: 1}", 2, true},
		{"# c\n[1]", 4, true},
		{"%YAML 1.2\n---\n[1]", 14, true},
		{"--- [1]", 4, true},
		{"---[1]", 0, false},
		{"- [1]", 0, false},
		{"a: [1]", 0, false},
		{"# only", 0, false},
		{"", 0, false},
	} {
		at, flow := yamlFlowStart([]byte(c.in))
		if flow != c.flow || (flow && at != c.at) {
			t.Errorf("%q: got %d %v, want %d %v", c.in, at, flow, c.at, c.flow)
		}
	}
}
