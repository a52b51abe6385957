package cli

import (
	"fmt"

	loadtraj "ctxlab/loaders/trajectory"
)

// traceFlags are --trace-id and --logs beside --trajectory: the trace of
// an OTLP JSON traces file replayed as a trajectory, and the logs file
// holding its messages.
type traceFlags struct {
	id, logs string
}

func (f *traceFlags) register(fs *flagSet) {
	fs.StringVar(&f.id, "trace-id", "", "--trajectory is an OTLP JSON traces file: replay the LLM spans of this trace (ctxlab traces FILE lists them; default: the file's only trace)")
	fs.StringVar(&f.logs, "logs", "", "with a traces file: the OTLP JSON logs file holding its spans' messages (OpenTelemetry GenAI instrumentations)")
}

// check refuses --trace-id and --logs without a trajectory file by name.
func (f *traceFlags) check(path string) error {
	switch {
	case (f.id != "" || f.logs != "") && path == "":
		return fmt.Errorf("--trace-id and --logs go with --trajectory TRACES: the OTLP JSON traces file whose trace is replayed")
	case (f.id != "" || f.logs != "") && path == "-":
		return fmt.Errorf("--trace-id needs the traces file by name, not stdin")
	}
	return nil
}

// source is the trajectory the flags name.
func (f *traceFlags) source(path string) loadtraj.Source {
	return loadtraj.Source{Path: path, TraceID: f.id, Logs: f.logs}
}
