// Package inputwatch follows the files a command read its input from and
// reports, debounced, which of them changed: the headless commands'
// --watch and the workbench's share it. It watches each input's folder,
// so an editor's save by rename is seen, and a folder input's whole tree
// (a --docs folder, a scenario's folder), new sub-folders included.
package inputwatch

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"ctxlab/internal/numfmt"
)

// Debounce is how long the inputs must stay quiet after a change before
// it is reported: an editor's save is several events, and a file copied
// in pieces many.
const Debounce = 250 * time.Millisecond

// maxDirs bounds the folders a tree adds to the watch.
const maxDirs = 256

// inputExts are the extensions of the files a watched tree may hold as
// input (documents, histories, runs, judgments, settings).
var inputExts = []string{".yaml", ".yml", ".json", ".jsonl", ".csv", ".md", ".txt", ".tsv", ".trec", ".run", ".qrels"}

// Paths are the inputs to follow: files, whose folders are watched so
// that a save by rename is seen, and trees (a --docs folder, a
// scenario's folder, whose files may be its documents).
type Paths struct {
	Files []string
	Trees []string
}

// AddFile adds a file input; "" and stdin ("-") are not files.
func (p *Paths) AddFile(path string) {
	if path != "" && path != "-" {
		p.Files = append(p.Files, path)
	}
}

// AddInput adds a file, or a folder's tree.
func (p *Paths) AddInput(path string) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		p.Trees = append(p.Trees, path)
		return
	}
	p.AddFile(path)
}

// AddScenario adds a scenario file and its folder's tree: its documents,
// history and run are named relative to it, inside it.
func (p *Paths) AddScenario(path string) {
	if path == "" {
		return
	}
	p.AddFile(path)
	p.Trees = append(p.Trees, filepath.Dir(path))
}

// Empty says there is nothing to follow.
func (p Paths) Empty() bool { return len(p.Files) == 0 && len(p.Trees) == 0 }

// Watcher follows a set of inputs.
type Watcher struct {
	w     *fsnotify.Watcher
	files map[string]bool
	trees []string
	dirs  int
	// ignore is a file whose writes are not changes of the inputs (the
	// file stdout is redirected to).
	ignore os.FileInfo
}

// New starts following paths. ignore, when not nil, is a file whose
// changes never count (a command's own output).
func New(paths Paths, ignore os.FileInfo) (*Watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{w: fw, files: map[string]bool{}, ignore: ignore}
	if err := w.addAll(paths); err != nil {
		fw.Close()
		return nil, err
	}
	return w, nil
}

// Close stops following.
func (w *Watcher) Close() error { return w.w.Close() }

func (w *Watcher) addAll(paths Paths) error {
	watched := map[string]bool{}
	add := func(dir string) error {
		if watched[dir] || len(watched) == maxDirs {
			return nil
		}
		watched[dir] = true
		return w.w.Add(dir)
	}
	for _, f := range paths.Files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return err
		}
		w.files[abs] = true
		if err := add(filepath.Dir(abs)); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
	}
	for _, t := range paths.Trees {
		abs, err := filepath.Abs(t)
		if err != nil {
			return err
		}
		w.trees = append(w.trees, abs)
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
			return fmt.Errorf("%s: %w", t, err)
		}
	}
	w.dirs = len(watched)
	return nil
}

// Run reports each change of the inputs, debounced, until ctx ends or
// the watcher is closed: changed gets the changed files' absolute paths,
// sorted; failed gets an error of the watch itself (an overflowing event
// queue), after which it goes on.
func (w *Watcher) Run(ctx context.Context, changed func([]string), failed func(error)) {
	var timer <-chan time.Time
	pending := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod || !w.matches(ev.Name) {
				continue
			}
			if ev.Op.Has(fsnotify.Create) {
				w.addIfTree(ev.Name)
			}
			abs, err := filepath.Abs(ev.Name)
			if err != nil {
				abs = ev.Name
			}
			pending[abs] = true
			timer = time.After(Debounce)
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			failed(err)
		case <-timer:
			timer = nil
			names := make([]string, 0, len(pending))
			for name := range pending {
				names = append(names, name)
			}
			slices.Sort(names)
			clear(pending)
			changed(names)
		}
	}
}

// matches says whether a change of path is a change of the inputs: a
// file input itself, or an input-like file (not hidden, not a temporary
// copy) in a watched tree, and never the ignored file.
func (w *Watcher) matches(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if w.ignore != nil {
		if info, err := os.Stat(abs); err == nil && os.SameFile(info, w.ignore) {
			return false
		}
	}
	if w.files[abs] {
		return true
	}
	base := filepath.Base(abs)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false
	}
	for _, t := range w.trees {
		if strings.HasPrefix(abs, t+string(filepath.Separator)) {
			if info, err := os.Stat(abs); err == nil && info.IsDir() {
				return false
			}
			return slices.Contains(inputExts, strings.ToLower(filepath.Ext(base)))
		}
	}
	return false
}

// addIfTree watches a folder created inside a watched tree.
func (w *Watcher) addIfTree(path string) {
	info, err := os.Stat(path)
	if err != nil || !info.IsDir() || w.dirs >= maxDirs {
		return
	}
	abs, _ := filepath.Abs(path)
	for _, t := range w.trees {
		if strings.HasPrefix(abs, t+string(filepath.Separator)) {
			if w.w.Add(abs) == nil {
				w.dirs++
			}
			return
		}
	}
}

// Describe says what is watched: "3 files" or "1 file and the input
// files under 1 folder".
func (w *Watcher) Describe() string {
	words := numfmt.Count(len(w.files), "file", "files")
	if len(w.trees) > 0 {
		words += " and the input files under " + numfmt.Count(len(w.trees), "folder", "folders")
	}
	return words
}

// StatOf is the regular file a writer writes to, when it is one: the
// file to ignore when a command's output is redirected among its inputs.
func StatOf(w any) os.FileInfo {
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
