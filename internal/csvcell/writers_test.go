package csvcell

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCSVWriterIsThisOne: no program file outside this package makes
// its own csv.Writer, whose cells would skip Inert.
func TestEveryCSVWriterIsThisOne(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == filepath.Join(root, "internal", "csvcell") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(data), "csv.NewWriter(") {
			t.Errorf("%s makes a csv.Writer; use csvcell.NewWriter", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
