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

// TestExportAddsTheHTMLReport: with a report writer in the config, e
// writes report.html beside the other files, from the evaluation on
// screen, and the status names it.
func TestExportAddsTheHTMLReport(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	m.cfg.WriteHTMLReport = func(w io.Writer, sc *core.Scenario, ev *core.Evaluation) error {
		_, err := fmt.Fprintf(w, "<p>%s: %d tokens</p>", sc.Name, ev.Assembly.Used)
		return err
	}
	m = keys(t, m, "e")
	if !strings.Contains(m.status.text, "report.html") {
		t.Errorf("the status does not name report.html: %q", m.status.text)
	}
	page, err := os.ReadFile(filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000", "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("<p>support_chat: %d tokens</p>", m.eval.Assembly.Used); string(page) != want {
		t.Errorf("report.html = %q, want %q", page, want)
	}
}
