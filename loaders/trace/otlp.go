package trace

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"ctxlab/internal/safetext"
	"ctxlab/loaders"
)

// Span is one OTLP span with its attributes decoded to Go values: string,
// int64, float64, bool, []any (arrayValue), map[string]any (kvlistValue)
// and string again for bytesValue (base64, as OTLP JSON writes it).
type Span struct {
	TraceID      string // 32 hex digits
	SpanID       string // 16 hex digits
	ParentSpanID string // "" for a root span
	Name         string
	Start, End   time.Time
	// Service is the resource's service.name; Scope the instrumentation
	// scope's name and version.
	Service, Scope string
	Attrs          map[string]any
	Events         []Event
	// Line is the file's line the span was read from (JSON Lines), 0 for
	// a file holding one request.
	Line int
	// Request and Retrieval are what a registered format (Format) read
	// the span as, which RequestOf and RetrievalOf return; nil for OTLP.
	Request   *Request
	Retrieval *Retrieval
}

// Event is a span event or, from a logs file, a log record tied to a
// span: its name (a log record's event_name or event.name attribute),
// attributes and, for a log record, its body.
type Event struct {
	Name  string
	Time  time.Time
	Attrs map[string]any
	Body  any
}

// The OTLP JSON encoding of ExportTraceServiceRequest and
// ExportLogsServiceRequest: lowerCamelCase keys, ids as hex, 64-bit
// integers as strings (numbers are accepted too: JavaScript's serializer
// writes them so).
type (
	otlpTraces struct {
		ResourceSpans []struct {
			Resource   otlpResource `json:"resource"`
			ScopeSpans []scopeSpans `json:"scopeSpans"`
			// The name before OTLP 0.15.
			InstrumentationLibrarySpans []scopeSpans `json:"instrumentationLibrarySpans"`
		} `json:"resourceSpans"`
	}
	otlpResource struct {
		Attributes []keyValue `json:"attributes"`
	}
	otlpScope struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	scopeSpans struct {
		Scope                  otlpScope  `json:"scope"`
		InstrumentationLibrary otlpScope  `json:"instrumentationLibrary"`
		Spans                  []otlpSpan `json:"spans"`
	}
	otlpSpan struct {
		TraceID           string          `json:"traceId"`
		SpanID            string          `json:"spanId"`
		ParentSpanID      string          `json:"parentSpanId"`
		Name              string          `json:"name"`
		StartTimeUnixNano json.RawMessage `json:"startTimeUnixNano"`
		EndTimeUnixNano   json.RawMessage `json:"endTimeUnixNano"`
		Attributes        []keyValue      `json:"attributes"`
		Events            []struct {
			TimeUnixNano json.RawMessage `json:"timeUnixNano"`
			Name         string          `json:"name"`
			Attributes   []keyValue      `json:"attributes"`
		} `json:"events"`
	}
	keyValue struct {
		Key   string   `json:"key"`
		Value anyValue `json:"value"`
	}
	anyValue struct {
		StringValue *string         `json:"stringValue"`
		IntValue    json.RawMessage `json:"intValue"`
		DoubleValue json.RawMessage `json:"doubleValue"`
		BoolValue   *bool           `json:"boolValue"`
		BytesValue  *string         `json:"bytesValue"`
		ArrayValue  *struct {
			Values []anyValue `json:"values"`
		} `json:"arrayValue"`
		KvlistValue *struct {
			Values []keyValue `json:"values"`
		} `json:"kvlistValue"`
	}

	otlpLogs struct {
		ResourceLogs []struct {
			ScopeLogs []struct {
				LogRecords []otlpLogRecord `json:"logRecords"`
			} `json:"scopeLogs"`
		} `json:"resourceLogs"`
	}
	otlpLogRecord struct {
		TimeUnixNano json.RawMessage `json:"timeUnixNano"`
		EventName    string          `json:"eventName"`
		Body         *anyValue       `json:"body"`
		Attributes   []keyValue      `json:"attributes"`
		TraceID      string          `json:"traceId"`
		SpanID       string          `json:"spanId"`
	}
)

// valueOf decodes an AnyValue; what says where it is, for an error.
func valueOf(v anyValue, what string) (any, error) {
	switch {
	case v.StringValue != nil:
		return *v.StringValue, nil
	case v.IntValue != nil:
		s := strings.Trim(string(v.IntValue), `"`)
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: intValue %s is not a 64-bit integer", what, safeQuote(string(v.IntValue)))
		}
		return n, nil
	case v.DoubleValue != nil:
		s := strings.Trim(string(v.DoubleValue), `"`)
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: doubleValue %s is not a number", what, safeQuote(string(v.DoubleValue)))
		}
		return f, nil
	case v.BoolValue != nil:
		return *v.BoolValue, nil
	case v.BytesValue != nil:
		return *v.BytesValue, nil
	case v.ArrayValue != nil:
		out := make([]any, len(v.ArrayValue.Values))
		for i, item := range v.ArrayValue.Values {
			x, err := valueOf(item, fmt.Sprintf("%s[%d]", what, i))
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case v.KvlistValue != nil:
		return attrsOf(v.KvlistValue.Values, what+".")
	}
	return nil, nil
}

