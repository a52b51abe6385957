package trajectory

import (
	"fmt"

	engine "ctxlab/core/trajectory"
	"ctxlab/loaders"
	"ctxlab/loaders/trace"
)

// Source names a trajectory: a file or folder Load reads, or a traces
// file with the trace to replay.
type Source struct {
	Path string
	// TraceID is the trace of an OTLP JSON traces file to replay; ""
	// takes the file's only trace.
	TraceID string
	// Logs is the OTLP JSON logs file holding the official OpenTelemetry
	// instrumentations' messages, "" for none.
	Logs string
}

// Open reads the trajectory src names: a traces file's trace (when a
// trace id is given or the file is OTLP JSON traces), else what Load
// reads. replay and the workbench open trajectories through it.
func Open(src Source, opts Options) (*engine.Trajectory, error) {
	if src.TraceID != "" || trace.IsTracesFile(src.Path) {
		return LoadTrace(src.Path, src.TraceID, src.Logs, opts)
	}
	if src.Logs != "" {
		return nil, &loaders.Error{Name: src.Path, Msg: "is not an OTLP JSON traces file; --logs goes with a traces file, whose spans it holds the messages of"}
	}
	return Load(src.Path, opts)
}

// TraceBodies reads the LLM spans of one trace (TraceRequests), in time
// order, as turns: each span's request body, as assemble --request FILE
// --span-id ID opens it, and its usage as what the provider recorded,
// cached tokens included. A span that recorded no message content (the
// official instrumentation without its logs file) is refused: a turn
// without its messages has nothing to replay.
func TraceBodies(path, traceID, logs string) (string, []TurnBody, error) {
	id, reqs, err := trace.TraceRequests(path, traceID, logs)
	if err != nil {
		return "", nil, err
	}
	out := make([]TurnBody, 0, len(reqs))
	for i, req := range reqs {
		if !req.Content {
			why := "give the logs file the instrumentation wrote with --logs FILE"
			if logs != "" {
				why = "the logs file " + logs + " holds no message record of it"
			}
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("trace %s: turn %d (span %s) records no message content, only usage: the OpenTelemetry GenAI instrumentation writes the messages to OTLP logs; %s",
				id, i+1, req.SpanID, why)}
		}
		body, err := req.Body()
		if err != nil {
			return "", nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("trace %s: span %s: its request cannot be written as JSON: %v", id, req.SpanID, err)}
		}
		tb := TurnBody{Label: "span " + req.SpanID, Body: body}
		if u := req.Usage; u != nil {
			tb.Recorded = &engine.Recorded{InputTokens: u.Input, CachedTokens: u.Cached}
		}
		out = append(out, tb)
	}
	return id, out, nil
}

// LoadTrace reads one trace of a traces file as a trajectory
// (TraceBodies), each turn measured as assemble --request FILE --span-id
// ID measures its span. The trajectory is named after the file and the
// trace.
func LoadTrace(path, traceID, logs string, opts Options) (*engine.Trajectory, error) {
	id, bodies, err := TraceBodies(path, traceID, logs)
	if err != nil {
		return nil, err
	}
	tr, err := Build(path, bodies, opts)
	if err != nil {
		return nil, err
	}
	tr.Name = path + " · trace " + id
	return tr, nil
}
