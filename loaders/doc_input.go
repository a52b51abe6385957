package loaders

import (
	"bytes"
	"io"
	"os"
)

// docInput is a documents input that can be read from its start as often
// as a reader needs: a named file, stdin redirected from a file, or a
// pipe spooled to a temporary file (spoolPipe). The streaming readers
// read it once and, when they decline, the whole-input reader reads it
// again, so it is never held whole beside its parse.
type docInput struct {
	name string // how errors and documents call it: the path, or "stdin"
	// open returns a reader from the input's start, bounded and checked
	// (NewInputReader), with the input's size (0 when not known).
	open func() (io.ReadCloser, int64, error)
}

// fileInput is the named file path.
func fileInput(path string) docInput {
	return docInput{name: path, open: func() (io.ReadCloser, int64, error) { return openSizedInput(path) }}
}

// openFileInput reads the size bytes of f from offset at, called name:
// stdin redirected from a file (which may have been read from already),
// or a spool. f stays open: its owner closes it.
func openFileInput(name string, f *os.File, at, size int64) docInput {
	return docInput{name: name, open: func() (io.ReadCloser, int64, error) {
		if size > MaxInputSize() {
			return nil, 0, (&inputReader{name: name, limit: MaxInputSize()}).tooLarge()
		}
		r := NewInputReader(name, io.NewSectionReader(f, at, size))
		return io.NopCloser(r), size, nil
	}}
}

// readAll reads the whole input into a buffer of its size.
func (in docInput) readAll() ([]byte, error) {
	r, size, err := in.open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	_, err = buf.ReadFrom(r)
	return buf.Bytes(), err
}
