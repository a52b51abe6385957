package tui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core"
)

// TestExportOfATrajectoryWritesItsReport: when the workbench shows a
// trajectory, e writes the trajectory's page as report.html and the
// open turn's page as turn.html, beside the turn's other files, and the
// status names them all.
func TestExportOfATrajectoryWritesItsReport(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m.cfg.WriteHTMLReport = func(w io.Writer, sc *core.Scenario, ev *core.Evaluation) error {
		_, err := fmt.Fprintf(w, "<p>turn %s: %d tokens</p>", sc.Name, ev.Assembly.Used)
		return err
	}
	m.cfg.Trajectory = &TrajectoryConfig{WriteHTMLReport: func(w io.Writer) error {
		_, err := io.WriteString(w, "<p>the trajectory's page</p>")
		return err
	}}
	m = keys(t, m, "e")
	if want := "messages.json, scenario.yaml, report.txt, report.html, turn.html"; !strings.Contains(m.status.text, want) {
		t.Errorf("the status does not name %s: %q", want, m.status.text)
	}
	dir := filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000")
	for name, want := range map[string]string{
		"report.html": "<p>the trajectory's page</p>",
		"turn.html":   fmt.Sprintf("<p>turn support_chat: %d tokens</p>", m.eval.Assembly.Used),
	} {
		page, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Error(err)
			continue
		}
		if string(page) != want {
			t.Errorf("%s = %q, want %q", name, page, want)
		}
	}
}
