package memory

import (
	"iter"
	"slices"
	"strings"

	"ctxlab/core/value"
)

// DefaultMaxMessages is the reference's max_memory_messages, which
// format_memory reads as conversation turns.
const DefaultMaxMessages = 10

// Line is one message's fate in Format.
type Line struct {
	Index int    `json:"index"` // position in the input history
	Role  string `json:"role"`
	Label string `json:"label"` // "User" or "Assistant"
	// Mislabeled is set for a message that is neither from the user nor
	// the assistant (a system or tool message) but is labelled Assistant
	// all the same, as the reference does.
	Mislabeled bool `json:"mislabeled,omitempty"`
}

// Format is the reference's format_memory: the last maxTurns*2
// messages as "User: …" / "Assistant: …" lines. Any role other than "user"
// is labelled Assistant; the returned lines flag those that are not
// really the assistant's. The slice follows Python's memory[-max_turns*2:]
// exactly, so maxTurns 0 keeps the whole history, as the reference does.
func Format(history []value.Message, maxTurns int) (string, []Line) {
	f := FormatView(history, maxTurns)
	return f.Block(), f.Lines
}

// FormatView is Format without the block written out: the lines, and
// the messages they label, which Block and BlockParts read. An
// evaluation keeps one for the whole run, and a copy of a 50 MB message
// prefixed "Assistant: " would be 50 MB more held beside the history.
func FormatView(history []value.Message, maxTurns int) Formatted {
	start := pySliceStart(-maxTurns*2, len(history))
	tail := history[start:]
	trace := make([]Line, len(tail))
	for i, m := range tail {
		label := "Assistant"
		if m.Role == "user" {
			label = "User"
		}
		trace[i] = Line{Index: start + i, Role: m.Role, Label: label, Mislabeled: m.Role != "user" && m.Role != "assistant"}
	}
	return Formatted{MaxTurns: maxTurns, Lines: trace, tail: tail}
}

// pySliceStart resolves a Python slice start against a length.
func pySliceStart(start, length int) int {
	if start < 0 {
		start += length
		if start < 0 {
			start = 0
		}
	}
	return min(start, length)
}

// Formatted is format_memory's output for one history: each message's
// line, and the block the reference would put in its prompt, written
// out only on request (Block) or piece by piece (BlockParts).
type Formatted struct {
	MaxTurns int    `json:"max_turns"`
	Lines    []Line `json:"lines"`
	// tail are the messages Lines label, a slice of the history.
	tail []value.Message
}

// BlockParts yields the block's text in order, a label, ": ", a
// message's content and the line breaks between, so a writer can pass
// it on without holding it whole. Every part boundary is next to an
// ASCII byte, so a part never ends inside a character the next one
// completes.
func (f Formatted) BlockParts() iter.Seq[string] {
	return func(yield func(string) bool) {
		for i, m := range f.tail {
			if i > 0 && !yield("\n") {
				return
			}
			if !yield(f.Lines[i].Label) || !yield(": ") || !yield(m.Content) {
				return
			}
		}
	}
}

// Block is the block whole.
func (f Formatted) Block() string {
	return strings.Join(slices.Collect(f.BlockParts()), "")
}
