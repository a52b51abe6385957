package scenario

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/loaders/internal/loadertest"
	"ctxlab/sample"
)

// TestScenarioReadsOnlyItsOwnFolder: run from the home folder, a scenario
// in ~/Downloads may not read ~/passwords.txt or ~/.ssh by "..", even
// though the working folder holds them; --allow-outside lets it.
func TestScenarioReadsOnlyItsOwnFolder(t *testing.T) {
	home := t.TempDir()
	for _, dir := range []string{"Downloads", ".ssh"} {
		if err := os.MkdirAll(filepath.Join(home, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(home, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("passwords.txt", "bank hunter2 and more secret words\n")
	write(filepath.Join(".ssh", "id_ed25519.md"), "-----BEGIN OPENSSH PRIVATE KEY----- secret words\n")
	write(filepath.Join(".ssh", "history.json"), `[{"role": "user", "content": "a secret message"}]`)
	t.Chdir(home)

	cases := []struct{ key, path string }{
		{"documents", "../passwords.txt"},
		{"documents", "../.ssh"},
		{"documents", "./../Downloads/../passwords.txt"},
		{"documents", filepath.Join(home, "passwords.txt")},
		{"history", "../.ssh/history.json"},
	}
	for _, c := range cases {
		scenario := filepath.Join("Downloads", "s.yaml")
		write(scenario, "name: x\nquery: q\n"+c.key+": "+c.path+"\n")
		_, err := LoadFile(scenario, Options{})
		want := scenario + ": line 3, column " + strconv.Itoa(len(c.key)+3) + ": " + c.key + ` path "` + c.path + `" leads outside the scenario's folder; --allow-outside allows it`
		if err == nil || err.Error() != want {
			t.Errorf("%s: %s: got %v; want %q", c.key, c.path, err, want)
		}
		sc, err := LoadFile(scenario, Options{AllowOutside: true})
		if err != nil {
			t.Errorf("%s: %s with AllowOutside: %v", c.key, c.path, err)
		} else if len(sc.Documents)+len(sc.History) == 0 {
			t.Errorf("%s: %s with AllowOutside read nothing", c.key, c.path)
		}
	}

	// A link inside the folder that leads out of it is refused too, and
	// so is a missing file below a linked folder that leads out.
	if err := os.Symlink(filepath.Join(home, "passwords.txt"), filepath.Join(home, "Downloads", "notes.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(home, "Downloads", "keys")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"notes.txt", "keys/id_ed25519.md", "keys/missing.md"} {
		scenario := filepath.Join("Downloads", "s.yaml")
		write(scenario, "name: x\nquery: q\ndocuments: "+p+"\n")
		if _, err := LoadFile(scenario, Options{}); err == nil || !strings.Contains(err.Error(), "leads outside the scenario's folder") {
			t.Errorf("documents: %s (a link out): got %v", p, err)
		}
	}
}

// TestSampleScenariosOpenFromAnyFolder: the bundled scenarios open with
// no --allow-outside from a working folder that is not the repository,
// both embedded and from disk, with their documents and history read.
func TestSampleScenariosOpenFromAnyFolder(t *testing.T) {
	sampleAbs, err := filepath.Abs(loadertest.SampleDir)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(sample.FS, "*.yaml")
	if err != nil || len(names) < len(sampleScenarios) {
		t.Fatalf("embedded scenarios: %v (%d found)", err, len(names))
	}
	if _, err := fs.Stat(sample.FS, sample.DefaultScenario); err != nil {
		t.Fatalf("DefaultScenario: %v", err)
	}
	t.Chdir(t.TempDir())
	for _, name := range names {
		embedded, err := LoadFS(sample.FS, name)
		if err != nil {
			t.Errorf("embedded %s: %v", name, err)
			continue
		}
		onDisk, err := LoadFile(filepath.Join(sampleAbs, name), Options{})
		if err != nil {
			t.Errorf("on disk %s: %v", name, err)
			continue
		}
		if len(onDisk.Documents) == 0 || len(onDisk.Documents) != len(embedded.Documents) || len(onDisk.History) != len(embedded.History) {
			t.Errorf("%s: on disk %d documents, %d messages; embedded %d, %d", name,
				len(onDisk.Documents), len(onDisk.History), len(embedded.Documents), len(embedded.History))
		}
	}
	// The evaluation set's scenario, not embedded, names its run files
	// beside it.
	if _, err := LoadFile(filepath.Join(sampleAbs, "eval", "help_center.yaml"), Options{}); err != nil {
		t.Errorf("eval/help_center.yaml: %v", err)
	}
}

// TestEmbeddedScenarioStaysInItsFolder: in an fs.FS too, a scenario in a
// folder may not name a file beside that folder.
func TestEmbeddedScenarioStaysInItsFolder(t *testing.T) {
	t.Parallel()
	doc := &fstest.MapFile{Data: []byte(`{"content": "a document of several words"}` + "\n")}
	fsys := fstest.MapFS{
		"sub/s.yaml":       {Data: []byte("name: x\nquery: q\ndocuments: ../docs.jsonl\n")},
		"sub/ok.yaml":      {Data: []byte("name: x\nquery: q\ndocuments: d/docs.jsonl\n")},
		"docs.jsonl":       doc,
		"sub/d/docs.jsonl": doc,
	}
	if _, err := LoadFS(fsys, "sub/s.yaml"); err == nil || !strings.Contains(err.Error(), `documents path "../docs.jsonl" leads outside the scenario's folder`) {
		t.Errorf("sub/s.yaml: got %v", err)
	}
	if _, err := LoadFS(fsys, "sub/ok.yaml"); err != nil {
		t.Errorf("sub/ok.yaml: %v", err)
	}
}
