//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestReadmePictureIsCurrent: the README's picture of the workbench is
// what make readme-picture draws from the current binary, so a change to
// the first screen cannot leave it behind.
func TestReadmePictureIsCurrent(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is not installed; .ci/run installs it")
		}
		t.Skip("tmux not installed")
	}
	committed, err := os.ReadFile("docs/images/workbench.svg")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/readmepicture", "-bin", ctxlabBin, "-out", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./internal/readmepicture: %v\n%s", err, msg)
	}
	drawn, err := os.ReadFile(filepath.Join(out, "workbench.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if string(drawn) != string(committed) {
		t.Errorf("docs/images/workbench.svg is not what the current binary draws: run make readme-picture, look at the picture and commit it (the binary's drawing is in %s)",
			keep(t, drawn))
	}
}

// keep writes the drawn picture where it outlives the test, for a look.
func keep(t *testing.T, svg []byte) string {
	f, err := os.CreateTemp("", "workbench-*.svg")
	if err != nil {
		return "(not kept: " + err.Error() + ")"
	}
	defer f.Close()
	if _, err := f.Write(svg); err != nil {
		return "(not kept: " + err.Error() + ")"
	}
	return f.Name()
}
