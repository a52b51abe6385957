package testcorpus

import (
	"path/filepath"
	"runtime"
)

// Dir is the folder holding the corpus files.
func Dir() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		panic("testcorpus: the source file's location is unknown")
	}
	return filepath.Dir(file)
}

// Path is the path of a corpus file given relative to Dir, such as
// "functionary-tool-chat/test_case.json".
func Path(rel string) string { return filepath.Join(Dir(), filepath.FromSlash(rel)) }
