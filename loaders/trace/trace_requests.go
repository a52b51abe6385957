package trace

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// minTraceIDPrefix is the fewest hex digits --trace-id takes as the
// start of a trace id, as git takes an abbreviated commit.
const minTraceIDPrefix = 4

// TraceRequests reads the LLM spans of one trace of a traces file, in
// the order of their start, each read as the request it recorded with
// its log records from the logs file (logsPath, "" for none). An empty
// traceID takes the file's only trace, and a file of several is refused
// with how to choose one. traceID is matched without a UUID's dashes
// (IDKey): a LangSmith or Langfuse id opens as ctxlab traces prints it
// or as its digits alone. It may be the start of a trace id (four hex
// digits or more) when it names one trace of the file; one that starts
// several is refused naming them. It returns the trace's id as the file
// holds it. Only the chosen trace's spans are kept while the file is read.
func TraceRequests(path, traceID, logsPath string) (string, []*Request, error) {
	id := strings.ToLower(strings.TrimSpace(traceID))
	// key is the id as it is matched: its hex digits, without the dashes
	// of a UUID (LangSmith, Langfuse), so that the id as ctxlab traces
	// prints it, its digits alone and the start of either name one trace.
	key := IDKey(id)
	// prefix: id is the start of a trace id, as the trace picker and
	// ctxlab traces show one short; it must name one trace of the file.
	prefix := false
	if traceID != "" {
		_, err := hex.DecodeString(key + strings.Repeat("0", len(key)%2))
		switch {
		case err == nil && len(key) == 32:
		case err == nil && len(key) >= minTraceIDPrefix && len(key) < 32:
			prefix = true
		default:
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("--trace-id %s is not a trace id; expected 32 hex digits, or the first %d or more of them, dashed as a UUID or not (ctxlab traces %s lists them)",
				safeQuote(traceID), minTraceIDPrefix, quoteArg(path))}
		}
	}
	var spans []*Span
	// byTrace holds the LLM spans of each trace the id matches, until
	// the file is read and the id known to name one.
	byTrace := map[string][]*Span{}
	var matched []string
	seen := map[string]bool{}
	var order []string
	err := Scan(path, func(sp *Span) error {
		if !seen[sp.TraceID] {
			seen[sp.TraceID] = true
			if len(order) < 5 {
				order = append(order, sp.TraceID)
			}
			if id != "" && strings.HasPrefix(IDKey(sp.TraceID), key) {
				matched = append(matched, sp.TraceID)
			}
		}
		if id != "" {
			if IsLLM(sp) && strings.HasPrefix(IDKey(sp.TraceID), key) {
				byTrace[sp.TraceID] = append(byTrace[sp.TraceID], sp)
			}
			return nil
		}
		if sp.TraceID != order[0] {
			// A second trace: the file must say which. Counting goes on,
			// keeping no span.
			spans = nil
			return nil
		}
		if IsLLM(sp) {
			spans = append(spans, sp)
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	if id != "" {
		switch {
		case len(matched) == 0 && prefix:
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("holds no trace whose id starts with %s; expected one of its %s: they include %s (ctxlab traces %s lists them)",
				id, numfmt.Count(len(seen), "trace", "traces"), strings.Join(order, ", "), quoteArg(path))}
		case len(matched) == 0:
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("holds no trace %s; expected one of its %s: they include %s (ctxlab traces %s lists them)",
				id, numfmt.Count(len(seen), "trace", "traces"), strings.Join(order, ", "), quoteArg(path))}
		case len(matched) == 1:
			id, spans = matched[0], byTrace[matched[0]]
		default:
			shown := matched[:min(len(matched), 5)]
			more := ""
			if len(matched) > len(shown) {
				more = fmt.Sprintf(" and %s more", numfmt.Thousands(len(matched)-len(shown)))
			}
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("--trace-id %s is ambiguous: %s traces start with it (%s%s); expected enough digits to name one",
				id, numfmt.Thousands(len(matched)), strings.Join(shown, ", "), more)}
		}
	}
	switch {
	case id == "" && len(seen) > 1:
		return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("holds %s traces; choose one with --trace-id ID (ctxlab traces %s lists them)",
			numfmt.Thousands(len(seen)), quoteArg(path))}
	case id == "" && len(seen) == 0:
		return "", nil, &loaders.Error{Name: path, Msg: "holds no span; expected OTLP JSON traces with LLM spans"}
	case id == "":
		id = order[0]
	}
	if len(spans) == 0 {
		return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("trace %s holds no LLM span (chat or completion); expected at least one to replay", id)}
	}
	sort.SliceStable(spans, func(a, b int) bool { return spans[a].Start.Before(spans[b].Start) })
	var logs Logs
	if logsPath != "" {
		if logs, err = ReadLogs(logsPath); err != nil {
			return "", nil, err
		}
	}
	out := make([]*Request, len(spans))
	for i, sp := range spans {
		out[i] = RequestOf(sp, logs[sp.SpanID])
	}
	return id, out, nil
}

// IDKey is a trace or span id as it is matched: lower case, without the
// dashes of a UUID. The id as ctxlab traces prints it, its digits alone
// and a start of either match their id's key.
func IDKey(id string) string {
	return strings.ReplaceAll(strings.ToLower(id), "-", "")
}

// quoteArg quotes a path for a command line shown in a message when it
// holds anything a shell would split or expand.
func quoteArg(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// IsTracesFile says whether the file at path opens as traces: a JSON
// object whose first 64 KB name "resourceSpans" (OTLP JSON), OTLP
// protobuf (protobuf.go: a logs file too, which is then refused as
// such), or a file a registered format (Langfuse, LangSmith) recognises. It reads no more
// than sniffSize, and a pipe or a file that cannot be read is not one.
func IsTracesFile(path string) bool {
	// Only a regular file is looked into: reading a pipe's head would
	// take it from the reader the pipe is meant for.
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return false
	}
	if formatOfFile(path) != nil || protoFormOfFile(path) != notProto {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || info.IsDir() {
		return false
	}
	head, err := io.ReadAll(io.LimitReader(bufio.NewReader(f), sniffSize))
	if err != nil {
		return false
	}
	head = bytes.TrimLeft(bytes.TrimPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("\ufeff")), " \t\r\n")
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"resourceSpans"`))
}
