package scenario

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
)

// TestYAMLControlCharacterIsPlaced: a raw control character, which
// yaml.v3 refuses without a line, is reported at its line and column in
// every YAML input, and a guess at a document's format still takes the
// file for "not YAML".
func TestYAMLControlCharacterIsPlaced(t *testing.T) {
	t.Parallel()
	const want = `line 2, column 9: invalid YAML: the control character U+001B is not allowed; expected it written as the escape "\u001b" inside a double-quoted string`
	for name, parse := range map[string]func([]byte) error{
		"scenario": func(data []byte) error {
			_, err := parseScenario("s.yaml", data, fsFiles{fsys: fstest.MapFS{}, dir: "."}, nil)
			return err
		},
		"budget": func(data []byte) error { _, err := ParseBudgetFile("b.yaml", data); return err },
		"docs": func(data []byte) error {
			_, _, err := docs.Parse("d.yaml", data, "yaml")
			return err
		},
		"history": func(data []byte) error { _, err := history.Parse("h.yaml", data); return err },
	} {
		err := parse([]byte("name: x\nnote: \"a\x1b]0;title\x07b\"\n"))
		var e *loaders.Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", name, err, want)
			continue
		}
		if !loaders.IsYAMLSyntaxError(err) {
			t.Errorf("%s: the placed error is no longer a YAML syntax error", name)
		}
	}
	if err := loaders.YAMLControlError("x.yaml", []byte("a: b\n"), errors.New("yaml: line 1: mapping values are not allowed")); err != nil {
		t.Errorf("another error was placed: %v", err)
	}
}
