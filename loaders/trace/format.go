package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
)

// Format is a trace file format other than OTLP JSON, read by a loader
// package that registers it (Langfuse's exports, in loaders/langfuse):
// wherever a traces file is read, a file whose head Sniff accepts is read
// by Scan. Its spans carry the request (Span.Request) or document set
// (Span.Retrieval) the format read, and ids of the format's own (a
// Langfuse observation id is any string, often a UUID).
type Format struct {
	Name string
	// Sniff says from the first bytes of a file (up to sniffSize) whether
	// it is of this format.
	Sniff func(head []byte) bool
	// Scan reads the spans of r, in file order; name is how errors call
	// the file.
	Scan func(name string, r io.Reader, fn func(*Span) error) error
}

var formats []Format

// RegisterFormat adds a format; a loader package calls it from init.
func RegisterFormat(f Format) { formats = append(formats, f) }

// sniffSize is how much of a file's head a format sees.
const sniffSize = 64 << 10

// sniff peeks at the head of br and returns the registered format that
// accepts it, nil for OTLP JSON.
func sniff(br *bufio.Reader) *Format {
	if len(formats) == 0 {
		return nil
	}
	head, _ := br.Peek(sniffSize)
	for i := range formats {
		if formats[i].Sniff(head) {
			return &formats[i]
		}
	}
	return nil
}

// formatOfFile is the registered format of the file at path, nil for
// OTLP JSON or a file that cannot be read (its reader says why).
func formatOfFile(path string) *Format {
	if len(formats) == 0 {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	return sniff(bufio.NewReaderSize(f, sniffSize))
}

// ChatMessages reads OpenAI-shaped chat messages ({role, content,
// tool_calls, tool_call_id, name}, content as text or parts): a list, or
// one message.
func ChatMessages(v any) []Message {
	var out []Message
	for _, m := range list(decoded(v)) {
		out = append(out, chatMessage(m))
	}
	return out
}

// ToolDefinitions reads tool definitions in OpenAI's {type: function,
// function} form, or a bare {name, description, parameters}, into
// OpenAI's form.
func ToolDefinitions(v any) []json.RawMessage { return toolDefinitions(decoded(v)) }

// MissingToolCalls says whether a tool message answers no call the
// messages before it made.
func MissingToolCalls(msgs []Message) bool { return missingToolCalls(msgs) }

// NoteMissingToolCalls is the note a request carries when
// MissingToolCalls holds.
const NoteMissingToolCalls = noteMissingToolCalls

// TopLevelKeys reads the keys of the first JSON object in head (of the
// first element, when head opens an array), as far as head holds them:
// a format's Sniff looks at what a file's records are made of, not at
// words that may occur in their values. array says head opens an array.
func TopLevelKeys(head []byte) (keys map[string]bool, array bool) {
	dec := json.NewDecoder(bytes.NewReader(head))
	keys = map[string]bool{}
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err == nil && ok && d == '[' {
		array = true
		tok, err = dec.Token()
	}
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		return keys, array
	}
	for {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return keys, array
		}
		keys[key] = true
		// Skip the value, however deep.
		depth := 0
		for {
			tok, err := dec.Token()
			if err != nil {
				return keys, array
			}
			if d, ok := tok.(json.Delim); ok {
				if d == '{' || d == '[' {
					depth++
				} else {
					depth--
				}
			}
			if depth == 0 {
				break
			}
		}
	}
}
