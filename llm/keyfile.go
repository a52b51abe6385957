package llm

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
)

// maxKeyFileSize bounds what ReadAPIKeyFile reads. A key is well under a
// kilobyte (a JWT a few); a path given by mistake (a log, /dev/zero) must
// not be read whole.
const maxKeyFileSize = 16 << 10

// KeyFileError is why ReadAPIKeyFile refused a file. Its message names
// neither the file, which the caller shows in its own form, nor anything
// the file holds, which may be the key.
type KeyFileError struct {
	Msg string
	Err error // the cause, such as fs.ErrNotExist; for errors.Is only
}

func (e *KeyFileError) Error() string { return e.Msg }
func (e *KeyFileError) Unwrap() error { return e.Err }

// ReadAPIKeyFile reads an API key kept in a file, the way secrets are
// mounted (/run/secrets/..., a file only its owner can read) and the way
// a key stays out of shell history and ps: the file holds the key alone,
// surrounding whitespace (the newline editors and echo add) and a UTF-8
// byte-order mark trimmed. A file that is empty, holds several lines or a
// value with spaces or control characters in it (a .env line such as
// "export KEY=...", "Bearer ...") is refused rather than sent as a key
// that can only be refused by the server.
func ReadAPIKeyFile(path string) (Secret, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", openError(err)
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return "", &KeyFileError{Msg: "is a directory; expected a file holding the API key"}
	}
	data, err := io.ReadAll(io.LimitReader(f, maxKeyFileSize+1))
	if err != nil {
		return "", openError(err)
	}
	if len(data) > maxKeyFileSize {
		return "", &KeyFileError{Msg: fmt.Sprintf("is larger than %d KiB; expected a file holding only the API key", maxKeyFileSize>>10)}
	}
	key := strings.TrimSpace(string(bytes.TrimPrefix(data, []byte("\xEF\xBB\xBF"))))
	switch {
	case key == "":
		return "", &KeyFileError{Msg: "the file is empty; expected the API key"}
	case strings.ContainsAny(key, "\n\r"):
		return "", &KeyFileError{Msg: fmt.Sprintf("the file has %s lines; expected the API key alone on one line", numfmt.Thousands(lineCount(key)))}
	case !utf8.ValidString(key) || strings.IndexFunc(key, notKeyRune) >= 0:
		return "", &KeyFileError{Msg: "the file holds spaces, control characters or bytes that are not text; expected the API key alone"}
	case envAssignment.MatchString(key):
		// OPENAI_API_KEY=sk-...: a .env line, whose name would be sent
		// as part of the key.
		return "", &KeyFileError{Msg: "the file holds a NAME=value line; expected the API key alone"}
	}
	return Secret(key), nil
}

// envAssignment matches a .env-style line: an upper-case variable name,
// then "=". Keys themselves never start so.
var envAssignment = regexp.MustCompile(`^[A-Z][A-Z0-9_]*=`)

// openError turns an open or read error into one that names no path (the
// os error's text would repeat it unquoted).
func openError(err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &KeyFileError{Msg: "no such file", Err: fs.ErrNotExist}
	case errors.Is(err, fs.ErrPermission):
		return &KeyFileError{Msg: "permission denied", Err: fs.ErrPermission}
	}
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return &KeyFileError{Msg: pathErr.Err.Error(), Err: pathErr.Err}
	}
	return &KeyFileError{Msg: err.Error(), Err: err}
}

// lineCount counts the lines of text that hold something, whatever the
// line ends.
func lineCount(s string) int {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	n := 0
	for line := range strings.Lines(s) {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n
}

// notKeyRune is a character no API key holds: a bearer token is one run
// of visible characters.
func notKeyRune(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsControl(r)
}
