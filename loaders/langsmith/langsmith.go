// Package langsmith reads LangSmith runs as its API returns them (the Run
// schema: id, name, run_type, start_time, inputs, outputs, extra,
// trace_id, parent_run_id, prompt_tokens, ...): one run, a JSON array of
// runs, or one run a line. It registers the format with loaders/trace, so
// that every command reading a traces file reads these too: an llm run
// is an LLM span, opened as the request its inputs recorded, and a
// retriever run a document set with its query.
package langsmith

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"

	"ctxlab/core/usage"
	"ctxlab/loaders/trace"
)

func init() {
	trace.RegisterFormat(trace.Format{Name: "LangSmith runs", Sniff: Sniff, Scan: Scan})
}

// Convention is the Request.Convention of an llm run.
const Convention = "LangSmith llm run (inputs.messages)"

// Sniff says whether a file's head is LangSmith runs: its first record
// (the first element of an array) has a run_type.
func Sniff(head []byte) bool {
	head = bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("\ufeff")), " \t\r\n")
	keys, _ := trace.TopLevelKeys(head)
	return keys["run_type"]
}

// run is one LangSmith run.
type run struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	RunType    string          `json:"run_type"`
	Start      json.RawMessage `json:"start_time"`
	End        json.RawMessage `json:"end_time"`
	Inputs     map[string]any  `json:"inputs"`
	Outputs    map[string]any  `json:"outputs"`
	Extra      map[string]any  `json:"extra"`
	TraceID    string          `json:"trace_id"`
	Parent     string          `json:"parent_run_id"`
	Prompt     json.RawMessage `json:"prompt_tokens"`
	Completion json.RawMessage `json:"completion_tokens"`
	Children   json.RawMessage `json:"child_runs"`
}

// Scan reads LangSmith runs from r: one run a line, or one run or an
// array of runs for the whole file; a run's child_runs follow it.
func Scan(name string, r io.Reader, fn func(*trace.Span) error) error {
	what := trace.LinesOrWhole{
		Line:  "one LangSmith run a line",
		Whole: "LangSmith runs: one run a line, or a run or an array of runs for the whole file",
		Empty: "LangSmith runs: one run a line, or a run or an array of runs",
	}
	return trace.ScanLinesOrWhole(name, r, what, func(line int, data []byte) error {
		return scanValue(name, line, data, fn)
	})
}

// scanValue reads a run or an array of runs.
func scanValue(name string, line int, data []byte, fn func(*trace.Span) error) error {
	if data[0] == '[' {
		var runs []json.RawMessage
		if err := json.Unmarshal(data, &runs); err != nil {
			return trace.FormatLineError(name, line, "is not an array of LangSmith runs", err)
		}
		for i, raw := range runs {
			if err := emit(name, line, fmt.Sprintf("run %d", i+1), raw, fn); err != nil {
				return err
			}
		}
		return nil
	}
	return emit(name, line, "run", data, fn)
}

// emit reads one run and its child runs.
func emit(name string, line int, what string, raw json.RawMessage, fn func(*trace.Span) error) error {
	var r run
	if err := json.Unmarshal(raw, &r); err != nil {
		return trace.FormatLineError(name, line, what, err)
	}
	sp, err := spanOf(&r)
	if err != nil {
		return trace.FormatLineError(name, line, what, err)
	}
	sp.Line = line
	if err := fn(sp); err != nil {
		return err
	}
	if t := bytes.TrimSpace(r.Children); len(t) > 0 && t[0] == '[' {
		var children []json.RawMessage
		if err := json.Unmarshal(t, &children); err != nil {
			return trace.FormatLineError(name, line, what+": child_runs", err)
		}
		for i, c := range children {
			if err := emit(name, line, fmt.Sprintf("%s: child run %d", what, i+1), c, fn); err != nil {
				return err
			}
		}
	}
	return nil
}

