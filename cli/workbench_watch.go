package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"ctxlab/internal/inputwatch"
	"ctxlab/tui"
)

// checkWatch refuses what the workbench's --watch cannot follow: stdin,
// read once, and a retrieval run, whose queries ctxlab eval --watch
// follows.
func (f *workbenchFlags) checkWatch(pipedDocs bool) error {
	a := &f.assemble
	if pipedDocs || a.docs.path == "-" || a.request == "-" || a.docs.history == "-" {
		return errors.New("--watch: stdin is read once; name the input files to watch")
	}
	if f.eval.Run != "" {
		return errors.New("--watch follows a request's inputs in the workbench; for a retrieval run use ctxlab eval --run FILE --watch")
	}
	if f.traces.traces != "" || f.traces.trajectory != "" {
		return errors.New("--watch follows a request's inputs in the workbench, not a traces file or a trajectory, which are read once")
	}
	return nil
}

// startWatch follows the inputs' files when --watch is given: each
// change, debounced, reads the inputs again here, outside the
// workbench's Update, and sends them (or why they do not load) on the
// channel the workbench waits on. stop ends the watch.
func (f *workbenchFlags) startWatch(env Env, fs *flagSet) (<-chan tui.InputsMsg, func(), error) {
	if !f.watch {
		return nil, func() {}, nil
	}
	paths := f.assemble.watchPaths()
	if paths.Empty() {
		return nil, nil, errors.New("--watch follows input files; the bundled sample has none (name a --scenario, --docs or --request)")
	}
	w, err := inputwatch.New(paths, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("--watch: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan tui.InputsMsg)
	// The workbench owns the screen: what loading would print goes
	// nowhere, and its error reaches the status line.
	quiet := env
	quiet.Stdout, quiet.Stderr = io.Discard, io.Discard
	send := func(msg tui.InputsMsg) {
		select {
		case ch <- msg:
		case <-ctx.Done():
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(ctx, func(changed []string) {
			names := make([]string, len(changed))
			for i, p := range changed {
				names[i] = relativePath(p)
			}
			msg := tui.InputsMsg{Changed: names}
			run, err := prepareAssembly(quiet, fs, &f.assemble)
			if err != nil {
				msg.Err = err
			} else {
				sc := *run.scenario
				sc.Settings = run.settings
				msg.Scenario = &sc
			}
			send(msg)
		}, func(err error) {
			send(tui.InputsMsg{Err: fmt.Errorf("--watch: %w", err)})
		})
	}()
	stop := func() {
		cancel()
		w.Close()
		<-done
	}
	return ch, stop, nil
}