// attrsOf decodes a list of key-values; prefix names where they are.
func attrsOf(kvs []keyValue, prefix string) (map[string]any, error) {
	out := make(map[string]any, len(kvs))
	for _, kv := range kvs {
		x, err := valueOf(kv.Value, "attribute "+prefix+kv.Key)
		if err != nil {
			return nil, err
		}
		out[kv.Key] = x
	}
	return out, nil
}

// unixNano reads a fixed64 time: a string of digits or a number; missing
// is the zero time.
func unixNano(raw json.RawMessage, what string) (time.Time, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return time.Time{}, nil
	}
	s := strings.Trim(string(raw), `"`)
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		if f, ferr := strconv.ParseFloat(s, 64); ferr == nil && f >= 0 && f < 1<<63 {
			n, err = uint64(f), nil
		}
	}
	if err != nil || n >= 1<<63 {
		return time.Time{}, fmt.Errorf("%s %s is not a time in nanoseconds since 1970", what, safeQuote(string(raw)))
	}
	if n == 0 {
		return time.Time{}, nil
	}
	return time.Unix(0, int64(n)).UTC(), nil
}

// hexID reads a trace or span id of size bytes: hex, as OTLP JSON writes
// it, or base64, as a protobuf JSON encoder that does not follow OTLP's
// rule writes it. "" stays "" (a root span's parent).
func hexID(s string, size int, what string) (string, error) {
	if s == "" {
		return "", nil
	}
	if len(s) == 2*size {
		if _, err := hex.DecodeString(s); err == nil {
			return strings.ToLower(s), nil
		}
	}
	if b, err := base64.StdEncoding.DecodeString(s); err == nil && len(b) == size {
		return hex.EncodeToString(b), nil
	}
	return "", fmt.Errorf("%s %s is not %d hex digits", what, safeQuote(s), 2*size)
}

