package trajectory

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	engine "ctxlab/core/trajectory"
	"ctxlab/core/usage"
	"ctxlab/loaders"
	"ctxlab/loaders/request"
)

// Options are the request options every turn is opened with: the window,
// model and reserve given on the command line.
type Options = request.Options

// Supported describes, on one line, what Load reads.
const Supported = "a VCR cassette; a JSON array of chat request bodies or a folder of them; " +
	"one conversation given whole (a chat request body or a message list); " +
	"or an OTLP JSON traces file, one trace's LLM spans (--trace-id ID)"

// TurnBody is one turn's request body and what its provider recorded.
type TurnBody struct {
	// Label names where the body came from: "interaction 3", "request 2"
	// or "message 14".
	Label    string
	Body     []byte
	Recorded *engine.Recorded
}

// Load reads a trajectory from a file or a folder and measures each turn.
func Load(path string, opts Options) (*engine.Trajectory, error) {
	bodies, err := ReadBodies(path)
	if err != nil {
		return nil, err
	}
	return Build(path, bodies, opts)
}

// ReadBodies reads a file or folder's turns as request bodies.
func ReadBodies(path string) ([]TurnBody, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, &loaders.Error{Name: path, Msg: "cannot be read: " + describeErr(err)}
	}
	if !info.IsDir() {
		data, err := loaders.ReadInputFile(path)
		if err != nil {
			return nil, err
		}
		return ParseBodies(path, data)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, &loaders.Error{Name: path, Msg: "cannot be read: " + describeErr(err)}
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && (strings.HasSuffix(e.Name(), ".json") || strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil, &loaders.Error{Name: path, Msg: "is a folder with no .json or .yaml files; expected one chat request body per file"}
	}
	var out []TurnBody
	for _, n := range names {
		file := filepath.Join(path, n)
		data, err := loaders.ReadInputFile(file)
		if err != nil {
			return nil, err
		}
		body, err := decode(file, data)
		if err != nil {
			return nil, err
		}
		obj, ok := body.(map[string]any)
		if !ok {
			return nil, &loaders.Error{Name: file, Msg: "is not an object; expected a chat request body {model, messages}"}
		}
		raw, _ := json.Marshal(obj)
		out = append(out, TurnBody{Label: "file " + n, Body: raw})
	}
	return out, nil
}

func describeErr(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func decode(name string, data []byte) (any, error) {
	if data = loaders.StripBOM(data); loaders.IsBlank(data) {
		return nil, loaders.EmptyError(name, Supported)
	}
	var v any
	if json.Valid(data) {
		if err := json.Unmarshal(data, &v); err == nil {
			return v, nil
		}
	}
	if err := yaml.Unmarshal(data, &v); err != nil {
		// Input that opens like JSON, or a file named .json, is told
		// where its JSON broke: YAML's complaint about a cut-off JSON
		// body names no column and a syntax the file does not use.
		if loaders.LooksLikeJSON(data) || strings.HasSuffix(strings.ToLower(name), ".json") {
			if _, jerr := loaders.DecodeJSON(name, data); jerr != nil {
				return nil, jerr
			}
		}
		return nil, &loaders.Error{Name: name, Msg: "is neither JSON nor YAML: " + firstLine(err.Error()) + "; expected " + Supported}
	}
	return normalize(v), nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// normalize turns YAML's map[any]any (never made by yaml.v3 for string
// keys, but a key may be a number) into map[string]any throughout.
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalize(e)
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[fmt.Sprint(k)] = normalize(e)
		}
		return m
	case []any:
		for i, e := range x {
			x[i] = normalize(e)
		}
		return x
	}
	return v
}

// ParseBodies reads one file's turns as request bodies.
func ParseBodies(name string, data []byte) ([]TurnBody, error) {
	v, err := decode(name, data)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case map[string]any:
		if list, ok := x["interactions"].([]any); ok {
			return cassetteBodies(name, list)
		}
		if _, ok := x["interactions"]; ok {
			return nil, &loaders.Error{Name: name, Msg: "is a VCR cassette whose interactions are not a list"}
		}
		msgs, ok := x["messages"].([]any)
		if !ok {
			return nil, &loaders.Error{Name: name, Msg: `is an object with no "messages" list; expected ` + Supported}
		}
		return conversationBodies(name, x, msgs)
	case []any:
		if len(x) == 0 {
			return nil, &loaders.Error{Name: name, Msg: "is an empty list; expected " + Supported}
		}
		first, _ := x[0].(map[string]any)
		if _, isBody := first["messages"]; isBody {
			out := make([]TurnBody, 0, len(x))
			for i, item := range x {
				obj, ok := item.(map[string]any)
				if !ok {
					return nil, &loaders.Error{Name: name, Record: i + 1, Msg: fmt.Sprintf("request %d is not an object; expected a chat request body {model, messages}", i+1)}
				}
				raw, _ := json.Marshal(obj)
				out = append(out, TurnBody{Label: fmt.Sprintf("request %d", i+1), Body: raw})
			}
			return out, nil
		}
		if _, isMsg := first["role"]; isMsg {
			return conversationBodies(name, map[string]any{}, x)
		}
		return nil, &loaders.Error{Name: name, Msg: "is a list whose first item is neither a request body (with messages) nor a message (with role); expected " + Supported}
	}
	return nil, &loaders.Error{Name: name, Msg: "holds a single value; expected " + Supported}
}

