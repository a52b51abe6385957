package loaders_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
)

// A YAML flow sequence opens with '[' as JSON does; it was refused as
// invalid JSON. It must load as the same records written in block style.
func TestFlowYAMLDocumentsAreReadAsYAML(t *testing.T) {
	dir := t.TempDir()
	block := filepath.Join(dir, "block.yaml")
	if err := os.WriteFile(block, []byte("- content: alpha beta\n  score: 0.9\n- content: gamma\n  source: g.md\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	want, _, err := docs.Load(block, nil, docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	flow := "[ {content: alpha beta, score: 0.9},\n  {content: \"gamma\", source: g.md} ]\n"
	for _, name := range []string{"flow.yaml", "flow.YML", "flow"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(flow), 0o600); err != nil {
			t.Fatal(err)
		}
		got, format, err := docs.Load(path, nil, docs.Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if format != docs.FormatYAML || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %q %+v, want yaml %+v", name, format, got, want)
		}
	}
	// Piped, with no name to go by, the JSON parse fails and YAML reads it.
	got, _, err := docs.Parse("stdin", []byte(flow), docs.FormatAuto)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("stdin: got %+v, %v; want %+v", got, err, want)
	}
}

func TestFlowYAMLHistoryIsReadAsYAML(t *testing.T) {
	want, err := history.Parse("h.yaml", []byte("- role: user\n  content: hi there\n- role: assistant\n  content: hello\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := history.Parse("h.yaml", []byte("[{role: user, content: hi there}, {role: assistant, content: hello}]\n"))
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
		_, _, err := docs.Parse(c.name, bad, docs.FormatAuto)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	// Broken JSON that YAML reads as something else stays a JSON error.
	_, _, err := docs.Parse("d.json", []byte("[{\"content\": \"a\"},\n {\"content\": }]"), docs.FormatAuto)
	if err == nil || !strings.Contains(err.Error(), "line 2, column 14: invalid JSON") {
		t.Errorf("d.json: got %v", err)
	}
}
