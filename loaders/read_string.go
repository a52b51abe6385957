package loaders

import (
	"io"
	"os"
)

// OpenSizedInput opens path through OpenInput with its size when it is a
// regular file (0 otherwise), refusing one over the limit before a byte
// is read.
func OpenSizedInput(path string) (io.ReadCloser, int64, error) {
	r, err := OpenInput(path)
	if err != nil {
		return nil, 0, err
	}
	size := int64(0)
	if info, err := os.Stat(path); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	if size > MaxInputSize() {
		r.Close()
		return nil, 0, (&inputReader{name: path, limit: MaxInputSize()}).tooLarge()
	}
	return r, size, nil
}

// ReadInputFileString reads a whole input file as ReadInputFile does, into
// a string, for a file used as text.
func ReadInputFileString(path string) (string, error) {
	data, err := ReadInputFile(path)
	return string(data), err
}
