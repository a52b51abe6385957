package tui

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/rows"
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
	// Each file is written as a stream: the request, the scenario and the
	// report of a set of 100 MB take a buffer beside what the workbench
	// holds, not copies of the set.
	files := []struct {
		name  string
		write func(w io.Writer) error
	}{
		{"messages.json", func(w io.Writer) error { return writeRequestJSON(w, m.eval, m.cfg.Scenario.Provider) }},
		{"scenario.yaml", func(w io.Writer) error { return m.cfg.WriteScenario(w, &sc, m.settings) }},
		{"report.txt", func(w io.Writer) error { return writeReport(w, m) }},
	}
	if m.cfg.WriteHTMLReport != nil {
		files = append(files, struct {
			name  string
			write func(w io.Writer) error
		}{"report.html", func(w io.Writer) error { return m.cfg.WriteHTMLReport(w, &sc, m.eval) }})
	}
	names := make([]string, len(files))
	for i, f := range files {
		if err := writeFileAtomic(filepath.Join(dir, f.name), f.write); err != nil {
			return "export failed: " + err.Error()
		}
		names[i] = f.name
	}
	done := fmt.Sprintf("exported to %s/ (%s)", shortPath(dir), strings.Join(names, ", "))
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

// writeFileAtomic writes a file through write, buffered, into a
// temporary file beside path and renames it into place, so a reader (or
// a crash) never sees half a file under the final name.
func writeFileAtomic(path string, write func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	buffered := bufio.NewWriterSize(tmp, 64<<10)
	writeErr := write(buffered)
	if writeErr == nil {
		writeErr = buffered.Flush()
	}
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

// writeReport writes the plain-text report: the screen as it stands,
// without the status line, then every document of the list, not only the
// rows on screen, with full sources, a line at a time.
func writeReport(w io.Writer, m Model) error {
	m.status.text = ""
	screen := ansi.Strip(m.View())
	if i := strings.LastIndex(screen, "\n"); i >= 0 {
		screen = screen[:i] // the footer's keys mean nothing on paper
	}
	io.WriteString(w, screen)
	io.WriteString(w, "\n\nAll documents after the "+m.list.stage.Name()+" stage (# input number, score, tokens, source, state)\n")
	for _, row := range rows.ForStage(m.eval, m.list.stage, false) {
		r := rows.LookOf(m.eval, m.list.stage, row)
		if _, err := fmt.Fprintf(w, "%s %4d %6s %6d  %s  %s\n", r.Glyph(), rows.DisplayNumber(m.eval, row.Index()), numfmt.Score(r.Score(), 2), r.Tokens(),
			safetext.Line(m.eval.Documents[row.Index()].Source), r.Note().Text(false)); err != nil {
			return err
		}
	}
	return nil
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
