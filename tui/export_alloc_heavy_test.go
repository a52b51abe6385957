//go:build heavy

package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/window"
	"ctxlab/loaders/scenario"
	"ctxlab/tui/export"
)

// TestExportAllocatesABoundedBuffer: exporting a workbench whose request
// carries a document of 4 MB whole (measure-only) allocates a few
// buffers more than exporting it with the document a few bytes long,
// not copies of the document: MarshalIndent held the request escaped
// and indented, and the scenario's YAML encoder held a node tree, its
// text and the emitter's buffer, 19 times the document in all.
func TestExportAllocatesABoundedBuffer(t *testing.T) {
	small := exportAllocates(t, 64)
	large := exportAllocates(t, 4<<20)
	grew := int64(large) - int64(small)
	t.Logf("an export allocates %d KB with a 64-byte document, %d KB more with a 4 MB one", small>>10, grew>>10)
	if grew > 2<<20 {
		t.Errorf("exporting a document of 4 MB allocated %d KB more than exporting one of 64 bytes; want under 2 MB", grew>>10)
	}
}

// exportAllocates is what one export allocates, the workbench open on
// support_chat with its best document size bytes long and sent whole.
func exportAllocates(t *testing.T, size int) uint64 {
	t.Helper()
	sc := sampleScenario(t, "support_chat")
	sc.Documents[bestDocument(sc)].Content = strings.Repeat("refund policy <b>\"days\"</b> é\n", max(1, size/32))
	sc.Settings.Mode = window.MeasureOnly
	sc.Settings.Budget.RetrievedContext = 1 << 30 // the builder takes every document
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	if m.eval == nil {
		t.Fatalf("no evaluation: %v", m.evalErr)
	}
	sent := 0
	for _, msg := range m.eval.Assembly.Messages {
		sent += len(msg.Content)
	}
	if sent < len(sc.Documents[bestDocument(sc)].Content) {
		t.Fatalf("the request holds %d bytes: the document is not sent whole", sent)
	}
	m.list.OwnCache()
	m.View() // the rows the screen draws are cached before, as in the workbench
	job := m.exportJob()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	status := export.Write(job)
	runtime.ReadMemStats(&after)
	if !strings.HasPrefix(status, "exported to ") {
		t.Fatalf("export: %s", status)
	}
	dir := filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000")
	data, err := os.ReadFile(filepath.Join(dir, "messages.json"))
	if err != nil || !json.Valid(data) || len(data) < len(sc.Documents[bestDocument(sc)].Content) {
		t.Fatalf("messages.json: %d bytes, valid %v (%v)", len(data), json.Valid(data), err)
	}
	return after.TotalAlloc - before.TotalAlloc
}
