package export

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

	"ctxlab/core"
	"ctxlab/core/metrics"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/tui/rows"
)

// DoneMsg reports where an export went, or why it failed, or what a
// copy sent: the status line's text.
type DoneMsg struct{ Text string }

// Job is one export, captured when its key is pressed, so later keys
// cannot change what is written.
type Job struct {
	// Dir is the folder the export's own folder is made in; Now names
	// it and stamps the metrics record.
	Dir string
	Now func() time.Time
	// Eval is the evaluation on screen; Scenario and Settings are what
	// scenario.yaml holds. The writers get a copy of the scenario.
	Eval     *core.Evaluation
	Scenario *core.Scenario
	Settings core.Settings
	// Stage is the document list's stage, whose documents the report
	// lists after the screen.
	Stage rows.Stage
	// Screen draws the screen as plain text, the status line empty; it
	// runs in the command. Its last line, the footer's keys, is left out
	// of the report.
	Screen func() string
	// WriteScenario writes scenario.yaml; WriteHTMLReport, when set,
	// report.html.
	WriteScenario   func(w io.Writer, sc *core.Scenario, s core.Settings) error
	WriteHTMLReport func(w io.Writer, sc *core.Scenario, ev *core.Evaluation) error
	// WriteTrajectoryReport, when set (the workbench shows a
	// trajectory), writes the trajectory's page as report.html; the
	// open turn's page from WriteHTMLReport is then turn.html.
	WriteTrajectoryReport func(w io.Writer) error
	// MetricsOut, when set, is the JSONL file AppendMetrics appends the
	// evaluation's metrics record to.
	MetricsOut    string
	AppendMetrics func(path string, m metrics.ContextMetrics) (alert string, err error)
}

// Cmd writes the export in a command: the directory is chosen, the
// screen drawn and the files written there, off the Update path.
func Cmd(j Job) tea.Cmd {
	return func() tea.Msg { return DoneMsg{Write(j)} }
}

// Write writes messages.json (the request as the provider would receive
// it), scenario.yaml (the settings as a loadable scenario), report.txt
// (the screen as plain text) and the HTML pages (report.html: the
// trajectory's when there is one, else the request's; turn.html: the
// open turn's beside a trajectory's) into a new directory, appends the metrics
// record when asked to, and says where everything went.
func Write(j Job) string {
	now := j.Now()
	dir, err := makeUniqueDir(filepath.Join(j.Dir, "ctxlab-export-"+now.Format("20060102-150405")))
	if err != nil {
		return "export failed: " + err.Error()
	}
	sc := *j.Scenario // the writer gets a copy: the model's is shared
	// Each file is written as a stream: the request, the scenario and the
	// report of a set of 100 MB take a buffer beside what the workbench
	// holds, not copies of the set.
	files := []struct {
		name  string
		write func(w io.Writer) error
	}{
		{"messages.json", func(w io.Writer) error { return writeRequestJSON(w, j.Eval, j.Scenario.Provider) }},
		{"scenario.yaml", func(w io.Writer) error { return j.WriteScenario(w, &sc, j.Settings) }},
		{"report.txt", func(w io.Writer) error { return writeReport(w, j) }},
	}
	type file = struct {
		name  string
		write func(w io.Writer) error
	}
	turnPage := "report.html"
	if j.WriteTrajectoryReport != nil {
		files = append(files, file{"report.html", j.WriteTrajectoryReport})
		turnPage = "turn.html"
	}
	if j.WriteHTMLReport != nil {
		files = append(files, file{turnPage, func(w io.Writer) error { return j.WriteHTMLReport(w, &sc, j.Eval) }})
	}
	names := make([]string, len(files))
	for i, f := range files {
		if err := writeFileAtomic(filepath.Join(dir, f.name), f.write); err != nil {
			return "export failed: " + err.Error()
		}
		names[i] = f.name
	}
	done := fmt.Sprintf("exported to %s/ (%s)", shortPath(dir), strings.Join(names, ", "))
	if j.MetricsOut == "" || j.AppendMetrics == nil {
		return done
	}
	metrics := j.Eval.Metrics
	// The record says when it was exported: the evaluation may be older.
	metrics.Timestamp = now.UTC().Format(time.RFC3339)
	alert, err := j.AppendMetrics(j.MetricsOut, metrics)
	if err != nil {
		// The reason first: the footer is one line.
		return "metrics not written: " + err.Error() + "; " + done
	}
	done += "; metrics appended to " + shortPath(j.MetricsOut)
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
func writeReport(w io.Writer, j Job) error {
	screen := j.Screen()
	if i := strings.LastIndex(screen, "\n"); i >= 0 {
		screen = screen[:i] // the footer's keys mean nothing on paper
	}
	io.WriteString(w, screen)
	io.WriteString(w, "\n\nAll documents after the "+j.Stage.Name()+" stage (# input number, score, tokens, source, state)\n")
	for _, row := range rows.ForStage(j.Eval, j.Stage, false) {
		r := rows.LookOf(j.Eval, j.Stage, row)
		if _, err := fmt.Fprintf(w, "%s %4d %6s %6d  %s  %s\n", r.Glyph(), rows.DisplayNumber(j.Eval, row.Index()), numfmt.Score(r.Score(), 2), r.Tokens(),
			safetext.Line(j.Eval.Documents[row.Index()].Source), r.Note().Text(false)); err != nil {
			return err
		}
	}
	return nil
}

// CopyCmd puts block, the context block, on the clipboard through clip,
// in a command; clip is nil without a terminal to send it to.
func CopyCmd(block string, clip func(string) error) tea.Cmd {
	return func() tea.Msg {
		if block == "" {
			return DoneMsg{"the context block is empty: nothing copied"}
		}
		if clip == nil {
			return DoneMsg{"no terminal to send the clipboard sequence to: nothing copied"}
		}
		// The block is input: its escape sequences would act on whatever
		// it is pasted into, so the clipboard gets it without them.
		plain, removed := safetext.Plain(block)
		if err := clip(plain); err != nil {
			return DoneMsg{"copy failed: " + err.Error()}
		}
		text := fmt.Sprintf("sent the context block (%s bytes) to the terminal's clipboard by OSC 52 (if your terminal allows it)", numfmt.Thousands(len(plain)))
		if removed > 0 {
			text += fmt.Sprintf("; %s left out", numfmt.Count(removed, "control sequence or character", "control sequences and characters"))
		}
		return DoneMsg{text}
	}
}
