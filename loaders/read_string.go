package loaders

import (
	"io"
	"os"
	"strings"
)

// openSizedInput opens path through OpenInput with its size when it is a
// regular file (0 otherwise), refusing one over the limit before a byte
// is read.
func openSizedInput(path string) (io.ReadCloser, int64, error) {
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
// the string's own memory: a text document is its file's bytes, and
// reading them into a []byte and then converting held the text twice (a
// 100 MB text file cost 200 MB before anything else ran).
func ReadInputFileString(path string) (string, error) {
	r, size, err := openSizedInput(path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	var b strings.Builder
	b.Grow(int(size))
	_, err = io.Copy(&b, r)
	return b.String(), err
}
