package docs

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDirectoryLoadListsWhatItSkipped: every path a directory load
// passes over is reported with its reason, a hidden directory once.
func TestDirectoryLoadListsWhatItSkipped(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.md":              "Ay.\n",
		"data.json":         `[{"content": "not read"}]`,
		"img/logo.png":      "png",
		".git/notes.md":     "hidden dir",
		".git/config":       "hidden dir",
		".draft.md":         "hidden file",
		"guide/intro.txt":   "Intro.\n",
		"guide/\x1b[2J.pdf": "escape in a name",
	})
	if err := os.Symlink(filepath.Join(root, "guide"), filepath.Join(root, "linked.md")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := os.Symlink(filepath.Join(root, "nowhere.md"), filepath.Join(root, "broken.md")); err != nil {
		t.Fatal(err)
	}
	set, err := LoadSet(root, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Docs) != 2 || set.Format != FormatDir {
		t.Fatalf("read %d documents as %s, want a.md and guide/intro.txt as dir", len(set.Docs), set.Format)
	}
	want := []SkippedFile{
		{".draft.md", skipHiddenFile},
		{".git/", skipHiddenDir},
		{"broken.md", skipBrokenLink},
		{"data.json", skipNotText},
		{"guide/\x1b[2J.pdf", skipNotText},
		{"img/logo.png", skipNotText},
		{"linked.md/", skipLinkedDir},
	}
	if !reflect.DeepEqual(set.Skipped, want) {
		t.Errorf("skipped\n%v\nwant\n%v", set.Skipped, want)
	}
	notes := set.SkipNotes("docs")
	joined := strings.Join(notes, "\n")
	for _, line := range []string{
		"skipped 3 files in docs, not .md, .markdown or .txt: data.json, guide/␛[2J.pdf, img/logo.png",
		"skipped 1 directory in docs, hidden directory (its name starts with a dot), not read: .git/",
		"skipped 1 file in docs, a link to nothing that can be read: broken.md",
	} {
		if !strings.Contains(joined, line) {
			t.Errorf("notes lack %q:\n%s", line, joined)
		}
	}
	if strings.ContainsRune(joined, 0x1b) {
		t.Errorf("an escape sequence reached the notes: %q", joined)
	}
	if len(notes) != 5 {
		t.Errorf("%d notes, want one per reason (5):\n%s", len(notes), joined)
	}
}

// TestFileLoadSkipsNothing: a single file has nothing to skip.
func TestFileLoadSkipsNothing(t *testing.T) {
	root := writeTree(t, map[string]string{"a.md": "Ay.\n"})
	set, err := LoadSet(filepath.Join(root, "a.md"), nil, Options{})
	if err != nil || len(set.Docs) != 1 || len(set.Skipped) != 0 || set.SkipNotes(root) != nil {
		t.Errorf("err %v, %d documents, skipped %v", err, len(set.Docs), set.Skipped)
	}
}
