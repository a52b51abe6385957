//go:build e2e

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkbenchSpaceTokensExport: in a real terminal, view 6 ranks what
// takes the space and sorts it, enter on a tool result opens the Context
// view at its message, T shows that view as tokens, and e writes the
// export's folder in the working directory with every file whole.
func TestWorkbenchSpaceTokensExport(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startTmuxCommand(t, 120, 40, "sh -c 'cd "+dir+" && exec "+ctxlabBin+"'")
	s.waitFor("1 Documents", "? help")

	s.send("6")
	s.waitFor("6 Space: what takes it, by tokens", "▸  1 ", "conversation history")
	s.send("s")
	s.waitFor("by request order")
	// Down the rows until the cursor is on a tool result.
	found := false
	for range 60 {
		screen := s.capture(false)
		if line := cursorLine(screen); strings.Contains(line, "tool result ") {
			found = true
			break
		}
		before := cursorLine(screen)
		s.send("j")
		s.waitUntil("the cursor moved", func(screen string) bool { return cursorLine(screen) != before })
	}
	if !found {
		t.Fatal("no tool result in view 6")
	}
	s.send("Enter")
	s.waitFor("3 Context", "Context view at tool result")

	// The view keeps its place: the messages' tokens, each line break
	// drawn as ↵.
	s.send("T")
	s.waitFor("↵")
	s.send("T")
	s.waitUntil("the text again", func(screen string) bool { return !strings.Contains(screen, "↵") })

	s.send("e")
	screen := s.waitFor("exported to ctxlab-export-")
	if !strings.Contains(screen, "messages.json, scenario.yaml, report.txt, report.html") {
		t.Errorf("the status does not name the four files:\n%s", screen)
	}
	folders, err := filepath.Glob(filepath.Join(dir, "ctxlab-export-*"))
	if err != nil || len(folders) != 1 {
		t.Fatalf("%d export folders in the working directory (%v)", len(folders), err)
	}
	for _, name := range []string{"messages.json", "scenario.yaml", "report.txt", "report.html"} {
		data, err := os.ReadFile(filepath.Join(folders[0], name))
		if err != nil || len(data) == 0 {
			t.Errorf("%s: %d bytes (%v)", name, len(data), err)
		}
		if name == "messages.json" && !json.Valid(data) {
			t.Errorf("messages.json is not whole JSON")
		}
		if name == "report.txt" && !strings.Contains(string(data), "3 Context") {
			t.Errorf("report.txt is not the screen:\n%s", data)
		}
	}
	s.send("q")
}

// cursorLine is the screen's line holding the focused list's cursor, ""
// when none does.
func cursorLine(screen string) string {
	for _, line := range strings.Split(screen, "\n") {
		if strings.HasPrefix(line, "┃▸ ") {
			return line
		}
	}
	return ""
}
