package history

import (
	"bytes"
	"regexp"
	"strings"

	"ctxlab/core/value"
	"ctxlab/loaders"
)

// roleLabelRE matches a transcript line that starts a message. Labels are
// case-insensitive; the reference's format_memory writes "User:" and
// "Assistant:", so its output reads back in.
var roleLabelRE = regexp.MustCompile(`^(?i)(user|assistant|system):`)

// isTranscript reports whether the first non-blank line starts with a role label.
func isTranscript(data []byte) bool {
	// Bytes, not a string of them: converting a 50 MB history to ask
	// about its first line copied all of it.
	for line := range bytes.Lines(data) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		return roleLabelRE.Match(line)
	}
	return false
}

// parseTranscript reads "User: ..." / "Assistant: ..." / "System: ..." lines.
// A line without a label continues the previous message, so multi-line
// messages survive; blank lines that end a message separate it from the
// next and are dropped (so are blank lines between a bare "User:" label
// and its text), as are the spaces right after the label and the
// CR of CRLF line ends. A content line that itself begins with "User:"
// would start a new message; use JSON for such text.
func parseTranscript(name, text string) ([]value.Message, error) {
	var messages []value.Message
	var role string
	var lines []string
	flush := func() {
		for len(lines) > 1 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		for len(lines) > 1 && strings.TrimSpace(lines[0]) == "" {
			lines = lines[1:]
		}
		messages = append(messages, value.Message{Role: role, Content: strings.Join(lines, "\n")})
	}
	lineNo := 0
	for raw := range strings.Lines(text) {
		lineNo++
		line := strings.TrimSuffix(strings.TrimSuffix(raw, "\n"), "\r")
		if m := roleLabelRE.FindStringSubmatch(line); m != nil {
			if role != "" {
				flush()
			}
			role = strings.ToLower(m[1])
			lines = []string{strings.TrimLeft(line[len(m[0]):], " \t")}
			continue
		}
		if role == "" {
			if strings.TrimSpace(line) == "" {
				continue
			}
			return nil, &loaders.Error{Name: name, Line: lineNo, Msg: `expected a line starting with "User:", "Assistant:" or "System:"`}
		}
		lines = append(lines, line)
	}
	if role != "" {
		flush()
	}
	return messages, nil
}
