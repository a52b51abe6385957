package cli

import (
	"encoding/json"
	"io"

	"ctxlab/core/diagnose"
	"ctxlab/core/window"
	"ctxlab/internal/jsonstring"
)

// writeStreamedJSON writes the assemble report as writeJSON(out, doc)
// does, the same bytes, without holding its encoding whole. An
// imported request's messages or a history of one long message are
// most of the report: encoding/json would hold all of it in its buffer,
// escaped, beside the texts themselves. Here the long texts (every
// message's content, an Anthropic system prompt, format_memory's block)
// are escaped a window at a time and the keys around them are encoded
// by encoding/json a few at a time; TestStreamedAssembleJSONIsEncoded
// holds the two to the same bytes.
func writeStreamedJSON(out io.Writer, doc *assembleJSON) error {
	// The keys encoding/json writes are encoded first, so a value it
	// refuses (an infinite utilization) fails the report before any of
	// it is written, as Encode did.
	head, err := jsonMembers(doc.Assembly.assemblyJSONHead)
	if err != nil {
		return err
	}
	tail, err := jsonMembers(doc.Assembly.assemblyJSONTail)
	if err != nil {
		return err
	}
	var long longStrings
	rest, err := jsonMembers(holdLongRest(doc.assembleJSONRest, &long))
	if err != nil {
		return err
	}
	w := newJSONIndentWriter(out)
	s := &compactStream{out: w}
	s.raw(`{"model":`)
	s.value(doc.Model)
	if doc.MaxTokens != 0 {
		s.raw(`,"max_tokens":`)
		s.value(doc.MaxTokens)
	}
	if doc.System != "" {
		s.raw(`,"system":`)
		s.str(doc.System)
	}
	s.raw(`,"messages":`)
	s.messages(doc.Messages)
	if len(doc.Tools) != 0 {
		s.raw(`,"tools":`)
		s.rawJSON(doc.Tools)
	}
	s.raw(`,"assembly":{`)
	s.members(head, false)
	if fm := doc.Assembly.FormatMemory; fm != nil {
		s.raw(`,"format_memory":{"max_turns":`)
		s.value(fm.MaxTurns)
		s.raw(`,"block":"`)
		for part := range fm.BlockParts() {
			s.strPart(part)
		}
		s.raw(`","lines":`)
		s.value(fm.Lines)
		s.raw(`}`)
	}
	s.members(tail, true)
	s.raw(`}`)
	if err := s.flush(); err != nil {
		return err
	}
	var end []byte
	if len(rest) > 0 {
		end = append(end, ',')
	}
	end = append(end, rest...)
	end = append(end, "}\n"...) // Encode's line break
	return splice(w, end, &long)
}

// holdLongRest is rest with each finding's message and each space item's
// name held in long, to be spliced in a window at a time: a finding or a
// document's name may quote a source as long as the document, which
// encoding/json held escaped in its buffer, then in its result, then in
// the stream's (95 MB each for one 50 MB source). They are held in the
// order they are encoded, as splice expects.
func holdLongRest(rest assembleJSONRest, long *longStrings) assembleJSONRest {
	if rest.Findings != nil {
		held := make([]diagnose.Finding, len(rest.Findings))
		for i, f := range rest.Findings {
			f.Message = long.hold(f.Message)
			held[i] = f
		}
		rest.Findings = held
	}
	if rest.Space != nil {
		held := make([]spaceJSON, len(rest.Space))
		for i, it := range rest.Space {
			it.Label = jsonParts{long.hold(it.Label...)}
			held[i] = it
		}
		rest.Space = held
	}
	return rest
}

// jsonMembers is struct v's encoding without its braces: its keys and
// values, or nothing.
func jsonMembers(v any) ([]byte, error) {
	encoded, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return encoded[1 : len(encoded)-1], nil
}

// streamPiece is how many bytes of compact JSON are gathered before they
// are passed on, and streamWindow how much of a long string is escaped
// at once: the buffer stays a piece plus a window escaped.
const (
	streamPiece  = 64 << 10
	streamWindow = 32 << 10
)

// compactStream writes compact JSON, encoding/json's bytes, to out in
// pieces; the first error stops it and flush returns it.
type compactStream struct {
	out io.Writer
	b   []byte
	err error
}

func (s *compactStream) raw(text string) { s.b = append(s.b, text...) }

// value appends v as encoding/json encodes it.
func (s *compactStream) value(v any) {
	if s.err != nil {
		return
	}
	encoded, err := json.Marshal(v)
	if err != nil {
		s.err = err
		return
	}
	s.b = append(s.b, encoded...)
	s.flushIfFull()
}

// members appends keys and values from jsonMembers, after a comma when
// comma is set and there are any.
func (s *compactStream) members(inner []byte, comma bool) {
	if len(inner) > 0 && comma {
		s.b = append(s.b, ',')
	}
	s.b = append(s.b, inner...)
	s.flushIfFull()
}

// str appends text as a JSON string.
func (s *compactStream) str(text string) {
	s.b = append(s.b, '"')
	s.strPart(text)
	s.b = append(s.b, '"')
}

// strPart appends text escaped, without quotes, a window at a time. Parts
// of one string give its encoding when every cut between them falls
// next to an ASCII byte, as jsonstring.AppendPart decodes characters
// from the part itself.
func (s *compactStream) strPart(text string) {
	for i := 0; i < len(text) && s.err == nil; {
		s.b, i = jsonstring.AppendPart(s.b, text, i, min(len(text), i+streamWindow))
		s.flushIfFull()
	}
}

// messages appends the request's messages, each content a long string.
func (s *compactStream) messages(v any) {
	switch list := v.(type) {
	case []window.ChatMessage:
		streamList(s, list, func(m window.ChatMessage) {
			s.raw(`{"role":`)
			s.str(m.Role)
			s.raw(`,"content":`)
			s.str(m.Content)
			if m.Name != "" {
				s.raw(`,"name":`)
				s.str(m.Name)
			}
			if m.ToolCallID != "" {
				s.raw(`,"tool_call_id":`)
				s.str(m.ToolCallID)
			}
			if len(m.ToolCalls) != 0 {
				s.raw(`,"tool_calls":`)
				s.rawJSON(m.ToolCalls)
			}
			s.raw("}")
		})
	case []window.AnthropicMessage:
		streamList(s, list, func(m window.AnthropicMessage) { s.value(m) })
	default:
		s.value(v)
	}
}

// streamList appends list as a JSON array, each element by each; a nil
// list is null, as encoding/json writes it.
func streamList[T any](s *compactStream, list []T, each func(T)) {
	if list == nil {
		s.raw("null")
		return
	}
	s.raw("[")
	for i, m := range list {
		if i > 0 {
			s.raw(",")
		}
		each(m)
	}
	s.raw("]")
}

func (s *compactStream) flushIfFull() {
	if len(s.b) >= streamPiece {
		s.flushNow()
	}
}

func (s *compactStream) flushNow() {
	if s.err != nil || len(s.b) == 0 {
		return
	}
	_, s.err = s.out.Write(s.b)
	s.b = s.b[:0]
}

// flush passes on what is gathered and returns the first error.
func (s *compactStream) flush() error {
	s.flushNow()
	return s.err
}
