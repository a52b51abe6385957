package loaders

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
)

// DefaultMaxInputSize is the most bytes one input (a documents file, a
// history, a request, a scenario, a metrics log, a text to count) may
// hold unless --max-input-size raises it. It is above the largest inputs
// ctxlab is meant to take (a 200 MB JSON Lines export) and far below what
// would exhaust memory, so /dev/zero or an endless pipe ends with a clear
// error instead of the kernel killing the process.
const DefaultMaxInputSize int64 = 256 << 20

// maxInputSize is the limit in force. It is process-wide because every
// loader reads through it and the CLI sets it once per command from
// --max-input-size; a test that changes it must not run in parallel.
var maxInputSize atomic.Int64

func init() { maxInputSize.Store(DefaultMaxInputSize) }

// MaxInputSize returns the input size limit in force, in bytes.
func MaxInputSize() int64 { return maxInputSize.Load() }

// SetMaxInputSize sets the input size limit (n > 0) and returns a function
// that restores the previous one.
func SetMaxInputSize(n int64) (restore func()) {
	old := maxInputSize.Swap(n)
	return func() { maxInputSize.Store(old) }
}

// OpenInput opens a file to be read as input through NewInputReader. A
// directory is refused here; a FIFO or a device is read like a file, since
// the reader bounds it and stops at its first byte that is not text.
func OpenInput(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if info.IsDir() {
		f.Close()
		return nil, &Error{Name: path, Msg: "is a directory; expected a file"}
	}
	return struct {
		io.Reader
		io.Closer
	}{NewInputReader(path, f), f}, nil
}

