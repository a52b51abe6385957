package loaders

import (
	"bytes"
	"errors"
	"io"

	"ctxlab/core/value"
)

// historyPeekBytes is how much of a history's start is read to tell a
// YAML list from JSON and a transcript, as ParseHistory tells them.
const historyPeekBytes = 64 << 10

// streamHistory reads a chat history that is a YAML list from in without
// holding it whole (streamYAMLList), and makes its messages as
// ParseHistory does: handled is false for any other history, and for a
// list the stream declines; the caller then reads it whole, which says
// what is wrong exactly as it always has. With handled true, err is
// the messages' error, the one ParseHistory gives.
func streamHistory(in docInput) (messages []value.Message, handled bool, err error) {
	if !historyStartsAsYAMLList(in) {
		return nil, false, nil
	}
	items, handled, err := streamYAMLList(in)
	if err != nil || !handled {
		return nil, false, err
	}
	messages, err = historyMessages(in.name, tree{value: items, syntax: syntaxYAML})
	return messages, true, err
}

// historyStartsAsYAMLList reports whether in's start is what ParseHistory
// reads as YAML rather than JSON or a transcript, with no byte-order mark
// (which it strips first), judged on the start alone. Any problem
// reading it says no: reading the input whole then reports it.
func historyStartsAsYAMLList(in docInput) bool {
	r, _, err := in.open()
	if err != nil {
		return false
	}
	defer r.Close()
	buf := make([]byte, historyPeekBytes)
	n, err := io.ReadFull(r, buf)
	whole := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
	if err != nil && !whole {
		return false
	}
	start := buf[:n]
	if bytes.HasPrefix(start, utf8BOM) || isBlank(start) || looksLikeJSON(start) {
		return false
	}
	// The first line that is not blank decides a transcript: its label
	// must lie within the start, or be all of the input.
	rest := bytes.TrimLeft(start, " \t\r\n")
	if !whole && bytes.IndexByte(rest, '\n') < 0 && len(rest) < 64 {
		return false
	}
	return !isTranscript(start)
}
