package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// exportedMsg reports where an export went, or why it failed.
type exportedMsg struct{ text string }

// exportCmd writes the export in a command: the directory is chosen, the
// screen rendered and the files written there, off the Update path. The
// model is captured now, so later keys cannot change what is written.
func (m Model) exportCmd() tea.Cmd {
	if m.eval == nil || m.eval.Assembly == nil {
		return func() tea.Msg { return exportedMsg{"nothing to export yet: the first evaluation is still running"} }
	}
	// View fills the list's row cache; the snapshot gets its own, so the
	// command shares no mutable map with the model.
	snapshot := m
	snapshot.list.cache = make(map[rowKey]string)
	return func() tea.Msg { return exportedMsg{snapshot.export()} }
}

// export writes messages.json (the request as the provider would receive
// it), scenario.yaml (the settings as a loadable scenario) and report.txt
// (the screen as plain text) into a new directory, appends the metrics
// record when asked to, and says where everything went.
func (m Model) export() string {
	now := m.cfg.Now()
	dir, err := makeUniqueDir(filepath.Join(m.cfg.ExportDir, "ctxlab-export-"+now.Format("20060102-150405")))
	if err != nil {
		return "export failed: " + err.Error()
	}
	sc := *m.cfg.Scenario // the writer gets a copy: the model's is shared
	scenarioYAML, err := m.cfg.WriteScenario(&sc, m.settings)
	if err != nil {
		return "export failed: " + err.Error()
	}
	files := map[string][]byte{"messages.json": requestJSON(m.eval, m.cfg.Scenario.Provider), "scenario.yaml": scenarioYAML, "report.txt": []byte(reportText(m))}
	for name, data := range files {
		if err := writeFileAtomic(filepath.Join(dir, name), data); err != nil {
			return "export failed: " + err.Error()
		}
	}
	done := fmt.Sprintf("exported to %s/ (messages.json, scenario.yaml, report.txt)", shortPath(dir))
	if m.cfg.MetricsOut == "" || m.cfg.AppendMetrics == nil {
		return done
	}
	metrics := m.eval.Metrics
	// The record says when it was exported: the evaluation may be older.
	metrics.Timestamp = now.UTC().Format(time.RFC3339)
	alert, err := m.cfg.AppendMetrics(m.cfg.MetricsOut, metrics)
	if err != nil {
		// The reason first: the footer is one line.
		return "metrics not written: " + err.Error() + "; " + done
	}
	done += "; metrics appended to " + shortPath(m.cfg.MetricsOut)
	if alert != "" {
		done += " ▲ " + alert
	}
	return done
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

// makeUniqueDir creates dir, or dir-2, dir-3… when it exists already, so
// two exports within a second do not overwrite each other. Mkdir fails on
// an existing directory, so two exports running at once cannot pick the
// same one.
func makeUniqueDir(dir string) (string, error) {
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	candidate := dir
	for n := 2; ; n++ {
		err := os.Mkdir(candidate, 0o755)
		if err == nil {
			return candidate, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
		candidate = fmt.Sprintf("%s-%d", dir, n)
	}
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it into place, so a reader (or a crash) never sees half a file under
// the final name.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, writeErr := tmp.Write(data)
	closeErr := tmp.Close()
	if err := errors.Join(writeErr, closeErr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// reportText is the plain-text report: the screen as it stands, without
// the status line, then every document of the list, not only the rows on
// screen, with full sources.
func reportText(m Model) string {
	m.status.text = ""
	var b strings.Builder
	screen := ansi.Strip(m.View())
	if i := strings.LastIndex(screen, "\n"); i >= 0 {
		screen = screen[:i] // the footer's keys mean nothing on paper
	}
	b.WriteString(screen)
	b.WriteString("\n\nAll documents after the " + stageNames[m.list.stage] + " stage (# input number, score, tokens, source, state)\n")
	for _, row := range stageRows(m.eval, m.list.stage, false) {
		r := lookRow(m.eval, m.list.stage, row)
		fmt.Fprintf(&b, "%s %4d %6s %6d  %s  %s\n", r.glyph, displayNumber(m.eval, row.index()), numfmt.Score(r.score, 2), r.tokens,
			safetext.Line(m.eval.Documents[row.index()].Source), r.note.text(false))
	}
	return b.String()
}

// requestJSON is the assembled request in OpenAI's chat completions
// shape, or in Anthropic's Messages shape for a request imported from
// Anthropic and laid out as a chat, so it can be sent again as it is.
func requestJSON(ev *core.Evaluation, provider string) []byte {
	var body any
	if a := ev.Assembly; a.SendsAnthropicBody(provider) {
		body = a.AnthropicBody(ev.Settings.Model)
	} else {
		openAI := map[string]any{"messages": a.Messages}
		if ev.Settings.Model != "" {
			openAI["model"] = ev.Settings.Model
		}
		if len(a.Tools) > 0 {
			openAI["tools"] = a.Tools
		}
		body = openAI
	}
	out, _ := json.MarshalIndent(body, "", "  ")
	// The file is meant to be read in a terminal too: no raw controls.
	return append(safetext.EscapeJSON(out), '\n')
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
			return exportedMsg{"no terminal to send the clipboard sequence to: nothing copied"}
		}
		// The block is input: its escape sequences would act on whatever
		// it is pasted into, so the clipboard gets it without them.
		plain, removed := safetext.Plain(block)
		if err := clip(plain); err != nil {
			return exportedMsg{"copy failed: " + err.Error()}
		}
		text := fmt.Sprintf("sent the context block (%s bytes) to the terminal's clipboard by OSC 52 (if your terminal allows it)", numfmt.Thousands(len(plain)))
		if removed > 0 {
			text += fmt.Sprintf("; %s left out", numfmt.Count(removed, "control sequence or character", "control sequences and characters"))
		}
		return exportedMsg{text}
	}
}
