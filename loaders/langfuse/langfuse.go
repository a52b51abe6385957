// Package langfuse reads Langfuse's exports of traces: the trace view's
// "Download JSON" (the server's {observations, scores}, the browser's
// {trace, observations}, or a trace object with its observations, as the
// public API returns it) and the JSON Lines export of observations that
// the blob-storage integration and batch exports write, one observation a
// line in snake_case or camelCase. It registers the format with
// loaders/trace, so that every command reading a traces file reads these
// too: each GENERATION is an LLM span, opened as the request its input
// recorded, and a retriever's observation a document set with its query.
package langfuse

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"ctxlab/loaders/trace"
)

func init() {
	trace.RegisterFormat(trace.Format{Name: "Langfuse export", Sniff: Sniff, Scan: Scan})
}

// Convention is the Request.Convention of a GENERATION.
const Convention = "Langfuse GENERATION (input messages)"

// Sniff says whether a file's head is a Langfuse export, by the keys of
// its first record: a trace download ({"trace", "observations"},
// {"observations", "scores"}, or a trace object holding its
// "observations"), or an observation (an id, a trace id and a start time,
// and no run_type, which a LangSmith run has).
func Sniff(head []byte) bool {
	head = bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("\ufeff")), " \t\r\n")
	keys, array := trace.TopLevelKeys(head)
	if array {
		return false
	}
	if keys["observations"] || keys["trace"] && !keys["resourceSpans"] {
		return true
	}
	return keys["id"] && (keys["trace_id"] || keys["traceId"]) && (keys["start_time"] || keys["startTime"]) && !keys["run_type"]
}

// observation is one Langfuse observation in any of the exports' shapes:
// camelCase (the trace download, the public API, batch exports) or
// snake_case (the blob-storage export, ClickHouse's columns).
type observation struct {
	ID         string          `json:"id"`
	TraceID    string          `json:"traceId"`
	TraceIDs   string          `json:"trace_id"`
	Type       string          `json:"type"`
	Name       string          `json:"name"`
	Start      json.RawMessage `json:"startTime"`
	StartS     json.RawMessage `json:"start_time"`
	End        json.RawMessage `json:"endTime"`
	EndS       json.RawMessage `json:"end_time"`
	Parent     string          `json:"parentObservationId"`
	ParentS    string          `json:"parent_observation_id"`
	Model      string          `json:"model"`
	ModelS     string          `json:"provided_model_name"`
	Input      json.RawMessage `json:"input"`
	Output     json.RawMessage `json:"output"`
	Usage      json.RawMessage `json:"usageDetails"`
	UsageS     json.RawMessage `json:"usage_details"`
	InputUsage json.RawMessage `json:"inputUsage"`
	OutUsage   json.RawMessage `json:"outputUsage"`
	OldUsage   json.RawMessage `json:"usage"`
	Prompt     json.RawMessage `json:"promptTokens"`
	Completion json.RawMessage `json:"completionTokens"`
	Tools      json.RawMessage `json:"toolDefinitions"`
	ToolsS     json.RawMessage `json:"tool_definitions"`
	TraceName  string          `json:"traceName"`
	TraceNameS string          `json:"trace_name"`
	// Observations marks a trace download given as a line.
	Observations json.RawMessage `json:"observations"`
}

// download is a trace download: the server's {observations, scores}, the
// browser's {trace, observations}, or a trace with its observations.
type download struct {
	Trace        *traceObject      `json:"trace"`
	Observations []json.RawMessage `json:"observations"`
	traceObject
}

type traceObject struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Timestamp json.RawMessage `json:"timestamp"`
}

// Scan reads a Langfuse export from r and calls fn with each observation
// as a span, in file order: JSON Lines of observations (or of trace
// downloads), or one trace download for the whole file. Bad input is a
// *loaders.Error naming the file and, for JSON Lines, the line.
func Scan(name string, r io.Reader, fn func(*trace.Span) error) error {
	what := trace.LinesOrWhole{
		Line:  "one Langfuse observation a line",
		Whole: "a Langfuse export: a trace download, or one observation a line",
		Empty: "a Langfuse export: a trace download, or one observation a line",
	}
	return trace.ScanLinesOrWhole(name, r, what, func(line int, data []byte) error {
		return scanValue(name, line, data, fn)
	})
}

// scanValue reads one JSON value: a trace download or one observation.
func scanValue(name string, line int, data []byte, fn func(*trace.Span) error) error {
	var o observation
	if err := json.Unmarshal(data, &o); err != nil {
		if isDownload(data) {
			return scanDownload(name, line, data, fn)
		}
		return trace.FormatLineError(name, line, "observation", err)
	}
	if t := bytes.TrimSpace(o.Observations); len(t) > 0 && t[0] == '[' {
		return scanDownload(name, line, data, fn)
	}
	sp, err := spanOfObservation(&o, nil)
	if err != nil {
		return trace.FormatLineError(name, line, "observation", err)
	}
	sp.Line = line
	return fn(sp)
}

