package cli

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// watchHelp describes --watch alike in assemble, build and eval.
const watchHelp = "run again each time an input file changes (saved, replaced, or a document added to a --docs folder or the scenario's), marking what changed; ctrl-c ends"

// watchDebounce is how long the inputs must stay quiet after a change
// before the command runs again: an editor's save is several events, and
// a file copied in pieces many.
const watchDebounce = 250 * time.Millisecond

// watchMaxDirs bounds the folders a scenario's tree adds to the watch.
const watchMaxDirs = 256

// watchChangedLines is how many changed lines of the report are shown
// after a run; the count says how many more changed.
const watchChangedLines = 12

// watchInputExts are the extensions of the files a scenario's folder may
// hold as its input (documents, histories, runs, judgments, settings).
var watchInputExts = []string{".yaml", ".yml", ".json", ".jsonl", ".csv", ".md", ".txt", ".tsv", ".trec", ".run", ".qrels"}

// watchPaths are the inputs --watch follows: files, whose folders are
// watched so that an editor's save-by-rename is seen, and trees (a
// --docs folder, a scenario's folder, whose files may be its documents).
type watchPaths struct {
	files []string
	trees []string
}

// addFile adds a file input; "" and stdin are not files.
func (w *watchPaths) addFile(path string) {
	if path != "" && path != "-" {
		w.files = append(w.files, path)
	}
}

// addInput adds a file, or a folder's tree.
func (w *watchPaths) addInput(path string) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		w.trees = append(w.trees, path)
		return
	}
	w.addFile(path)
}

// addScenario adds a scenario file and its folder's tree: its
// documents, history and run are named relative to it, inside it.
func (w *watchPaths) addScenario(path string) {
	if path == "" {
		return
	}
	w.addFile(path)
	w.trees = append(w.trees, filepath.Dir(path))
}

// withoutWatch is args without --watch, for the runs it makes.
func withoutWatch(args []string) []string {
	var out []string
	for _, a := range args {
		switch a {
		case "--watch", "-watch", "--watch=true", "-watch=true":
			continue
		}
		out = append(out, a)
	}
	return out
}

// watching runs a command, then again each time one of its inputs
// changes, until an interrupt. Each run's report follows a line naming
// what changed, and ends with the lines that differ from the last run's.
// A run that fails (a file saved half-written) prints its error and the
// watch goes on; the next good save reports again.
func watching(env Env, command string, args []string, run func(Env, []string) error, paths watchPaths) error {
	if slices.Contains(args, "-") || slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, "=-") }) {
		return fmt.Errorf("%s --watch: stdin is read once; name the input files to watch", command)
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("--watch: %w", err)
	}
	defer w.Close()
	matcher, err := watchAll(w, paths)
	if err != nil {
		return fmt.Errorf("--watch: %w", err)
	}
	matcher.stdout = statOf(env.Stdout)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	args = withoutWatch(args)
	var last []string
	runOnce := func(changed []string) bool {
		if changed != nil {
			fmt.Fprintf(env.Stdout, "\n── %s · changed: %s ──\n\n", time.Now().Format("15:04:05"), safetext.Line(strings.Join(changed, ", ")))
		}
		var out bytes.Buffer
		runEnv := env
		runEnv.Stdout = &out
		code := report(runEnv, run(runEnv, args))
		env.Stdout.Write(out.Bytes())
		lines := strings.Split(out.String(), "\n")
		if code != ExitOK && code != ExitOverflow {
			return false
		}
		if changed != nil && last != nil {
			writeWatchChanges(env, last, lines)
		}
		last = lines
		return true
	}
	// The first run must succeed: a mistyped option or a missing file is
	// an error to fix before watching, not a change to wait for.
	if !runOnce(nil) {
		return &exitError{code: ExitError}
	}
	fmt.Fprintf(env.Stderr, "ctxlab: watching %s; the report is written again when one changes (ctrl-c ends)\n", matcher.describe())

	var timer <-chan time.Time
	pending := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Op == fsnotify.Chmod || !matcher.matches(ev.Name) {
				continue
			}
			if ev.Op.Has(fsnotify.Create) {
				matcher.addIfTree(w, ev.Name)
			}
			pending[displayName(ev.Name)] = true
			timer = time.After(watchDebounce)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintln(env.Stderr, "ctxlab: --watch: "+safetext.Line(err.Error()))
		case <-timer:
			timer = nil
			changed := make([]string, 0, len(pending))
			for name := range pending {
				changed = append(changed, name)
			}
			slices.Sort(changed)
			clear(pending)
			if !runOnce(changed) {
				fmt.Fprintf(env.Stderr, "ctxlab: %s --watch: the inputs do not load; fix them and save, the report follows\n", command)
			}
		}
	}
}

