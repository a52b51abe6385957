package loaders

import (
	"os"
	"path/filepath"
	"testing"
)

// ReadInputFileString gives what ReadInputFile gives, as a string, and
// refuses what it refuses with the same words.
func TestReadInputFileStringIsReadInputFile(t *testing.T) {
	defer SetMaxInputSize(64)()
	dir := t.TempDir()
	cases := map[string]string{
		"text":    "\ufeffline one\nline two, été\n",
		"empty":   "",
		"at":      "0123456789012345678901234567890123456789012345678901234567890123",
		"over":    "01234567890123456789012345678901234567890123456789012345678901234",
		"invalid": "ok\n\xffno",
		"nul":     "a\x00b",
	}
	for name, content := range cases {
		path := filepath.Join(dir, name+".txt")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		data, wantErr := ReadInputFile(path)
		text, err := ReadInputFileString(path)
		if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
			t.Errorf("%s: error %v, ReadInputFile says %v", name, err, wantErr)
		}
		if err == nil && text != string(data) {
			t.Errorf("%s: %q, ReadInputFile gives %q", name, text, data)
		}
	}
	if _, err := ReadInputFileString(dir); err == nil {
		t.Error("a directory was read as text")
	}
}
