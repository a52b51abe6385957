package scenario

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"io"
	"strconv"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"ctxlab/core"
	"ctxlab/internal/safetext"
)

// scenarioHeader opens every exported scenario file.
const scenarioHeader = "# Exported by ctxlab: the inputs and the settings in force. Open it with `ctxlab FILE`.\n"

// heldFrom is the length from which a text of the file (a document's
// content or source, a message, a tool's output, the system prompt) is
// not given to the YAML encoder but written double-quoted a window at a
// time. yaml.v3 holds a node tree, the encoded text and its emitter's
// buffer for each, several times the text; shorter texts keep the
// encoder's style (a block literal for lines).
var heldFrom = 4 << 10

// yamlWindow is how much of a held text is escaped at once.
const yamlWindow = 32 << 10

// Write writes a scenario and the settings in force as a scenario
// file, the bytes Marshal returns, to w without holding them:
// the lists a set fills (history, tool results, documents) are encoded
// an item at a time, and each long text of an item is written
// double-quoted a window at a time. The workbench's export writes a set
// of 100 MB with it in a bounded buffer.
func Write(w io.Writer, sc *core.Scenario, s core.Settings) error {
	f, err := scenarioInputs(sc, s)
	if err != nil {
		return err
	}
	held, err := newHeldTexts()
	if err != nil {
		return err
	}
	history, results, documents := f.History, f.ToolResults, f.Documents
	f.History, f.ToolResults, f.Documents = nil, nil, nil
	f.SystemPrompt = held.hold(f.SystemPrompt)
	doc, err := scenarioDocument(f, s)
	if err != nil {
		return err
	}
	quoteHidden(doc)
	out := bufio.NewWriterSize(w, 64<<10)
	out.WriteString(scenarioHeader)
	// The mapping's keys are in scenarioKeys' order; the lists go where
	// their keys fall, between runs of the other keys.
	run := &yaml.Node{Kind: yaml.MappingNode}
	next := 0
	for _, key := range scenarioKeys {
		var items []any
		var sizes []int
		switch key {
		case "history":
			for _, m := range history {
				m.Content = held.hold(m.Content)
				items, sizes = append(items, m), append(sizes, len(m.Content))
			}
		case "tool_results":
			for _, r := range results {
				r.Content = held.hold(r.Content)
				items, sizes = append(items, r), append(sizes, len(r.Content))
			}
		case "documents":
			for _, d := range documents {
				d.Content, d.Source = held.hold(d.Content), held.hold(d.Source)
				items, sizes = append(items, d), append(sizes, len(d.Content)+len(d.Source))
			}
		default:
			if next+1 < len(doc.Content) && doc.Content[next].Value == key {
				run.Content = append(run.Content, doc.Content[next], doc.Content[next+1])
				next += 2
			}
			continue
		}
		if len(items) == 0 {
			continue
		}
		if err := held.writeYAML(out, run, false); err != nil {
			return err
		}
		run = &yaml.Node{Kind: yaml.MappingNode}
		first, text := 0, 0
		for i := range items {
			text += sizes[i]
			if text < batchText && i+1 < len(items) {
				continue
			}
			if err := held.writeItems(out, key, items[first:i+1], first > 0); err != nil {
				return err
			}
			first, text = i+1, 0
		}
	}
	if err := held.writeYAML(out, run, false); err != nil {
		return err
	}
	return out.Flush()
}

// batchText is how much text (held texts counting as their placeholders)
// the items encoded at once hold: enough that the encoder's own cost per
// call is spread over many short documents, little enough that its
// copies of them stay small.
const batchText = 256 << 10

// writeItems writes items of the list under key as the whole list's
// encoding holds them: they are encoded as a list under the key, and,
// after the first batch, the key's line is left out.
func (h *heldTexts) writeItems(out *bufio.Writer, key string, items []any, skipKey bool) error {
	list := &yaml.Node{}
	if err := list.Encode(items); err != nil {
		return err
	}
	node := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: key}, list}}
	quoteHidden(node)
	return h.writeYAML(out, node, skipKey)
}

