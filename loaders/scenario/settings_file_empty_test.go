package scenario

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

// TestEmptySettingsFileIsTheBase: a settings file that is empty, blank
// or comments only gives the settings it is applied to; one over the YAML
// size limit is refused before it is parsed, as every YAML input is, even
// when it holds only comments.
func TestEmptySettingsFileIsTheBase(t *testing.T) {
	base := core.DefaultSettings()
	base.Budget.TotalWindow = 12_345
	dir := t.TempDir()
	for i, text := range []string{"", "\n  \n", "# nothing\n\n# here\n", "\ufeff# a comment\n"} {
		path := filepath.Join(dir, "s"+string(rune('a'+i))+".yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := LoadSettingsFile(path, base, window.BuiltinPresets())
		if err != nil || !reflect.DeepEqual(got, base) {
			t.Errorf("%q: settings %v, err %v; want the base settings", text, got.Budget.TotalWindow, err)
		}
	}
	defer loaders.SetMaxYAMLSize(64)()
	path := filepath.Join(dir, "long.yaml")
	if err := os.WriteFile(path, []byte(strings.Repeat("# a long comment\n", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSettingsFile(path, base, window.BuiltinPresets()); err == nil || !strings.Contains(err.Error(), "--max-yaml-size") {
		t.Errorf("a comments-only file over the YAML limit: err %v; want it refused naming --max-yaml-size", err)
	}
}
