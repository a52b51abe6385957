package scenario

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"ctxlab/core/value"
	"ctxlab/loaders"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
)

// scenarioFiles opens the documents and history files a scenario names by
// paths relative to itself. The paths must stay inside the scenario's own
// folder: on disk unless the reader allows more (--allow-outside), in an
// fs.FS (the embedded sample) always.
type scenarioFiles interface {
	// resolve returns the path rel names, for loading and for errors.
	resolve(rel string) (string, error)
	documents(resolved string) ([]value.Document, error)
	history(resolved string) ([]value.Message, error)
}

// diskFiles resolves against the scenario file's directory. root, when
// set, is the folder a resolved path must stay inside: the scenario's
// own, symlinks resolved.
type diskFiles struct {
	dir  string
	root string
}

func (d diskFiles) resolve(rel string) (string, error) {
	resolved := filepath.Join(d.dir, filepath.FromSlash(rel))
	if filepath.IsAbs(rel) {
		resolved = filepath.Clean(rel)
	}
	if d.root != "" && !loaders.Inside(resolved, d.root) {
		return "", errOutside
	}
	return resolved, nil
}

func (diskFiles) documents(resolved string) ([]value.Document, error) {
	docs, _, err := docs.Load(resolved, nil, docs.Options{})
	return docs, err
}

func (diskFiles) history(resolved string) ([]value.Message, error) {
	return history.Load(resolved, nil)
}

// errOutside is a scenario path that leaves the scenario's folder.
var errOutside = errors.New("outside the scenario's folder")

// fsFiles resolves against the scenario's directory inside an fs.FS.
type fsFiles struct {
	fsys fs.FS
	dir  string
}

func (f fsFiles) resolve(rel string) (string, error) {
	joined := path.Join(f.dir, filepath.ToSlash(rel))
	if path.IsAbs(rel) || !fs.ValidPath(joined) {
		return "", errOutsideFS
	}
	if f.dir != "." && joined != f.dir && !strings.HasPrefix(joined, f.dir+"/") {
		return "", errOutside
	}
	return joined, nil
}

// errOutsideFS is a path that leaves an fs.FS altogether.
var errOutsideFS = errors.New("outside the embedded file system")

func (f fsFiles) documents(resolved string) ([]value.Document, error) {
	data, err := fs.ReadFile(f.fsys, resolved)
	if err != nil {
		return nil, err
	}
	// The same rule as docs.Load: prose files are text by extension.
	if docs.IsTextFile(resolved) {
		return docs.ParseText(resolved, data, resolved, false)
	}
	docs, _, err := docs.Parse(resolved, data, docs.FormatAuto)
	return docs, err
}

func (f fsFiles) history(resolved string) ([]value.Message, error) {
	data, err := fs.ReadFile(f.fsys, resolved)
	if err != nil {
		return nil, err
	}
	return history.Parse(resolved, data)
}

// isPathValue reports whether a scenario's documents or history value is a
// path rather than inline text that was meant as a list: a path has no
// line breaks.
func isPathValue(s string) bool {
	return s != "" && !strings.ContainsAny(s, "\n\r")
}