func spanOf(r *run) (*trace.Span, error) {
	id := strings.TrimSpace(r.ID)
	if id == "" {
		return nil, errors.New("has no id; expected a LangSmith run {id, run_type, trace_id, start_time, inputs, outputs, ...}")
	}
	sp := &trace.Span{SpanID: id, TraceID: strings.TrimSpace(r.TraceID), ParentSpanID: r.Parent, Name: r.Name, Scope: "LangSmith",
		Attrs: map[string]any{"langsmith.run_type": r.RunType}}
	if sp.TraceID == "" {
		sp.TraceID = id // a run without trace_id is its trace's root
	}
	if strings.TrimSpace(r.Parent) == "" {
		// The root run's name names the trace, where OTLP has its service.
		sp.Service = r.Name
	}
	for _, s := range []string{sp.SpanID, sp.TraceID, sp.ParentSpanID} {
		if strings.ContainsFunc(s, unicode.IsControl) {
			return nil, fmt.Errorf("id %s holds control characters; expected a LangSmith run id", trace.QuoteValue(s))
		}
	}
	var err error
	if sp.Start, err = timeOf(r.Start, "start_time"); err != nil {
		return nil, fmt.Errorf("%s: %w", trace.QuoteValue(id), err)
	}
	if sp.End, err = timeOf(r.End, "end_time"); err != nil {
		return nil, fmt.Errorf("%s: %w", trace.QuoteValue(id), err)
	}
	switch strings.ToLower(r.RunType) {
	case "llm":
		sp.Request = requestOf(r, sp)
	case "retriever":
		sp.Retrieval = retrievalOf(r, sp)
	}
	return sp, nil
}

// timeOf reads a time: RFC 3339, or LangSmith's ISO time without a zone
// (UTC); a number is milliseconds since 1970, as the SDK sends it.
func timeOf(raw json.RawMessage, what string) (time.Time, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err == nil {
		switch x := v.(type) {
		case float64:
			if x > 0 && x < 1e15 {
				return time.UnixMilli(int64(x)).UTC(), nil
			}
		case string:
			for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999"} {
				if t, err := time.Parse(layout, x); err == nil {
					return t.UTC(), nil
				}
			}
		}
	}
	text := string(raw)
	if s, ok := v.(string); ok {
		text = s
	}
	return time.Time{}, fmt.Errorf("%s %s is not a time; expected RFC 3339 such as \"2026-01-02T15:04:05.000Z\"", what, trace.QuoteValue(text))
}

// count reads a whole, non-negative token count.
func count(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		if x >= 0 && x < 1<<50 && x == math.Trunc(x) {
			return int(x), true
		}
	case string:
		if n, err := strconv.Atoi(x); err == nil && n >= 0 {
			return n, true
		}
	}
	return 0, false
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

// usageOf reads an llm run's usage: outputs.usage_metadata (LangChain's
// convention, usage.LangChain, which LangSmith's wrappers follow:
// input_tokens is the whole prompt, cache reads and writes included and
// itemized in input_token_details), else the run's prompt_tokens (which
// LangSmith adds up from it), else an OpenAI usage or LangChain's
// llm_output.token_usage in the outputs (OpenAI's usage object,
// usage.OpenAI: prompt_tokens includes cached_tokens).
func usageOf(r *run) *trace.Usage {
	if um := asMap(r.Outputs["usage_metadata"]); um != nil {
		if in, ok := count(um["input_tokens"]); ok {
			u := &trace.Usage{Input: in, Field: "usage_metadata.input_tokens", Convention: usage.LangChain}
			u.Output, _ = count(um["output_tokens"])
			details := asMap(um["input_token_details"])
			u.Cached, _ = count(details["cache_read"])
			u.CacheWrite, _ = count(details["cache_creation"])
			return u
		}
	}
	var prompt, completion any
	if json.Unmarshal(r.Prompt, &prompt) == nil {
		if in, ok := count(prompt); ok {
			u := &trace.Usage{Input: in, Field: "prompt_tokens", Convention: usage.LangChain}
			if json.Unmarshal(r.Completion, &completion) == nil {
				u.Output, _ = count(completion)
			}
			return u
		}
	}
	for _, path := range [][]string{{"usage"}, {"llm_output", "token_usage"}} {
		m := r.Outputs
		for _, k := range path {
			m = asMap(m[k])
		}
		if in, ok := count(m["prompt_tokens"]); ok {
			u := &trace.Usage{Input: in, Field: "outputs." + strings.Join(path, ".") + ".prompt_tokens", Convention: usage.OpenAI}
			u.Output, _ = count(m["completion_tokens"])
			u.Cached, _ = count(asMap(m["prompt_tokens_details"])["cached_tokens"])
			return u
		}
	}
	return nil
}

// langChainRoles are the roles of LangChain's message types.
var langChainRoles = map[string]string{"human": "user", "ai": "assistant", "system": "system", "tool": "tool",
	"HumanMessage": "user", "AIMessage": "assistant", "SystemMessage": "system", "ToolMessage": "tool"}

