package export

import (
	"encoding/json"
	"io"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/jsonout"
)

// writeRequestJSON writes the assembled request in OpenAI's chat
// completions shape, or in Anthropic's Messages shape for a request
// imported from Anthropic and laid out as a chat, or in the Responses
// API's shape for a request read from one, so it can be sent again
// as it is: json.MarshalIndent's bytes with nothing a terminal acts on
// left raw, as the file is meant to be read in a terminal too. It is
// written as the headless reports write theirs, compact JSON through
// jsonout's writer, each message's content escaped a window at a
// time: the context block of a set sent whole is as long as the set, and
// MarshalIndent held it escaped, indented and grown by doubling.
func writeRequestJSON(w io.Writer, ev *core.Evaluation, provider string) error {
	s := &requestStream{out: jsonout.NewWriter(w, 0)}
	a := ev.Assembly
	if a.SendsResponsesBody() {
		s.responsesBody(a.ResponsesBody(ev.Settings.Model))
	} else if a.SendsAnthropicBody(provider) {
		body := a.AnthropicBody(ev.Settings.Model)
		s.raw("{")
		if body.Model != "" {
			s.raw(`"model":`)
			s.value(body.Model)
			s.raw(",")
		}
		s.raw(`"max_tokens":`)
		s.value(body.MaxTokens)
		switch {
		case len(body.SystemBlocks) > 0:
			s.raw(`,"system":`)
			s.value(body.SystemBlocks)
		case body.System != "":
			s.raw(`,"system":`)
			s.str(body.System)
		}
		s.raw(`,"messages":[`)
		for i, m := range body.Messages {
			if i > 0 {
				s.raw(",")
			}
			s.value(m)
		}
		s.raw("]")
		if len(body.Tools) > 0 {
			s.raw(`,"tools":`)
			s.value(body.Tools)
		}
	} else {
		// encoding/json writes a map's keys sorted: messages, model, tools.
		s.raw(`{"messages":`)
		if a.Messages == nil {
			s.raw("null")
		} else {
			s.raw("[")
			for i, m := range a.Messages {
				if i > 0 {
					s.raw(",")
				}
				s.chatMessage(m)
			}
			s.raw("]")
		}
		if ev.Settings.Model != "" {
			s.raw(`,"model":`)
			s.value(ev.Settings.Model)
		}
		if len(a.Tools) > 0 {
			s.raw(`,"tools":`)
			s.value(a.Tools)
		}
	}
	s.raw("}")
	if err := s.flush(); err != nil {
		return err
	}
	if err := s.out.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// responsesBody appends a Responses API body but its closing brace, its
// keys as encoding/json writes window.ResponsesBody, each item whole.
func (s *requestStream) responsesBody(body window.ResponsesBody) {
	s.raw("{")
	if body.Model != "" {
		s.raw(`"model":`)
		s.value(body.Model)
		s.raw(",")
	}
	if body.Instructions != "" {
		s.raw(`"instructions":`)
		s.str(body.Instructions)
		s.raw(",")
	}
	s.raw(`"input":[`)
	for i, item := range body.Input {
		if i > 0 {
			s.raw(",")
		}
		s.value(item)
	}
	s.raw("]")
	for _, f := range []struct {
		key   string
		value any
	}{{"tools", body.Tools}, {"tool_choice", body.ToolChoice}, {"parallel_tool_calls", body.ParallelToolCalls}, {"text", body.Text}} {
		switch v := f.value.(type) {
		case []json.RawMessage:
			if len(v) == 0 {
				continue
			}
		case json.RawMessage:
			if len(v) == 0 {
				continue
			}
		}
		s.raw(`,"` + f.key + `":`)
		s.value(f.value)
	}
	if body.MaxOutputTokens > 0 {
		s.raw(`,"max_output_tokens":`)
		s.value(body.MaxOutputTokens)
	}
}

// requestStream gathers compact JSON, encoding/json's bytes, and passes
// it on in pieces; the first error stops it and flush returns it.
type requestStream struct {
	out *jsonout.Writer
	b   []byte
	err error
}

// requestPiece is how much compact JSON is gathered before it is passed
// on, and requestWindow how much of a long string is escaped at once.
const (
	requestPiece  = 64 << 10
	requestWindow = 32 << 10
)

func (s *requestStream) raw(text string) { s.b = append(s.b, text...) }

// value appends v as encoding/json encodes it: the small parts (a
// model's name, a tool call, an Anthropic turn's blocks).
func (s *requestStream) value(v any) {
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

// str appends text as a JSON string, escaped a window at a time.
func (s *requestStream) str(text string) {
	s.b = append(s.b, '"')
	for i := 0; i < len(text) && s.err == nil; {
		s.b, i = jsonout.AppendPart(s.b, text, i, min(len(text), i+requestWindow))
		s.flushIfFull()
	}
	s.b = append(s.b, '"')
}

// chatMessage appends a message as encoding/json encodes
// window.ChatMessage, its fields in order, the empty ones left out.
func (s *requestStream) chatMessage(m window.ChatMessage) {
	if m.Sent != nil && !m.Sent.Blocks {
		// An imported request's message, as it was sent.
		s.value(m.Sent.JSON)
		return
	}
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
		s.value(m.ToolCalls)
	}
	s.raw("}")
}

func (s *requestStream) flushIfFull() {
	if len(s.b) >= requestPiece {
		s.flushNow()
	}
}

func (s *requestStream) flushNow() {
	if s.err != nil || len(s.b) == 0 {
		return
	}
	_, s.err = s.out.Write(s.b)
	s.b = s.b[:0]
}

// flush passes on what is gathered and returns the first error.
func (s *requestStream) flush() error {
	s.flushNow()
	return s.err
}