// ReadInputFile reads a whole input file through OpenInput. A regular
// file over the limit is refused before a byte is read, and one within it
// is read into a buffer of its size, as os.ReadFile does.
func ReadInputFile(path string) ([]byte, error) {
	r, size, err := OpenSizedInput(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readSized(r, size)
}

// ReadInput reads a whole input, such as stdin, through NewInputReader;
// name is how errors call it. Stdin redirected from a regular file over
// the limit is refused before a byte is read.
func ReadInput(name string, r io.Reader) ([]byte, error) {
	size := regularFileSize(r)
	if size > MaxInputSize() {
		return nil, (&inputReader{name: name, limit: MaxInputSize()}).tooLarge()
	}
	return readSized(NewInputReader(name, r), size)
}

// ReadInputString is ReadInput for an input used as text.
func ReadInputString(name string, r io.Reader) (string, error) {
	data, err := ReadInput(name, r)
	return string(data), err
}

// readSized reads all of r into a buffer of size bytes when size, the
// size of a regular file, is known. An input of unknown size, a pipe, is
// read in chunks of at most 1 MiB that are never copied while reading, so
// a pipe refused at the size limit has allocated about the limit (a
// buffer grown by doubling had allocated four times the limit by then),
// and joined once at its end.
func readSized(r io.Reader, size int64) ([]byte, error) {
	if size > 0 {
		buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		_, err := buf.ReadFrom(r)
		return buf.Bytes(), err
	}
	var chunks [][]byte
	for n := 64 << 10; ; n = min(2*n, 1<<20) {
		chunk := make([]byte, n)
		got, err := io.ReadFull(r, chunk)
		chunks = append(chunks, chunk[:got])
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return bytes.Join(chunks, nil), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// regularFileSize is what is left to read of r when r is an open regular
// file (stdin redirected from one may have been read from already), else
// 0.
func regularFileSize(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return 0
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil || at > info.Size() {
		return 0
	}
	return info.Size() - at
}

// NewInputReader wraps r so that reading it fails, with an *Error naming
// the input, as soon as it passes the input size limit, holds a byte that
// is not UTF-8, or holds a NUL byte (binary data: no text format here
// allows a raw one). Checking while reading, rather than after, is what
// makes /dev/zero, /dev/urandom or an endless pipe fail at once.
func NewInputReader(name string, r io.Reader) io.Reader {
	return &inputReader{name: name, r: r, limit: MaxInputSize(), line: 1}
}

// inputReader checks the bytes that pass through it.
type inputReader struct {
	name  string
	r     io.Reader
	limit int64
	// offset is how many bytes were checked; line is the line the next
	// byte is on.
	offset int64
	line   int
	// pending holds the start of a character cut by the end of the last
	// read, checked once the rest arrives.
	pending []byte
	scratch []byte
	err     error
}

func (in *inputReader) Read(p []byte) (int, error) {
	if in.err != nil {
		return 0, in.err
	}
	n, err := in.r.Read(p)
	if n > 0 {
		if in.offset+int64(len(in.pending))+int64(n) > in.limit {
			in.err = in.tooLarge()
			return 0, in.err
		}
		if checkErr := in.check(p[:n]); checkErr != nil {
			in.err = checkErr
			return 0, in.err
		}
	}
	if errors.Is(err, io.EOF) && len(in.pending) > 0 {
		// The input ends inside a character.
		in.err = in.invalid(in.pending[0])
		return n, in.err
	}
	return n, err
}

// check validates chunk, continuing the character pending from the
// previous chunk.
func (in *inputReader) check(chunk []byte) error {
	if had := len(in.pending); had > 0 {
		// The character cut by the last read is completed from this
		// chunk's first bytes and checked alone: the whole chunk copied
		// behind it was a second copy of a long read, kept as scratch
		// (44 MB for a line of Chinese cut between two reads).
		head := append(append(in.scratch[:0], in.pending...), chunk[:min(len(chunk), utf8.UTFMax-had)]...)
		in.scratch = head
		in.pending = in.pending[:0]
		if !utf8.FullRune(head) {
			in.pending = append(in.pending, head...)
			return nil
		}
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size <= 1 {
			return in.invalid(head[0])
		}
		// A valid character takes every pending byte, which were no
		// whole character, and at least one of the chunk's.
		in.offset += int64(size)
		chunk = chunk[size-had:]
	}
	buf := chunk
	// The common case, a chunk of whole valid characters and no NUL, is
	// checked by the library's fast scans; only a chunk with a problem or
	// a character cut at its end is walked byte by byte.
	whole := buf[:len(buf)-cutTail(buf)]
	if utf8.Valid(whole) && bytes.IndexByte(whole, 0) < 0 {
		in.line += bytes.Count(whole, []byte{'\n'})
		in.offset += int64(len(whole))
		in.pending = append(in.pending, buf[len(whole):]...)
		return nil
	}
	for i := 0; i < len(buf); {
		c := buf[i]
		if c < utf8.RuneSelf {
			switch c {
			case 0:
				return &Error{Name: in.name, Line: in.line,
					Msg: fmt.Sprintf("NUL byte at byte offset %s; expected text, not binary data", numfmt.Thousands(int(in.offset)))}
			case '\n':
				in.line++
			}
			in.offset++
			i++
			continue
		}
		if !utf8.FullRune(buf[i:]) {
			in.pending = append(in.pending, buf[i:]...)
			return nil
		}
		r, size := utf8.DecodeRune(buf[i:])
		if r == utf8.RuneError && size <= 1 {
			return in.invalid(c)
		}
		in.offset += int64(size)
		i += size
	}
	return nil
}

// cutTail is how many bytes at the end of buf start a character that the
// next read completes: 0 to 3.
func cutTail(buf []byte) int {
	for i := 1; i <= utf8.UTFMax-1 && i <= len(buf); i++ {
		if c := buf[len(buf)-i]; c&0xC0 != 0x80 { // the start of a character
			if c >= utf8.RuneSelf && !utf8.FullRune(buf[len(buf)-i:]) {
				return i
			}
			return 0
		}
	}
	return 0
}

// invalid words the first byte that is not UTF-8, as CheckUTF8 does for
// bytes already in memory.
func (in *inputReader) invalid(b byte) error {
	return &Error{Name: in.name, Line: in.line,
		Msg: fmt.Sprintf("invalid UTF-8 at byte offset %s (byte 0x%02x); expected UTF-8 text", numfmt.Thousands(int(in.offset)), b)}
}

func (in *inputReader) tooLarge() error {
	return &Error{Name: in.name,
		Msg: fmt.Sprintf("is larger than %s, the input size limit; raise it with --max-input-size if the input is meant to be this large", FormatSize(in.limit))}
}

// InputError returns an *Error as it is, since it already names the input
// and says what was wrong, and prefixes any other (a missing file, a
// permission) with what was being done.
func InputError(doing string, err error) error {
	var inputErr *Error
	if errors.As(err, &inputErr) {
		return err
	}
	return fmt.Errorf("%s: %w", doing, withoutSyscall(err))
}

// pathProblem is an error about a path worded for a person: the path and
// the problem, without the system call (open, stat) Go names first.
type pathProblem struct{ err *os.PathError }

func (p pathProblem) Error() string { return p.err.Path + ": " + p.err.Err.Error() }
func (p pathProblem) Unwrap() error { return p.err }

// withoutSyscall rewords a *os.PathError as a pathProblem; errors.Is and
// errors.As still reach it and what it wraps.
func withoutSyscall(err error) error {
	if pathErr, ok := err.(*os.PathError); ok {
		return pathProblem{pathErr}
	}
	return err
}

// StatInput stats an input path. Its error names the path and the
// problem ("loading documents: nope.jsonl: no such file or directory"),
// without the system call Go's own message starts with.
func StatInput(path, doing string) (os.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", doing, withoutSyscall(err))
	}
	return info, nil
}

// ReadInputPath reads the file at path as input, refusing a directory:
// its errors name what it was doing ("loading history: …") or what the
// path should have been ("is a directory; expected " + expected).
func ReadInputPath(path, doing, expected string) ([]byte, error) {
	info, err := StatInput(path, doing)
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, &Error{Name: path, Msg: "is a directory; expected " + expected}
	}
	data, err := ReadInputFile(path)
	if err != nil {
		return nil, InputError(doing, err)
	}
	return data, nil
}

// StripBOM drops a leading UTF-8 byte-order mark, which Windows editors and
// spreadsheet exports add and which no parser here expects.
func StripBOM(data []byte) []byte {
	return bytes.TrimPrefix(data, UTF8BOM)
}

func IsBlank(data []byte) bool {
	return len(bytes.TrimSpace(data)) == 0
}

var UTF8BOM = []byte{0xEF, 0xBB, 0xBF}
