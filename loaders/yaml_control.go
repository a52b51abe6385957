package loaders

import (
	"fmt"
	"strings"
)

// YAMLControlError places yaml.v3's "control characters are not allowed",
// which carries no line, at the first character its reader refuses, so a
// scenario or budget file holding a raw ESC from pasted terminal output
// says where to look. It returns nil for every other error.
func YAMLControlError(name string, data []byte, err error) error {
	if !strings.Contains(err.Error(), "control characters are not allowed") {
		return nil
	}
	for offset, r := range string(data) {
		if yamlReaderAllows(r) {
			continue
		}
		line, col := lineCol(data, offset)
		// A yamlCause, as yamlError's others, so the document and history
		// loaders still take it for "not YAML" when guessing a format.
		return &Error{Name: name, Line: line, Column: col, Msg: "invalid YAML", Err: &yamlCause{err: err,
			msg: fmt.Sprintf(`the control character U+%04X is not allowed; expected it written as the escape "\u%04x" inside a double-quoted string`, r, r)}}
	}
	return nil
}

// yamlReaderAllows is the set of characters yaml.v3's reader accepts
// (YAML 1.2's c-printable), as its readerc.go tests them.
func yamlReaderAllows(r rune) bool {
	switch {
	case r == 0x09, r == 0x0A, r == 0x0D, r == 0x85:
		return true
	case r >= 0x20 && r <= 0x7E, r >= 0xA0 && r <= 0xD7FF, r >= 0xE000 && r <= 0xFFFD, r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}
