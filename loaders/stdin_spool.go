package loaders

import (
	"io"
	"os"
)

// spoolMinBytes is the size from which a pipe to be read as YAML or CSV
// is spooled to a temporary file (a variable for the tests). A pipe
// cannot be read twice, so it was held whole while it was parsed, in
// case the streaming reader gave up and the whole-input reader had to
// say what was wrong: a 50 MB YAML item piped in peaked at 4.5 times its
// size, the pipe itself being one of those times. Spooled, it streams
// as a named file does (3.0 times).
var spoolMinBytes = 16 << 20

// spoolable reports whether a pipe of size bytes, whose first byte that
// is not white space is first, is worth spooling to be read in format:
// YAML and CSV are streamed from a file and held whole from a pipe; JSON
// Lines streams from a pipe as it is, and a JSON array is read whole
// from either.
func spoolable(format string, first byte, size int) bool {
	if size < spoolMinBytes {
		return false
	}
	switch format {
	case FormatYAML, FormatCSV:
		return true
	case FormatAuto:
		return first != '{' && first != '['
	}
	return false
}

// spoolPipe writes a pipe's chunks to a temporary file and lets go of
// them, for the pipe to be read from the file as often as a reader needs
// (openFileInput). The file is created for the user alone (mode 0600)
// and unlinked at once where the system allows it, so its data has no
// name and goes when the file is closed, even if ctxlab is killed; done
// closes it (and removes it where it could not be unlinked). ok is false
// when no temporary file could be written (no space, no temporary
// directory): the chunks are then still held, for the caller to read
// the pipe from memory as before.
func spoolPipe(in *inputChunks) (spooled docInput, done func(), ok bool) {
	f, err := os.CreateTemp("", "ctxlab-stdin-*")
	if err != nil {
		return docInput{}, nil, false
	}
	unlinked := os.Remove(f.Name()) == nil
	done = func() {
		f.Close()
		if !unlinked {
			os.Remove(f.Name())
		}
	}
	for _, c := range in.chunks {
		if _, err := f.Write(c.bytes); err != nil {
			done()
			return docInput{}, nil, false
		}
	}
	size := int64(in.size)
	in.free()
	return openFileInput("stdin", f, 0, size), done, true
}

// stdinFileInput is stdin as an input read where it lies when it is
// redirected from a regular file, as a named file is read; ok is false
// for a pipe, a terminal or an empty file.
func stdinFileInput(stdin io.Reader) (in docInput, size int64, ok bool) {
	f, isFile := stdin.(*os.File)
	size = regularFileSize(stdin)
	if !isFile || size <= 0 {
		return docInput{}, 0, false
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return docInput{}, 0, false
	}
	return openFileInput("stdin", f, at, size), size, true
}
