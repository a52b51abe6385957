package memory

import (
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
	start := pySliceStart(-maxTurns*2, len(history))
	tail := history[start:]
	trace := make([]Line, len(tail))
	size := 0
	for i, m := range tail {
		label := "Assistant"
		if m.Role == "user" {
			label = "User"
		}
		trace[i] = Line{Index: start + i, Role: m.Role, Label: label, Mislabeled: m.Role != "user" && m.Role != "assistant"}
		size += len(label) + len(": ") + len(m.Content) + len("\n")
	}
	// Written once into a block of its exact size: a 50 MB message is
	// not copied into a line and then again into the joined block.
	var b strings.Builder
	b.Grow(max(0, size-1))
	for i, m := range tail {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(trace[i].Label)
		b.WriteString(": ")
		b.WriteString(m.Content)
	}
	return b.String(), trace
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

// Formatted is format_memory's output for one history: the block
// the reference would put in its prompt, and each
// message's line.
type Formatted struct {
	MaxTurns int    `json:"max_turns"`
	Block    string `json:"block"`
	Lines    []Line `json:"lines"`
}