// writeWatchChanges marks what changed since the last run: the report's
// lines that went and came, a few, with how many there are.
func writeWatchChanges(env Env, before, after []string) {
	text := core.DiffLines(before, after)
	removed, added := core.TextChangeCounts(text)
	if removed == 0 && added == 0 {
		fmt.Fprintln(env.Stdout, "── no change in the report since the last run ──")
		return
	}
	fmt.Fprintf(env.Stdout, "── changed since the last run: %s removed, %s added ──\n",
		numfmt.Count(removed, "line", "lines"), numfmt.Count(added, "line", "lines"))
	shown := 0
	for _, l := range text {
		if l.Op == core.TextSame {
			continue
		}
		if shown == watchChangedLines {
			fmt.Fprintf(env.Stdout, "  … and %s more\n", numfmt.Thousands(removed+added-shown))
			break
		}
		mark := "+"
		if l.Op == core.TextRemoved {
			mark = "-"
		}
		fmt.Fprintf(env.Stdout, "%s %s\n", mark, shortenLine(l.Text, diffLineWidth))
		shown++
	}
}

// watchMatcher tells an event on an input from one on any other file.
type watchMatcher struct {
	files map[string]bool
	trees []string
	dirs  int
	// stdout is the file stdout is redirected to, if any: writing the
	// report there must not count as a change of the inputs.
	stdout os.FileInfo
}

// watchAll adds the folders of paths to w.
func watchAll(w *fsnotify.Watcher, paths watchPaths) (*watchMatcher, error) {
	m := &watchMatcher{files: map[string]bool{}}
	watched := map[string]bool{}
	add := func(dir string) error {
		if watched[dir] {
			return nil
		}
		if len(watched) == watchMaxDirs {
			return nil
		}
		watched[dir] = true
		return w.Add(dir)
	}
	for _, f := range paths.files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		m.files[abs] = true
		if err := add(filepath.Dir(abs)); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	for _, t := range paths.trees {
		abs, err := filepath.Abs(t)
		if err != nil {
			return nil, err
		}
		m.trees = append(m.trees, abs)
		err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != abs && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return add(p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
	}
	m.dirs = len(watched)
	return m, nil
}

// matches says whether a change of path is a change of the inputs: a
// file input itself, or an input-like file (not hidden, not a temporary
// copy) in a watched tree, and never the file stdout writes to.
func (m *watchMatcher) matches(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if m.stdout != nil {
		if info, err := os.Stat(abs); err == nil && os.SameFile(info, m.stdout) {
			return false
		}
	}
	if m.files[abs] {
		return true
	}
	base := filepath.Base(abs)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false
	}
	for _, t := range m.trees {
		if strings.HasPrefix(abs, t+string(filepath.Separator)) {
			if info, err := os.Stat(abs); err == nil && info.IsDir() {
				return false
			}
			return slices.Contains(watchInputExts, strings.ToLower(filepath.Ext(base)))
		}
	}
	return false
}

// addIfTree watches a folder created inside a watched tree.
func (m *watchMatcher) addIfTree(w *fsnotify.Watcher, path string) {
	info, err := os.Stat(path)
	if err != nil || !info.IsDir() || m.dirs >= watchMaxDirs {
		return
	}
	abs, _ := filepath.Abs(path)
	for _, t := range m.trees {
		if strings.HasPrefix(abs, t+string(filepath.Separator)) {
			if w.Add(abs) == nil {
				m.dirs++
			}
			return
		}
	}
}

// describe says what is watched: "3 files" or "2 files and 1 folder".
func (m *watchMatcher) describe() string {
	words := numfmt.Count(len(m.files), "file", "files")
	if len(m.trees) > 0 {
		words += " and the input files under " + numfmt.Count(len(m.trees), "folder", "folders")
	}
	return words
}

// statOf is the file a writer writes to, when it is one.
func statOf(w any) os.FileInfo {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return nil
	}
	return info
}

// displayName is a changed file as the marker line names it.
func displayName(path string) string {
	return relativePath(path)
}
