package cli

import (
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/metrics"
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
	loadtraj "ctxlab/loaders/trajectory"
	"ctxlab/tui"
	"ctxlab/tui/picker"
)

// workbenchTraces are the workbench's trace inputs: --traces FILE opens
// the trace picker, --trajectory TRACES [--trace-id ID] a trace as a
// trajectory; --logs (the span flags') goes with either.
type workbenchTraces struct {
	traces, trajectory, traceID string
	// logs is --logs taken from the span flags for a picker or a
	// trajectory.
	logs string
}

func (w *workbenchTraces) register(fs *flagSet) {
	fs.StringVar(&w.traces, "traces", "", "an OTLP JSON traces file: open the trace picker on its traces (--request TRACES without --span-id does too)")
	fs.StringVar(&w.trajectory, "trajectory", "", "an agent's trajectory, as ctxlab replay takes it (- reads stdin; a traces file with --trace-id ID): opens on the Timeline view of every turn")
	fs.StringVar(&w.traceID, "trace-id", "", "with --trajectory: the trace to open (ctxlab traces FILE lists them; default: the file's only trace)")
}

// check validates the trace flags before anything is read, and takes a
// traces file given to --request without --span-id as the picker's.
func (w *workbenchTraces) check(fs *flagSet, f *workbenchFlags) error {
	a := &f.assemble
	if w.traces == "" && w.trajectory == "" && a.request != "" && a.request != "-" && a.span.id == "" &&
		!flagWasSet(fs, "interaction") && trace.IsTracesFile(a.request) {
		// Many traces and no span named: the user means to choose.
		w.traces, a.request = a.request, ""
	}
	if w.traceID != "" && w.trajectory == "" {
		return fmt.Errorf("--trace-id goes with --trajectory TRACES: the OTLP JSON traces file whose trace it names")
	}
	var flag string
	switch {
	case w.traces != "" && w.trajectory != "":
		return fmt.Errorf("--traces and --trajectory: give one, the picker lists the traces and enter opens one")
	case w.traces != "":
		flag = "--traces"
	case w.trajectory != "":
		flag = "--trajectory"
	default:
		return nil
	}
	var other []string
	for _, in := range []struct{ flag, value string }{{"--docs", a.docs.path}, {"--scenario", a.scenario}, {"--request", a.request}, {"--span-id", a.span.id}, {"--run", f.eval.Run}, {"--history", a.docs.history}} {
		if in.value != "" {
			other = append(other, in.flag)
		}
	}
	if flagWasSet(fs, "interaction") {
		other = append(other, "--interaction")
	}
	if len(other) > 0 {
		return fmt.Errorf("%s opens its file's turns or spans; it goes with no other input, not %s", flag, strings.Join(other, " and "))
	}
	if w.traces == "-" {
		return fmt.Errorf("%s needs the traces file by name, not stdin", flag)
	}
	// --logs belongs to the trace file here, not to a --span-id.
	w.logs, a.span.logs = a.span.logs, ""
	return nil
}

// requestOptions are the options each span's request opens with, as
// prepareAssembly gives them.
func (w *workbenchTraces) requestOptions(fs *flagSet, a *assembleFlags) request.Options {
	return request.Options{Window: a.knobs.intGiven(fs, "window"), Reserve: a.knobs.intGiven(fs, "reserve"),
		Model: a.knobs.textGiven(fs, core.KnobIDModel)}
}

// source is the trajectory --trajectory names, as replay opens it.
func (w *workbenchTraces) source() loadtraj.Source {
	return loadtraj.Source{Path: w.trajectory, TraceID: w.traceID, Logs: w.logs}
}

// picker lists --traces' traces for the picker, nil without --traces.
func (w *workbenchTraces) picker(env Env, fs *flagSet, a *assembleFlags) (*tui.Traces, error) {
	if w.traces == "" {
		return nil, nil
	}
	opts := trace.ListOptions{Request: w.requestOptions(fs, a)}
	if w.logs != "" {
		logs, err := trace.ReadLogs(w.logs)
		if err != nil {
			return nil, err
		}
		opts.Logs = logs
	}
	list, err := trace.ListTraces(w.traces, opts)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s holds no trace", w.traces)
	}
	path, logs := w.traces, w.logs
	open := func(_ string, span picker.Span) (*core.Scenario, error) {
		b := *a
		b.request, b.docs.path = "", ""
		b.span = spanFlags{id: span.ID}
		if span.Retrieval {
			b.docs.path = path
		} else {
			b.request, b.span.logs = path, logs
		}
		run, err := prepareAssembly(env, fs, &b)
		if err != nil {
			return nil, err
		}
		sc := *run.scenario
		sc.Settings = run.settings
		return &sc, nil
	}
	return &tui.Traces{Name: relativePath(path), Traces: pickerTraces(list), OpenSpan: open}, nil
}

// pickerTraces are a listing's traces as the picker shows them.
func pickerTraces(list []trace.TraceSummary) []picker.Trace {
	out := make([]picker.Trace, len(list))
	for i, t := range list {
		pt := picker.Trace{ID: t.TraceID, Service: t.Service, Start: t.Start, AllSpans: t.Spans}
		for _, s := range t.LLM {
			pt.LLM = append(pt.LLM, picker.Span{ID: s.SpanID, Name: s.Name, Model: s.Model, Start: s.Start,
				Counted: s.Counted, Billed: s.Billed, Overflows: s.Overflows, Differs: differs(s.Counted, s.Billed), Note: s.Note})
		}
		for _, r := range t.Retrievals {
			pt.Retrievals = append(pt.Retrievals, picker.Span{ID: r.SpanID, Name: r.Name, Start: r.Start, Retrieval: true, Query: r.Query, Documents: r.Documents})
		}
		out[i] = pt
	}
	return out
}

// differs says a count is off its bill by more than the counting rules'
// tolerance, as assemble words it (metrics.RecordedUsage.Agreement).
func differs(counted, billed *int) bool {
	if counted == nil || billed == nil {
		return false
	}
	r := metrics.RecordedUsage{InputTokens: *billed}
	return r.Agreement(*counted) != r.Agreement(*billed)
}
