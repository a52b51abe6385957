package loaders

import (
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

// diskFiles resolves against the scenario file's directory.
type diskFiles struct{ dir string }

func (d diskFiles) resolve(rel string) (string, error) {
	if filepath.IsAbs(rel) {
		return filepath.Clean(rel), nil
	}
	return filepath.Join(d.dir, filepath.FromSlash(rel)), nil
}

func (diskFiles) documents(resolved string) ([]value.Document, error) {
	docs, _, err := LoadDocuments(resolved, nil, DocOptions{})
	return docs, err
}

func (diskFiles) history(resolved string) ([]value.Message, error) {
	return LoadHistory(resolved, nil)
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