// conversationBodies makes one request per assistant message: the body's
// other fields with the messages before it.
func conversationBodies(name string, body map[string]any, msgs []any) ([]TurnBody, error) {
	var out []TurnBody
	// A turn is labelled with its assistant message's number as sent
	// (window.Numbering): an Anthropic body's top-level system prompt is
	// message 1.
	at := 1
	switch system := body["system"].(type) {
	case string:
		if system != "" {
			at = 2
		}
	case []any:
		if len(system) > 0 {
			at = 2
		}
	}
	for i, m := range msgs {
		obj, ok := m.(map[string]any)
		if !ok {
			return nil, &loaders.Error{Name: name, Record: i + 1, Msg: fmt.Sprintf("message %d is not an object; expected {role, content}", i+1)}
		}
		if role, _ := obj["role"].(string); role != "assistant" || i == 0 {
			continue
		}
		turn := make(map[string]any, len(body))
		for k, v := range body {
			turn[k] = v
		}
		turn["messages"] = msgs[:i]
		raw, err := json.Marshal(turn)
		if err != nil {
			return nil, &loaders.Error{Name: name, Record: i + 1, Msg: fmt.Sprintf("the request before message %d cannot be written as JSON: %v", i+1, err)}
		}
		out = append(out, TurnBody{Label: fmt.Sprintf("message %d", i+at), Body: raw})
	}
	if len(out) == 0 {
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("holds %d messages and no assistant message after the first; expected a conversation whose assistant messages are its turns", len(msgs))}
	}
	return out, nil
}

// cassetteBodies takes every interaction whose request is a chat
// request, in order.
func cassetteBodies(name string, list []any) ([]TurnBody, error) {
	var out []TurnBody
	for i, item := range list {
		interaction, _ := item.(map[string]any)
		request, _ := interaction["request"].(map[string]any)
		body := bodyOf(request)
		if _, ok := body["messages"].([]any); !ok {
			continue
		}
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, &loaders.Error{Name: name, Record: i + 1, Msg: fmt.Sprintf("interaction %d's request cannot be written as JSON: %v", i+1, err)}
		}
		out = append(out, TurnBody{Label: fmt.Sprintf("interaction %d", i+1), Body: raw, Recorded: recordedOf(interaction)})
	}
	if len(out) == 0 {
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("is a VCR cassette with %d interactions, none with a chat request (request.parsed_body with messages)", len(list))}
	}
	return out, nil
}

// bodyOf is a cassette request or response's decoded body: parsed_body,
// else body.string as JSON.
func bodyOf(message map[string]any) map[string]any {
	if parsed, ok := message["parsed_body"].(map[string]any); ok {
		return parsed
	}
	if body, ok := message["body"].(map[string]any); ok {
		if text, ok := body["string"].(string); ok {
			var obj map[string]any
			if json.Unmarshal([]byte(text), &obj) == nil {
				return obj
			}
		}
	}
	return nil
}

// recordedOf is the bill an interaction's response recorded, read as
// assemble --request reads it (request.RecordedUsage: OpenAI's
// prompt_tokens with its cached_tokens, Anthropic's input_tokens with its
// cache reads and writes), nil when it records none.
func recordedOf(interaction map[string]any) *engine.Recorded {
	rec, ok := request.RecordedUsage(interaction)
	if !ok {
		return nil
	}
	return recordedBill(rec.Billed())
}

// recordedBill is a turn's recorded bill: the whole prompt, the cache
// counted once, and the part read from and written to the cache.
func recordedBill(b usage.Billed) *engine.Recorded {
	return &engine.Recorded{InputTokens: b.InputTokens, CachedTokens: b.CachedTokens, CacheWriteTokens: b.CacheWriteTokens}
}

// Build opens each turn's body and measures it.
func Build(name string, bodies []TurnBody, opts Options) (*engine.Trajectory, error) {
	if len(bodies) == 0 {
		return nil, &loaders.Error{Name: name, Msg: "holds no turn; expected " + Supported}
	}
	var b *engine.Builder
	for i, tb := range bodies {
		sc, err := request.Parse(name, tb.Body, opts)
		if err != nil {
			msg := err.Error()
			var le *loaders.Error
			if errors.As(err, &le) {
				msg = le.Msg
			}
			return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("turn %d (%s): %s", i+1, tb.Label, msg)}
		}
		if b == nil {
			s := sc.Settings
			b = engine.NewBuilder(name, s.Model, sc.Provider, s.Pipeline.Tokenizer, s.Budget.TotalWindow)
		}
		if err := b.AddScenario(tb.Label, sc, tb.Recorded); err != nil {
			return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("turn %d: %v", i+1, err)}
		}
	}
	return b.Trajectory(), nil
}
