package cli

import (
	"fmt"
	"unicode/utf8"

	"ctxlab/internal/numfmt"
)

// checkText refuses input that is not UTF-8 text, naming the input and the
// first bad byte. Bytes that are not text would be counted, chunked or
// sent to a model as U+FFFD garbage; every command that reads a free-text
// input (tokens, longdoc) checks it here, so they refuse it alike.
func checkText(input string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	return fmt.Errorf("%s: byte %s: invalid UTF-8; expected text", displayPath(input), numfmt.Thousands(invalidUTF8Offset(data)))
}

// invalidUTF8Offset is the offset of the first byte that is not valid
// UTF-8.
func invalidUTF8Offset(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(data)
}