// isDownload says whether a JSON value is a trace download: an object
// with an observations array.
func isDownload(data []byte) bool {
	var probe struct {
		Observations json.RawMessage `json:"observations"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	t := bytes.TrimSpace(probe.Observations)
	return len(t) > 0 && t[0] == '['
}

func scanDownload(name string, line int, data []byte, fn func(*trace.Span) error) error {
	var d download
	if err := json.Unmarshal(data, &d); err != nil {
		return trace.FormatLineError(name, line, "is not a Langfuse trace download ({\"trace\", \"observations\"} or {\"observations\", \"scores\"})", err)
	}
	tr := d.Trace
	if tr == nil && d.ID != "" {
		tr = &d.traceObject
	}
	for i, raw := range d.Observations {
		sp, err := spanOf(raw, tr)
		if err != nil {
			return trace.FormatLineError(name, line, fmt.Sprintf("observation %d", i+1), err)
		}
		sp.Line = line
		if err := fn(sp); err != nil {
			return err
		}
	}
	return nil
}

// spanOf reads one observation; tr is the trace of a download (nil for a
// line of its own).
func spanOf(raw json.RawMessage, tr *traceObject) (*trace.Span, error) {
	var o observation
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, err
	}
	return spanOfObservation(&o, tr)
}

func spanOfObservation(o *observation, tr *traceObject) (*trace.Span, error) {
	id := strings.TrimSpace(o.ID)
	if id == "" {
		return nil, errors.New("has no id; expected a Langfuse observation {id, traceId, type, startTime, ...}")
	}
	sp := &trace.Span{SpanID: id, TraceID: first(o.TraceID, o.TraceIDs), ParentSpanID: first(o.Parent, o.ParentS),
		Name: o.Name, Service: first(o.TraceName, o.TraceNameS), Scope: "Langfuse",
		Attrs: map[string]any{"langfuse.observation.type": o.Type}}
	if tr != nil {
		if sp.TraceID == "" {
			sp.TraceID = tr.ID
		}
		if sp.Service == "" {
			sp.Service = tr.Name
		}
	}
	if sp.TraceID == "" {
		return nil, fmt.Errorf("%s has no trace id; expected traceId (trace_id)", trace.QuoteValue(id))
	}
	for _, s := range []string{sp.SpanID, sp.TraceID, sp.ParentSpanID} {
		if strings.ContainsFunc(s, unicode.IsControl) {
			return nil, fmt.Errorf("id %s holds control characters; expected a Langfuse id", trace.QuoteValue(s))
		}
	}
	var err error
	if sp.Start, err = timeOf(first(o.Start, o.StartS), "startTime"); err != nil {
		return nil, fmt.Errorf("%s: %w", trace.QuoteValue(id), err)
	}
	if sp.End, err = timeOf(first(o.End, o.EndS), "endTime"); err != nil {
		return nil, fmt.Errorf("%s: %w", trace.QuoteValue(id), err)
	}
	switch strings.ToUpper(o.Type) {
	case "GENERATION":
		sp.Request, err = requestOf(o, sp)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", trace.QuoteValue(id), err)
		}
	default:
		sp.Retrieval = retrievalOf(o, sp)
	}
	return sp, nil
}

// first is the first of values that is not empty.
func first[T ~string | json.RawMessage](values ...T) T {
	for _, v := range values {
		if len(v) > 0 && string(v) != "null" {
			return v
		}
	}
	var zero T
	return zero
}

// timeOf reads a time as the exports write it: RFC 3339 (the downloads)
// or ClickHouse's "2006-01-02 15:04:05.000", in UTC (the blob-storage
// export). Missing or null is the zero time.
func timeOf(raw json.RawMessage, what string) (time.Time, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return time.Time{}, fmt.Errorf("%s %s is not a time; expected text such as \"2026-01-02T15:04:05.000Z\"", what, trace.QuoteValue(string(raw)))
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%s %s is not a time; expected RFC 3339 or \"2006-01-02 15:04:05.000\"", what, trace.QuoteValue(s))
}

// decoded parses JSON text (the blob-storage export writes input and
// output as text): a string holding an object or array is parsed, other
// values are returned as they are.
func decoded(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	if s, ok := v.(string); ok {
		t := strings.TrimSpace(s)
		if strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			var inner any
			if json.Unmarshal([]byte(t), &inner) == nil {
				return inner
			}
		}
	}
	return v
}
