package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/internal/safetext"
)

// exportedMsg reports where an export went, or why it failed.
type exportedMsg struct{ text string }

// exportFiles are what an export writes: the request as the provider
// would receive it, the settings as a loadable scenario, and the screen as
// plain text.
type exportFiles struct {
	dir, messages, scenario, report string
}

// exportCmd writes the three files in a command; the screen and the
// evaluation are captured now, so later keys cannot change what is
// written.
func (m Model) exportCmd() tea.Cmd {
	if m.eval == nil || m.eval.Assembly == nil {
		return func() tea.Msg { return exportedMsg{"nothing to export yet: the first evaluation is still running"} }
	}
	stamp := m.cfg.Now().Format("20060102-150405")
	dir := uniqueDir(filepath.Join(m.cfg.ExportDir, "ctxlab-export-"+stamp))
	files := exportFiles{
		dir:      dir,
		messages: filepath.Join(dir, "messages.json"),
		scenario: filepath.Join(dir, "scenario.yaml"),
		report:   filepath.Join(dir, "report.txt"),
	}
	request := requestJSON(m.eval)
	screen := reportText(m)
	sc := *m.cfg.Scenario
	settings := m.settings
	writeScenario := m.cfg.WriteScenario
	metrics, metricsOut, appendMetrics := m.eval.Metrics, m.cfg.MetricsOut, m.cfg.AppendMetrics
	// The record says when it was exported: the evaluation may be older.
	metrics.Timestamp = m.cfg.Now().UTC().Format(time.RFC3339)
	return func() tea.Msg {
		if err := os.MkdirAll(files.dir, 0o755); err != nil {
			return exportedMsg{"export failed: " + err.Error()}
		}
		scenarioYAML, err := writeScenario(&sc, settings)
		if err != nil {
			return exportedMsg{"export failed: " + err.Error()}
		}
		for path, data := range map[string][]byte{files.messages: request, files.scenario: scenarioYAML, files.report: []byte(screen)} {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				return exportedMsg{"export failed: " + err.Error()}
			}
		}
		done := fmt.Sprintf("exported to %s/ (messages.json, scenario.yaml, report.txt)", shortPath(files.dir))
		if metricsOut != "" && appendMetrics != nil {
			alert, err := appendMetrics(metricsOut, metrics)
			if err != nil {
				// The reason first: the footer is one line.
				return exportedMsg{"metrics not written: " + err.Error() + "; " + done}
			}
			done += "; metrics appended to " + shortPath(metricsOut)
			if alert != "" {
				done += " ▲ " + alert
			}
		}
		return exportedMsg{done}
	}
}

// shortPath is p relative to the working directory when it lies below it,
// so the status line can show it whole.
func shortPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// uniqueDir returns dir, or dir-2, dir-3… when it exists already, so two
// exports within a second do not overwrite each other.
func uniqueDir(dir string) string {
	candidate := dir
	for n := 2; ; n++ {
		if _, err := os.Stat(candidate); os.IsNotExist(err) {
			return candidate
		}
		candidate = fmt.Sprintf("%s-%d", dir, n)
	}
}

// reportText is the plain-text report: the screen as it stands, without
// the status line, then every document of the list, not only the rows on
// screen, with full sources.
func reportText(m Model) string {
	m.status = ""
	var b strings.Builder
	screen := ansi.Strip(m.View())
	if i := strings.LastIndex(screen, "\n"); i >= 0 {
		screen = screen[:i] // the footer's keys mean nothing on paper
	}
	b.WriteString(screen)
	b.WriteString("\n\nAll documents after the " + stageNames[m.stage] + " stage (# input number, score, tokens, source, state)\n")
	for _, r := range stageRows(m.eval, m.stage, false) {
		fmt.Fprintf(&b, "%s %4d %6.2f %6d  %s  %s\n", r.glyph, displayNumber(m.eval, r.doc), r.score, r.tokens,
			safetext.Line(m.eval.Documents[r.doc].Source), r.note)
	}
	return b.String()
}

// requestJSON is the assembled request in OpenAI's chat completions shape.
func requestJSON(ev *core.Evaluation) []byte {
	body := map[string]any{"messages": ev.Assembly.Messages}
	if ev.Settings.Model != "" {
		body["model"] = ev.Settings.Model
	}
	if len(ev.Assembly.Tools) > 0 {
		body["tools"] = ev.Assembly.Tools
	}
	out, _ := json.MarshalIndent(body, "", "  ")
	return append(out, '\n')
}

// copyCmd puts the context block on the clipboard.
func (m Model) copyCmd() tea.Cmd {
	if m.eval == nil {
		return nil
	}
	block := m.eval.RAGBlock()
	clip := m.cfg.Clipboard
	return func() tea.Msg {
		if block == "" {
			return exportedMsg{"the context block is empty: nothing copied"}
		}
		if clip == nil {
			return exportedMsg{"no clipboard available"}
		}
		if err := clip(block); err != nil {
			return exportedMsg{"copy failed: " + err.Error()}
		}
		return exportedMsg{fmt.Sprintf("sent the context block (%s bytes) to the clipboard by OSC 52 (if your terminal allows it)", thousands(len(block)))}
	}
}
