package langfuse

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"ctxlab/core/usage"
	"ctxlab/loaders/trace"
)

const (
	noteNoInput      = "usage only: the observation holds no input (the browser's download of a trace leaves it out, as do exports without the io fields)"
	noteNoInputWhere = "the server's Download JSON and the blob-storage export keep each observation's input and output"
	noteNotChat      = "the input is not chat messages: it opens as one user message holding its JSON"
)

// counts reads a map of token counts: numbers, or integers quoted, as
// ClickHouse writes its UInt64 map values. null is no counts.
func counts(raw json.RawMessage, field string) (map[string]int, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s is not an object of token counts", field)
	}
	out := make(map[string]int, len(m))
	for k, v := range m {
		n, ok := tokenCount(v)
		if !ok {
			if v == nil {
				continue
			}
			return nil, fmt.Errorf("%s.%s %s is not a token count; expected a whole number", field, k, trace.QuoteValue(fmt.Sprint(v)))
		}
		out[k] = n
	}
	return out, nil
}

// tokenCount reads a whole, non-negative count: a number or its text.
func tokenCount(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		if x >= 0 && x < 1<<50 && x == math.Trunc(x) {
			return int(x), true
		}
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil && n >= 0 {
			return n, true
		}
	}
	return 0, false
}

// usageFromDetails reads Langfuse's usage details under Langfuse's
// convention (usage.Langfuse): "input" holds the input tokens that are
// not otherwise itemized, and each cache or modality detail
// (input_cached_tokens, input_cache_read, input_cache_creation,
// input_audio_tokens, ...) is counted apart from it, as Langfuse's own
// reduceUsageOrCostDetails adds them up for the observation's inputUsage.
// The cache reads (a key naming cached or cache_read) are Cached, the
// cache writes (cache_creation, cache_write) CacheWrite, and every other
// key naming input is Input: the input without the cache, which the
// convention adds back. Where the recorded total shows the details within
// input (input + output = total), input is the whole prompt and the input
// without the cache is input less the cache details.
// field names the map ("usageDetails", "usage_details"); nil when no key
// names input.
func usageFromDetails(details map[string]int, field string) *trace.Usage {
	keys := make([]string, 0, len(details))
	for k := range details {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	u := &trace.Usage{Convention: usage.Langfuse}
	var named []string
	inputs, itemized := 0, 0
	for _, k := range keys {
		n := details[k]
		switch {
		case strings.Contains(k, "input"):
			inputs++
			if k != "input" {
				itemized += n
			}
			if k == "input" || n > 0 {
				named = append(named, k)
			}
			switch {
			case strings.Contains(k, "cached") || strings.Contains(k, "cache_read"):
				u.Cached += n
			case strings.Contains(k, "cache_creation") || strings.Contains(k, "cache_write"):
				u.CacheWrite += n
			default:
				u.Input += n
			}
		case strings.Contains(k, "output"):
			u.Output += n
		}
	}
	if inputs == 0 {
		return nil
	}
	// Some SDKs (the langfuse npm SDK's observeOpenAI) record OpenAI's
	// prompt_tokens as input with its details beside: then input and
	// output make the total, which under Langfuse's convention would
	// also hold the details. The details are within input, not added:
	// the input without the cache is input less the cache.
	in, hasIn := details["input"]
	total, hasTotal := details["total"]
	if hasIn && hasTotal && itemized > 0 && total == in+details["output"] && u.Cached+u.CacheWrite <= in {
		u.Input = in - u.Cached - u.CacheWrite
		u.Field = field + " input (its details within it: input + output = total)"
		return u
	}
	// "input" first, then the details that hold tokens.
	sort.SliceStable(named, func(a, b int) bool { return named[a] == "input" && named[b] != "input" })
	if len(named) == 0 {
		named = []string{"input"}
	}
	u.Field = field + " " + strings.Join(named, " + ")
	return u
}

// usageOf is the usage an observation recorded: its usage details (the
// exports since Langfuse 3), else the inputUsage the trace view adds up
// from them, else the older usage {input, output} or promptTokens.
func usageOf(o *observation) (*trace.Usage, error) {
	field, raw := "usageDetails", o.Usage
	if len(raw) == 0 || string(raw) == "null" {
		field, raw = "usage_details", o.UsageS
	}
	details, err := counts(raw, field)
	if err != nil {
		return nil, err
	}
	if u := usageFromDetails(details, field); u != nil {
		return u, nil
	}
	one := func(raw json.RawMessage) (int, bool) {
		var v any
		if json.Unmarshal(raw, &v) != nil {
			return 0, false
		}
		return tokenCount(v)
	}
	if in, ok := one(o.InputUsage); ok && in > 0 {
		out, _ := one(o.OutUsage)
		return &trace.Usage{Input: in, Output: out, Field: "inputUsage", Convention: usage.Langfuse}, nil
	}
	// The older usage object also holds its unit ("TOKENS") and costs.
	var old map[string]any
	if json.Unmarshal(o.OldUsage, &old) == nil {
		for _, k := range [][2]string{{"input", "output"}, {"promptTokens", "completionTokens"}} {
			if in, ok := tokenCount(old[k[0]]); ok {
				out, _ := tokenCount(old[k[1]])
				return &trace.Usage{Input: in, Output: out, Field: "usage." + k[0], Convention: usage.Langfuse}, nil
			}
		}
	}
	if in, ok := one(o.Prompt); ok {
		out, _ := one(o.Completion)
		return &trace.Usage{Input: in, Output: out, Field: "promptTokens", Convention: usage.Langfuse}, nil
	}
	return nil, nil
}

// requestOf reads a GENERATION's request: its input as OpenAI chat
// messages (a list, or {messages, tools} as Langfuse's OpenAI
// integration records it), a text prompt as one user message; the tools
// from the input, else the observation's toolDefinitions.
func requestOf(o *observation, sp *trace.Span) (*trace.Request, error) {
	req := &trace.Request{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name, Model: first(o.Model, o.ModelS),
		Convention: Convention, Content: true}
	var err error
	if req.Usage, err = usageOf(o); err != nil {
		return nil, err
	}
	switch in := decoded(o.Input).(type) {
	case nil:
		req.Content = false
		req.Notes = append(req.Notes, noteNoInput, noteNoInputWhere)
		return req, nil
	case string:
		req.Messages = []trace.Message{{Role: "user", Content: in}}
	case []any:
		req.Messages = trace.ChatMessages(in)
	case map[string]any:
		switch {
		case in["messages"] != nil:
			req.Messages = trace.ChatMessages(in["messages"])
		case in["role"] != nil:
			req.Messages = trace.ChatMessages(in)
		default:
			if p, ok := in["prompt"].(string); ok {
				req.Messages = []trace.Message{{Role: "user", Content: p}}
				break
			}
			data, _ := json.Marshal(in)
			req.Messages = []trace.Message{{Role: "user", Content: string(data)}}
			req.Notes = append(req.Notes, noteNotChat)
		}
		for _, key := range []string{"tools", "functions"} {
			if in[key] != nil {
				req.Tools = append(req.Tools, trace.ToolDefinitions(in[key])...)
			}
		}
	default:
		data, _ := json.Marshal(in)
		req.Messages = []trace.Message{{Role: "user", Content: string(data)}}
		req.Notes = append(req.Notes, noteNotChat)
	}
	if len(req.Tools) == 0 {
		// Langfuse's toolDefinitions: {name: definition as JSON text}.
		var defs map[string]any
		if json.Unmarshal(first(o.Tools, o.ToolsS), &defs) == nil && len(defs) > 0 {
			names := make([]string, 0, len(defs))
			for name := range defs {
				names = append(names, name)
			}
			sort.Strings(names)
			for _, name := range names {
				req.Tools = append(req.Tools, trace.ToolDefinitions(defs[name])...)
			}
		}
	}
	if trace.MissingToolCalls(req.Messages) {
		req.Notes = append(req.Notes, trace.NoteMissingToolCalls)
	}
	return req, nil
}

// retrievalOf reads a retriever's observation: a RETRIEVER, or any
// observation whose output is a list of LangChain documents
// ({pageContent, metadata, id}), as Langfuse's LangChain integration
// records a retriever. nil for any other observation.
func retrievalOf(o *observation, sp *trace.Span) *trace.Retrieval {
	out := decoded(o.Output)
	if m, ok := out.(map[string]any); ok && m["documents"] != nil {
		out = m["documents"]
	}
	items, _ := out.([]any)
	retriever := strings.EqualFold(o.Type, "RETRIEVER")
	if !retriever && !langChainDocuments(items) {
		return nil
	}
	r := &trace.Retrieval{SpanID: sp.SpanID, TraceID: sp.TraceID, Name: sp.Name, Query: queryOf(decoded(o.Input))}
	var docs []trace.RetrievedDoc
	for _, item := range items {
		d, _ := item.(map[string]any)
		doc := trace.RetrievedDoc{ID: trace.IDText(d["id"])}
		doc.Meta, _ = d["metadata"].(map[string]any)
		for _, key := range []string{"pageContent", "page_content", "content", "text"} {
			if s, ok := d[key].(string); ok {
				doc.Content = s
				break
			}
		}
		doc.Score, doc.Scored = d["score"].(float64)
		docs = append(docs, doc)
	}
	r.AddDocs(docs, trace.RetrievalWords{
		NoDocs:   "the observation records no documents in its output",
		NoScores: "the documents have no scores: every document scores 1",
		NoIDs:    "the documents have no ids",
		NoQuery:  "the observation records no query (input)",
	})
	return r
}

// langChainDocuments says whether items is a non-empty list of LangChain
// documents.
func langChainDocuments(items []any) bool {
	for _, item := range items {
		d, ok := item.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := d["pageContent"].(string); !ok {
			if _, ok := d["page_content"].(string); !ok {
				return false
			}
		}
	}
	return len(items) > 0
}

// queryOf is a retrieval's query: its input as text, or the query, input
// or question field of an object.
func queryOf(in any) string {
	switch x := in.(type) {
	case string:
		return x
	case map[string]any:
		for _, key := range []string{"query", "input", "question"} {
			if q, ok := x[key].(string); ok {
				return q
			}
		}
	}
	return ""
}
