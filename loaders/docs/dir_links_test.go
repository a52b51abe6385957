package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirLinksOutsideAreReported: a .md link leading out of the directory
// is not followed, a dangling one is not read, and both are reported;
// a link to a file inside is read.
func TestDirLinksOutsideAreReported(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	root := filepath.Join(base, "docs")
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "a.md"), "a document inside the folder")
	write(filepath.Join(base, "secret.md"), "a file outside the folder")
	links := map[string]string{
		filepath.Join(root, "out.md"):       filepath.Join(base, "secret.md"),
		filepath.Join(root, "sub", "up.md"): "../../secret.md",
		filepath.Join(root, "dangling.md"):  filepath.Join(base, "missing.md"),
		filepath.Join(root, "sub", "in.md"): "../a.md",
	}
	for link, target := range links {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	set, err := LoadSet(root, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, d := range set.Docs {
		sources = append(sources, d.Source)
		if strings.Contains(d.Content, "outside") {
			t.Errorf("%s: the file outside the folder was read", d.Source)
		}
	}
	if strings.Join(sources, ",") != "a.md,sub/in.md" {
		t.Errorf("documents %v; want a.md and sub/in.md", sources)
	}
	notes := strings.Join(set.SkipNotes("docs"), "\n")
	for _, want := range []string{
		"skipped 2 files in docs, a link to a file outside the directory, not followed: out.md, sub/up.md",
		"skipped 1 file in docs, a link to nothing that can be read: dangling.md",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

// TestDirUnreadableSubdirectoryIsReported: a subdirectory that cannot be
// listed is reported and the rest is read.
func TestDirUnreadableSubdirectoryIsReported(t *testing.T) {
	t.Parallel()
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory")
	}
	root := t.TempDir()
	locked := filepath.Join(root, "locked")
	if err := os.MkdirAll(locked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a.md"), []byte("readable text"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	set, err := LoadSet(root, nil, Options{})
	if err != nil || len(set.Docs) != 1 {
		t.Fatalf("%d documents, %v", len(set.Docs), err)
	}
	if notes := strings.Join(set.SkipNotes("d"), "\n"); !strings.Contains(notes, "could not be read: locked/") {
		t.Errorf("notes %q", notes)
	}
}