// writeYAML encodes a mapping, skipping its first line when asked, and
// writes it with the held texts in place; an empty mapping writes
// nothing. out's errors stick until
// Write's Flush.
func (h *heldTexts) writeYAML(out *bufio.Writer, node *yaml.Node, skipFirstLine bool) error {
	if len(node.Content) == 0 {
		return nil
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(node); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	encoded := escapeHidden(buf.Bytes())
	if skipFirstLine {
		if i := bytes.IndexByte(encoded, '\n'); i >= 0 {
			encoded = encoded[i+1:]
		}
	}
	h.splice(out, encoded)
	return nil
}

// heldTexts are the long texts of what is being encoded; the encoder
// gets a placeholder for each, a plain scalar made of a prefix drawn at
// random for the file and the text's number. The texts are the
// scenario's own strings, not copies; buf is the window being escaped.
type heldTexts struct {
	prefix []byte
	texts  []string
	buf    []byte
}

func newHeldTexts() (*heldTexts, error) {
	var nonce [8]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return nil, err
	}
	return &heldTexts{prefix: []byte("ctxlab-held-" + hex.EncodeToString(nonce[:]) + "-")}, nil
}

// hold returns s, or a placeholder for it when it is long.
func (h *heldTexts) hold(s string) string {
	if len(s) < heldFrom {
		return s
	}
	h.texts = append(h.texts, s)
	return string(h.prefix) + strconv.Itoa(len(h.texts)-1)
}

// splice writes encoded with each placeholder replaced by its text,
// double-quoted.
func (h *heldTexts) splice(out *bufio.Writer, encoded []byte) {
	for {
		i := bytes.Index(encoded, h.prefix)
		if i < 0 {
			out.Write(encoded)
			return
		}
		out.Write(encoded[:i])
		encoded = encoded[i+len(h.prefix):]
		n := 0
		for n < len(encoded) && '0' <= encoded[n] && encoded[n] <= '9' {
			n++
		}
		number, err := strconv.Atoi(string(encoded[:n]))
		if err != nil || number >= len(h.texts) {
			// Not one of ours: an input that held the prefix by chance
			// (a 64-bit nonce) is written as it is.
			out.Write(h.prefix)
			continue
		}
		encoded = encoded[n:]
		h.writeQuoted(out, h.texts[number])
	}
}

// writeQuoted writes text as a YAML double-quoted scalar on one line, a
// window at a time, with what a terminal would act on or hide escaped as
// escapeHidden escapes it.
func (h *heldTexts) writeQuoted(out *bufio.Writer, text string) {
	out.WriteByte('"')
	for i := 0; i < len(text); {
		h.buf, i = appendYAMLQuotedPart(h.buf[:0], text, i, min(len(text), i+yamlWindow))
		out.Write(safetext.EscapeJSON(h.buf))
	}
	out.WriteByte('"')
}

// appendYAMLQuotedPart appends, escaped for a double-quoted scalar, the
// characters of s that start in s[from:to], and returns where it
// stopped: to, or past it when a character starting before it runs over.
// Controls, DEL, the C1 range and the two non-characters YAML cannot
// print are \u escapes; invalid UTF-8 is U+FFFD, as a loader reads it.
func appendYAMLQuotedPart(dst []byte, s string, from, to int) ([]byte, int) {
	const digits = "0123456789abcdef"
	escape := func(r rune) {
		dst = append(dst, '\\', 'u', digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf])
	}
	start, i := from, from
	for i < to {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\r':
				dst = append(dst, '\\', 'r')
			default:
				escape(rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			escape(utf8.RuneError)
		case r < 0xa0 || r == 0xfffe || r == 0xffff:
			escape(r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
		start = i
	}
	return append(dst, s[start:i]...), i
}
