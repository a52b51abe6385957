package trajectory

import (
	"fmt"
	"io"
	"strconv"
	"strings"

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
	// Stdin is read when Path is Stdin ("-").
	Stdin io.Reader
}

// Open reads the trajectory src names: a traces file's trace (when a
// trace id is given or the file is OTLP JSON traces), else what Load
// reads. replay and the workbench open trajectories through it. The
// notes say what a trace's spans left out of their requests, each once
// with the turns it concerns.
func Open(src Source, opts Options) (*engine.Trajectory, []string, error) {
	if src.Path == Stdin {
		if src.TraceID != "" || src.Logs != "" {
			return nil, nil, &loaders.Error{Name: "stdin", Msg: "--trace-id and --logs read a traces file; give the file's path, not -"}
		}
		tr, err := LoadInput(src.Path, src.Stdin, opts)
		return tr, nil, err
	}
	if src.TraceID != "" || trace.IsTracesFile(src.Path) {
		return LoadTrace(src.Path, src.TraceID, src.Logs, opts)
	}
	if src.Logs != "" {
		return nil, nil, &loaders.Error{Name: src.Path, Msg: "is not an OTLP JSON traces file; --logs goes with a traces file, whose spans it holds the messages of"}
	}
	tr, err := Load(src.Path, opts)
	return tr, nil, err
}

// TraceBodies reads the LLM spans of one trace (TraceRequests), in time
// order, as turns: each span's request body, as assemble --request FILE
// --span-id ID opens it, and its usage as what the provider recorded,
// cached tokens included. A span that recorded no message content (the
// official instrumentation without its logs file) is refused: a turn
// without its messages has nothing to replay. The notes are the spans'
// (what the instrumentation left out), each once with its turns.
func TraceBodies(path, traceID, logs string) (string, []TurnBody, []string, error) {
	id, reqs, err := trace.TraceRequests(path, traceID, logs)
	if err != nil {
		return "", nil, nil, err
	}
	out := make([]TurnBody, 0, len(reqs))
	var notes []string
	turnsOf := map[string][]string{}
	for i, req := range reqs {
		if !req.Content {
			return "", nil, nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("trace %s: turn %d (span %s) records no message content, only usage: %s",
				id, i+1, req.SpanID, noContentWhy(req.Notes, logs))}
		}
		body, err := req.Body()
		if err != nil {
			return "", nil, nil, &loaders.Error{Name: path, Msg: fmt.Sprintf("trace %s: span %s: its request cannot be written as JSON: %v", id, req.SpanID, err)}
		}
		for _, n := range req.Notes {
			if _, seen := turnsOf[n]; !seen {
				notes = append(notes, n)
			}
			turnsOf[n] = append(turnsOf[n], strconv.Itoa(i+1))
		}
		tb := TurnBody{Label: "span " + req.SpanID, Body: body}
		if u := req.Usage; u != nil {
			tb.Recorded = recordedBill(u.Billed())
		}
		out = append(out, tb)
	}
	for i, n := range notes {
		turns := turnsOf[n]
		switch {
		case len(turns) == len(reqs) && len(turns) > 1:
			notes[i] = "every turn: " + n
		case len(turns) == 1:
			notes[i] = "turn " + turns[0] + ": " + n
		default:
			notes[i] = "turns " + strings.Join(turns, ", ") + ": " + n
		}
	}
	return id, out, notes, nil
}

// LoadTrace reads one trace of a traces file as a trajectory
// (TraceBodies), each turn measured as assemble --request FILE --span-id
// ID measures its span, with the spans' notes (TraceBodies). The
// trajectory is named after the file and the trace.
func LoadTrace(path, traceID, logs string, opts Options) (*engine.Trajectory, []string, error) {
	id, bodies, notes, err := TraceBodies(path, traceID, logs)
	if err != nil {
		return nil, nil, err
	}
	tr, err := Build(path, bodies, opts)
	if err != nil {
		return nil, nil, err
	}
	tr.Name = path + " · trace " + id
	return tr, notes, nil
}

// noContentWhy says why a span holds no messages and where they are: the
// span's own notes when its format gave them (a Langfuse download without
// inputs), else the OpenTelemetry instrumentation's logs file.
func noContentWhy(notes []string, logs string) string {
	for i, n := range notes {
		if rest, ok := strings.CutPrefix(n, "usage only: "); ok {
			return strings.Join(append([]string{rest}, notes[i+1:]...), "; ")
		}
	}
	why := "give the logs file the instrumentation wrote with --logs FILE"
	if logs != "" {
		why = "the logs file " + logs + " holds no message record of it"
	}
	return "the OpenTelemetry GenAI instrumentation writes the messages to OTLP logs; " + why
}