// messages reads inputs.messages: OpenAI-shaped messages, LangChain's
// nested list of them, or LangChain messages ({type: human, content},
// or serialized {lc, id: [..., "HumanMessage"], kwargs}).
func messages(v any) []trace.Message {
	list, _ := v.([]any)
	if len(list) > 0 {
		if inner, ok := list[0].([]any); ok && len(list) == 1 {
			list = inner
		}
	}
	var out []any
	for _, item := range list {
		m := asMap(item)
		if m == nil {
			continue
		}
		if kw := asMap(m["kwargs"]); kw != nil {
			ids, _ := m["id"].([]any)
			msg := map[string]any{}
			for k, x := range kw {
				msg[k] = x
			}
			if len(ids) > 0 {
				name, _ := ids[len(ids)-1].(string)
				msg["role"] = langChainRoles[name]
			}
			m = msg
		}
		if m["role"] == nil {
			if typ, ok := m["type"].(string); ok && langChainRoles[typ] != "" {
				msg := map[string]any{"role": langChainRoles[typ]}
				for k, x := range m {
					if k != "type" {
						msg[k] = x
					}
				}
				m = msg
			}
		}
		// LangChain's tool calls: {name, args, id}.
		if calls, ok := m["tool_calls"].([]any); ok {
			fixed := make([]any, 0, len(calls))
			for _, c := range calls {
				cm := asMap(c)
				if args, ok := cm["args"]; ok && cm["function"] == nil {
					data, _ := json.Marshal(args)
					cm = map[string]any{"id": cm["id"], "function": map[string]any{"name": cm["name"], "arguments": string(data)}}
				}
				fixed = append(fixed, cm)
			}
			m["tool_calls"] = fixed
		}
		out = append(out, m)
	}
	return trace.ChatMessages(out)
}

// requestOf reads an llm run's request: inputs.messages (or
// inputs.prompts, each a user message), the tools of the inputs or the
// invocation parameters, the model LangSmith's metadata names.
func requestOf(r *run, sp *trace.Span) *trace.Request {
	meta := asMap(r.Extra["metadata"])
	params := asMap(r.Extra["invocation_params"])
	req := &trace.Request{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name, Convention: Convention, Content: true, Usage: usageOf(r)}
	for _, m := range []any{meta["ls_model_name"], r.Inputs["model"], params["model"], params["model_name"]} {
		if s, ok := m.(string); ok && s != "" {
			req.Model = s
			break
		}
	}
	switch {
	case r.Inputs["messages"] != nil:
		req.Messages = messages(r.Inputs["messages"])
	case r.Inputs["prompts"] != nil:
		prompts, _ := r.Inputs["prompts"].([]any)
		for _, p := range prompts {
			if s, ok := p.(string); ok {
				req.Messages = append(req.Messages, trace.Message{Role: "user", Content: s})
			}
		}
	default:
		req.Content = false
		req.Notes = append(req.Notes, "usage only: the run records no inputs.messages or inputs.prompts")
	}
	for _, tools := range []any{r.Inputs["tools"], params["tools"], r.Inputs["functions"], params["functions"]} {
		if tools != nil {
			req.Tools = trace.ToolDefinitions(tools)
			break
		}
	}
	if trace.MissingToolCalls(req.Messages) {
		req.Notes = append(req.Notes, trace.NoteMissingToolCalls)
	}
	return req
}

// retrievalOf reads a retriever run: its documents (outputs.documents,
// or the list the traced function returned, outputs.outputs), each
// {page_content, metadata}, and its query (inputs.query or input).
func retrievalOf(r *run, sp *trace.Span) *trace.Retrieval {
	ret := &trace.Retrieval{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name}
	for _, k := range []string{"query", "input", "question"} {
		if q, ok := r.Inputs[k].(string); ok {
			ret.Query = q
			break
		}
	}
	docs, _ := r.Outputs["documents"].([]any)
	if docs == nil {
		docs, _ = r.Outputs["outputs"].([]any)
	}
	var found []trace.RetrievedDoc
	for _, item := range docs {
		d := asMap(item)
		doc := trace.RetrievedDoc{Meta: asMap(d["metadata"])}
		doc.ID, _ = d["id"].(string)
		for _, key := range []string{"page_content", "pageContent", "content"} {
			if s, ok := d[key].(string); ok {
				doc.Content = s
				break
			}
		}
		found = append(found, doc)
	}
	ret.AddDocs(found, trace.RetrievalWords{
		NoDocs:   "the run records no documents (outputs.documents)",
		NoScores: "the documents have no scores: every document scores 1",
		NoIDs:    "the documents have no ids",
		NoQuery:  "the run records no query (inputs.query)",
	})
	return ret
}
