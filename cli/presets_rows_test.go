package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/loaders/scenario"
)

// The listing written a row at a time is the bytes writeJSON gives of
// all its rows, names with quotes, HTML characters, controls and
// non-ASCII text among them.
func TestPresetRowsJSONEqualsWriteJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.yaml")
	text := "presets:\n  \"a <b> & \\\"c\\\"\":\n    extends: support_chat\n  \"ctl \\e[2J \\u2028\":\n    extends: document_qa\n  support_chat:\n    extends: support_chat\n    retrieved_context: 100\n  " +
		strings.Repeat("é", 500) + ":\n    extends: code_review\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	file, err := scenario.LoadBudgetFilePresets(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []*scenario.FilePresets{file, nil} {
		rows := newPresetRows(f, path)
		all := make([]presetRow, rows.len())
		for i := range all {
			all[i] = rows.row(i)
		}
		var got, want bytes.Buffer
		if err := writePresetRowsJSON(&got, rows); err != nil {
			t.Fatal(err)
		}
		if err := writeJSON(&want, all); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("row by row:\n%s\nwhole:\n%s", got.String(), want.String())
		}
	}
}
