package loaders

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"ctxlab/core/value"
)

// scenarioFiles opens the documents and history files a scenario names by
// paths relative to itself. A scenario on disk may point anywhere on disk;
// one in an fs.FS (the embedded sample) stays inside that FS.
type scenarioFiles interface {
	// resolve returns the path rel names, for loading and for errors.
	resolve(rel string) (string, error)
	documents(resolved string) ([]value.Document, error)
	history(resolved string) ([]value.Message, error)
}

// diskFiles resolves against the scenario file's directory. roots, when
// set, are the folders a resolved path must stay inside.
type diskFiles struct {
	dir   string
	roots []string
}

func (d diskFiles) resolve(rel string) (string, error) {
	resolved := filepath.Join(d.dir, filepath.FromSlash(rel))
	if filepath.IsAbs(rel) {
		resolved = filepath.Clean(rel)
	}
	if d.roots != nil && !insideAny(resolved, d.roots) {
		return "", errOutside
	}
	return resolved, nil
}

func (diskFiles) documents(resolved string) ([]value.Document, error) {
	docs, _, err := LoadDocuments(resolved, nil, DocOptions{})
	return docs, err
}

func (diskFiles) history(resolved string) ([]value.Message, error) {
	return LoadHistory(resolved, nil)
}

// errOutside is a scenario path that leaves the folders it may read.
var errOutside = errors.New("outside the allowed folders")

// pathRoots are the folders a scenario in dir may read from: its own and
// the working folder, each with its symlinks resolved.
func pathRoots(dir string) []string {
	var roots []string
	for _, d := range []string{dir, "."} {
		if abs, err := filepath.Abs(d); err == nil {
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				abs = real
			}
			roots = append(roots, abs)
		}
	}
	return roots
}

// insideAny reports whether path, symlinks resolved, lies inside one of
// roots. A path that does not exist is judged as written: loading it
// fails anyway, with "not found".
func insideAny(path string, roots []string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	for _, root := range roots {
		if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// fsFiles resolves against the scenario's directory inside an fs.FS.
type fsFiles struct {
	fsys fs.FS
	dir  string
}

func (f fsFiles) resolve(rel string) (string, error) {
	joined := path.Join(f.dir, filepath.ToSlash(rel))
	if path.IsAbs(rel) || !fs.ValidPath(joined) {
		return "", &Error{Name: rel, Msg: "leaves the embedded file system; expected a path relative to the scenario"}
	}
	return joined, nil
}

func (f fsFiles) documents(resolved string) ([]value.Document, error) {
	data, err := fs.ReadFile(f.fsys, resolved)
	if err != nil {
		return nil, err
	}
	// The same rule as LoadDocuments: prose files are text by extension.
	if isTextFile(resolved) {
		return parseText(resolved, data, resolved, false)
	}
	docs, _, err := ParseDocuments(resolved, data, FormatAuto)
	return docs, err
}

func (f fsFiles) history(resolved string) ([]value.Message, error) {
	data, err := fs.ReadFile(f.fsys, resolved)
	if err != nil {
		return nil, err
	}
	return ParseHistory(resolved, data)
}

// isPathValue reports whether a scenario's documents or history value is a
// path rather than inline text that was meant as a list: a path has no
// line breaks.
func isPathValue(s string) bool {
	return s != "" && !strings.ContainsAny(s, "\n\r")
}