// safeQuote quotes a value from the file for an error message, cut short:
// a quote or backslash escaped, control characters in the inert form the
// terminal shows everywhere else (␛), as loaders' own errors quote.
func safeQuote(s string) string {
	if len(s) > 60 {
		cut := 60
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	s = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
	return `"` + safetext.Line(s) + `"`
}

// maxLine is the longest JSON line read: a collector batch of many spans
// with their messages fits many times over.
const maxLine = 512 << 20

// Scan reads an OTLP JSON traces file, JSON Lines (one
// ExportTraceServiceRequest a line, the Collector file exporter's format)
// or one request for the whole file (an OTLP/HTTP JSON body), and calls
// fn with each span in file order. A line's spans are held only while fn
// sees them, so a long file is streamed. An OTLP protobuf file is read
// too (protobuf.go). Bad input is a *loaders.Error
// naming the file and, for JSON Lines, the line.
func Scan(path string, fn func(*Span) error) error {
	f, err := openFile(path, "traces")
	if err != nil {
		return err
	}
	defer f.Close()
	return ScanReader(path, f, fn)
}

// ScanReader is Scan over r; name is how errors call it.
func ScanReader(name string, r io.Reader, fn func(*Span) error) error {
	return scanTraceRequests(name, r, fn, func(line int, data []byte) error {
		return decodeTraces(name, line, data, fn)
	})
}

// scanTraceRequests reads r as ScanReader does, but hands each OTLP
// request undecoded to each (its line, 0 for a file holding one); a
// registered format's spans go to fn.
func scanTraceRequests(name string, r io.Reader, fn func(*Span) error, each func(line int, data []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	if form := sniffProto(br); form != notProto {
		return scanProtoTraces(name, br, form, fn)
	}
	if f := sniff(br); f != nil {
		return f.Scan(name, br, fn)
	}
	return scanRequests(name, br, "resourceSpans", "traces", each)
}

// decodeTraces decodes one ExportTraceServiceRequest, read at line, and
// calls fn with each of its spans.
func decodeTraces(name string, line int, data []byte, fn func(*Span) error) error {
	var req otlpTraces
	if err := unmarshalTraces(data, &req); err != nil || req.ResourceSpans == nil {
		msg := "is not an OTLP ExportTraceServiceRequest ({\"resourceSpans\": [...]})"
		if err == nil && bytes.Contains(data, []byte(`"resourceLogs"`)) {
			msg = "is OTLP logs, not traces; expected {\"resourceSpans\": [...]} (give a logs file with --logs)"
		}
		return FormatLineError(name, line, msg, err)
	}
	return emitSpans(name, line, &req, fn)
}

// scanRequests splits r into requests: a first line that is a whole JSON
// value makes the file JSON Lines, anything else one JSON value. key is
// the request's top-level key, what the kind of telemetry, for errors.
func scanRequests(name string, r io.Reader, key, what string, each func(line int, data []byte) error) error {
	return scanRequestsAt(name, r, key, what, func(line int, _ rawLine, data []byte) error { return each(line, data) })
}

// rawLine is where a line is in its file: its offset and length, line
// break left out.
type rawLine struct {
	off int64
	n   int
}

// trimLine is a line's request as scanRequests hands it on.
func trimLine(line int, data []byte) []byte {
	trimmed := bytes.TrimSpace(data)
	if line == 1 {
		trimmed = bytes.TrimPrefix(trimmed, []byte("\ufeff"))
	}
	return trimmed
}

// scanRequestsAt is scanRequests that also says where each line is in
// the file (for the line 0 of a file holding one request, nothing).
func scanRequestsAt(name string, r io.Reader, key, what string, each func(line int, at rawLine, data []byte) error) error {
	br := bufio.NewReaderSize(r, 1<<20)
	line, seen := 0, false
	var off int64
	for {
		at := rawLine{off: off}
		data, err := readLine(br)
		at.n = len(data)
		off += int64(len(data))
		if err == nil {
			off++ // the line break
		}
		if len(data) > maxLine {
			return &loaders.Error{Name: name, Line: line + 1, Msg: fmt.Sprintf("is longer than %d MiB; expected one OTLP request a line", maxLine>>20)}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return &loaders.Error{Name: name, Msg: "cannot be read", Err: err}
		}
		line++
		trimmed := trimLine(line, data)
		if len(trimmed) > 0 {
			if !seen && !json.Valid(trimmed) {
				// Not one value a line: one request for the whole file,
				// an OTLP/HTTP JSON body (pretty-printed, say).
				rest, rerr := io.ReadAll(io.LimitReader(br, maxLine))
				if rerr != nil {
					return &loaders.Error{Name: name, Msg: "cannot be read", Err: rerr}
				}
				whole := append(append(append([]byte(nil), trimmed...), '\n'), rest...)
				if !json.Valid(whole) {
					return &loaders.Error{Name: name, Line: line, Msg: fmt.Sprintf("is not JSON; expected OTLP JSON %s: one {%q: [...]} a line, or one for the whole file", what, key)}
				}
				return each(0, rawLine{}, whole)
			}
			seen = true
			if err := each(line, at, trimmed); err != nil {
				return err
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	if !seen {
		return loaders.EmptyError(name, fmt.Sprintf("OTLP JSON %s: one {%q: [...]} a line, or one for the whole file", what, key))
	}
	return nil
}

// readLine reads one line of any length (without its line break).
func readLine(br *bufio.Reader) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if buf == nil && err == nil {
			return chunk[:len(chunk)-1], nil
		}
		buf = append(buf, chunk...)
		if len(buf) > maxLine {
			return buf, nil
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == nil {
			buf = buf[:len(buf)-1]
		}
		return buf, err
	}
}

// openFile opens a telemetry file of the kind what ("traces", "logs").
func openFile(path, what string) (*os.File, error) {
	info, err := os.Stat(path)
	if err == nil && info.IsDir() {
		return nil, &loaders.Error{Name: path, Msg: "is a directory; expected an OTLP JSON " + what + " file"}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &loaders.Error{Name: path, Msg: "cannot be opened; expected an OTLP JSON " + what + " file", Err: errors.Unwrap(err)}
	}
	return f, nil
}

func emitSpans(name string, line int, req *otlpTraces, fn func(*Span) error) error {
	for _, rs := range req.ResourceSpans {
		res, err := attrsOf(rs.Resource.Attributes, "")
		if err != nil {
			return FormatLineError(name, line, "resource", err)
		}
		service, _ := res["service.name"].(string)
		for _, ss := range append(rs.ScopeSpans, rs.InstrumentationLibrarySpans...) {
			scope := ss.Scope
			if scope.Name == "" {
				scope = ss.InstrumentationLibrary
			}
			scopeName := strings.TrimSpace(scope.Name + " " + scope.Version)
			for i := range ss.Spans {
				sp, err := spanOf(&ss.Spans[i])
				if err != nil {
					id := "#" + strconv.Itoa(i+1)
					if hexed, herr := hexID(ss.Spans[i].SpanID, 8, ""); herr == nil && hexed != "" {
						id = hexed
					} else if ss.Spans[i].SpanID != "" {
						id = safeQuote(ss.Spans[i].SpanID)
					}
					return &loaders.Error{Name: name, Line: line, Msg: "span " + id, Err: err}
				}
				sp.Service, sp.Scope, sp.Line = service, scopeName, line
				if err := fn(sp); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func spanOf(s *otlpSpan) (*Span, error) {
	var err error
	sp := &Span{Name: s.Name}
	if sp.TraceID, err = hexID(s.TraceID, 16, "traceId"); err != nil {
		return nil, err
	}
	if sp.TraceID == "" {
		return nil, errors.New("has no traceId; expected 32 hex digits")
	}
	if sp.SpanID, err = hexID(s.SpanID, 8, "spanId"); err != nil {
		return nil, err
	}
	if sp.SpanID == "" {
		return nil, errors.New("has no spanId; expected 16 hex digits")
	}
	if sp.ParentSpanID, err = hexID(s.ParentSpanID, 8, "parentSpanId"); err != nil {
		return nil, err
	}
	if sp.Start, err = unixNano(s.StartTimeUnixNano, "startTimeUnixNano"); err != nil {
		return nil, err
	}
	if sp.End, err = unixNano(s.EndTimeUnixNano, "endTimeUnixNano"); err != nil {
		return nil, err
	}
	if sp.Attrs, err = attrsOf(s.Attributes, ""); err != nil {
		return nil, err
	}
	for _, ev := range s.Events {
		e := Event{Name: ev.Name}
		if e.Time, err = unixNano(ev.TimeUnixNano, "event timeUnixNano"); err != nil {
			return nil, err
		}
		if e.Attrs, err = attrsOf(ev.Attributes, ev.Name+": "); err != nil {
			return nil, err
		}
		sp.Events = append(sp.Events, e)
	}
	return sp, nil
}

// Logs are the log records of a logs file that carry a span id, by span
// id, in file order.
type Logs map[string][]Event

// ReadLogs reads an OTLP JSON logs file (one ExportLogsServiceRequest a
// line, or one for the file), or an OTLP protobuf one (protobuf.go), and
// keeps the records tied to a span.
func ReadLogs(path string) (Logs, error) {
	f, err := openFile(path, "logs")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	logs := Logs{}
	br := bufio.NewReaderSize(f, 1<<20)
	if form := sniffProto(br); form != notProto {
		err = scanProtoLogs(path, br, form, nil, func(_ int, spanID string, ev Event) {
			logs[spanID] = append(logs[spanID], ev)
		})
		if err != nil {
			return nil, err
		}
		return logs, nil
	}
	err = scanRequests(path, br, "resourceLogs", "logs", func(line int, data []byte) error {
		return decodeLogs(path, line, data, func(spanID string, ev Event) {
			logs[spanID] = append(logs[spanID], ev)
		})
	})
	if err != nil {
		return nil, err
	}
	return logs, nil
}

// decodeLogs decodes one ExportLogsServiceRequest, read at line, and
// calls fn with each record tied to a span, in order.
func decodeLogs(path string, line int, data []byte, fn func(spanID string, ev Event)) error {
	var req otlpLogs
	if err := json.Unmarshal(data, &req); err != nil || req.ResourceLogs == nil {
		msg := "is not an OTLP ExportLogsServiceRequest ({\"resourceLogs\": [...]})"
		if err == nil && bytes.Contains(data, []byte(`"resourceSpans"`)) {
			msg = "is OTLP traces, not logs; expected {\"resourceLogs\": [...]}"
		}
		return FormatLineError(path, line, msg, err)
	}
	for _, rl := range req.ResourceLogs {
		for _, sl := range rl.ScopeLogs {
			for i, rec := range sl.LogRecords {
				ev, spanID, err := logEvent(&rec)
				if err != nil {
					return &loaders.Error{Name: path, Line: line, Msg: fmt.Sprintf("log record %d", i+1), Err: err}
				}
				if spanID != "" {
					fn(spanID, ev)
				}
			}
		}
	}
	return nil
}

func logEvent(rec *otlpLogRecord) (Event, string, error) {
	var ev Event
	spanID, err := hexID(rec.SpanID, 8, "spanId")
	if err != nil {
		return ev, "", err
	}
	if ev.Time, err = unixNano(rec.TimeUnixNano, "timeUnixNano"); err != nil {
		return ev, "", err
	}
	if ev.Attrs, err = attrsOf(rec.Attributes, ""); err != nil {
		return ev, "", err
	}
	if rec.Body != nil {
		if ev.Body, err = valueOf(*rec.Body, "body"); err != nil {
			return ev, "", err
		}
	}
	ev.Name = rec.EventName
	if ev.Name == "" {
		ev.Name, _ = ev.Attrs["event.name"].(string)
	}
	return ev, spanID, nil
}
