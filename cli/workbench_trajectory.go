package cli

import (
	"errors"
	"fmt"
	"io"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/request"
	"ctxlab/loaders/trace"
	loadtraj "ctxlab/loaders/trajectory"
	"ctxlab/tui"
	"ctxlab/tui/timeline"
)

// replayOptions are what a replay of tr measures against and prices
// with: the window and reserve given (0: each turn's), the cache rules of
// the model's provider (the request's API unless the model is known to be
// another's) and the model's price in table.
func replayOptions(tr *trajectory.Trajectory, win, reserve int, breakpoints string, longLived bool, table tokens.PriceTable) (trajectory.Options, string) {
	provider := tr.Provider
	if spec, ok := tokens.LookupModel(tr.Model); ok {
		provider = spec.Provider
	}
	opts := trajectory.Options{
		Window: win, Reserve: reserve, Rules: tokens.CacheRulesFor(tr.Model, provider),
		Breakpoints: breakpoints, LongLived: longLived,
	}
	price, priceName, ok := table.Lookup(tr.Model)
	opts.Price, opts.PriceKnown = price, ok
	return opts, priceName
}

// prepareTrajectory loads the workbench's --trajectory: every turn is
// measured as replay measures it, the Timeline view replays it, and a
// turn opens as the scenario the way --request opens its body, with the
// launch flags applied. The workbench opens on the first turn over the
// window, else the last.
func (f *workbenchFlags) prepareTrajectory(env Env, fs *flagSet, src loadtraj.Source) (*assembleRun, *tui.TrajectoryConfig, error) {
	a := &f.assemble
	switch {
	case a.request != "" || a.docs.path != "" || a.scenario != "" || f.eval.Run != "":
		return nil, nil, errors.New("--trajectory opens an agent's requests turn by turn; it takes no --request, --docs, scenario or --run")
	case flagWasSet(fs, "interaction") || a.span.id != "":
		return nil, nil, errors.New("--trajectory takes every turn of its file; --interaction and --span-id pick one request of a --request file")
	case src.Path == loadtraj.Stdin && env.StdinIsTTY:
		return nil, nil, errors.New("--trajectory -: stdin is a terminal; pipe a trajectory in or give a file")
	}
	presets, err := presetSet(a.budgetFile)
	if err != nil {
		return nil, nil, err
	}
	preset := a.knobs.textGiven(fs, core.KnobIDPreset)
	if preset != "" {
		if _, err := presets.Lookup(preset); err != nil {
			return nil, nil, fmt.Errorf("--preset: %w", err)
		}
	}
	prices, err := a.prices.load()
	if err != nil {
		return nil, nil, err
	}
	win, reserve := a.knobs.intGiven(fs, "window"), a.knobs.intGiven(fs, "reserve")
	opts := request.Options{Window: win, Reserve: reserve, Preset: preset, Presets: presets, Model: a.knobs.textGiven(fs, core.KnobIDModel)}
	name, bodies, notes, err := trajectoryBodies(env, src)
	if err != nil {
		return nil, nil, err
	}
	tr, err := loadtraj.Build(name, bodies, opts)
	if err != nil {
		return nil, nil, err
	}
	budgeted := preset != "" || a.knobs.allocationGiven(fs) || flagWasSet(fs, "budget") || flagWasSet(fs, "layout")
	cfg := &tui.TrajectoryConfig{}
	// open makes turn i's request under policy p the scenario: the
	// recorded body as sent, or the body the policy sends, replayed up to
	// that turn with the Timeline's options (its summarizer included).
	open := func(i int, p trajectory.Policy) (*core.Scenario, error) {
		data := bodies[i].Body
		if p.Kind != trajectory.KindAsSent {
			var err error
			if data, err = loadtraj.PolicyTurnBody(name, bodies[:i+1], opts, p, cfg.Source.Options); err != nil {
				return nil, fmt.Errorf("turn %s (%s) under %s: %w", numfmt.Thousands(i+1), bodies[i].Label, p.Label(), err)
			}
		}
		sc, err := request.Parse(name, data, opts)
		if err != nil {
			return nil, fmt.Errorf("turn %s (%s): %w", numfmt.Thousands(i+1), bodies[i].Label, err)
		}
		if p.Kind != trajectory.KindAsSent {
			// What the policy removed, for the header and the findings.
			sc.Trim = trimOf(p.Label(), bodies[i].Body, data)
		}
		s := sc.Settings
		if budgeted {
			s.Mode = window.Budgeted
		}
		if err := applyAssembleFlags(fs, a, &s, core.KnobContext{Presets: presets}, true); err != nil {
			return nil, err
		}
		if err := s.Validate(); err != nil {
			return nil, flagError(err)
		}
		sc.Settings = s
		// What the trace's instrumentation left out, on every turn.
		sc.Notes = append(sc.Notes, notes...)
		return sc, nil
	}
	replay, priceName := replayOptions(tr, win, reserve, trajectory.BreakpointsSystemLast, false, prices)
	start := len(tr.Turns) - 1
	for i, t := range tr.Turns {
		r := t.Reserve
		if reserve > 0 {
			r = reserve
		}
		w := tr.Window
		if win > 0 {
			w = win
		}
		if t.InputTokens+r > w {
			start = i
			break
		}
	}
	sc, err := open(start, trajectory.Policy{Kind: trajectory.KindAsSent})
	if err != nil {
		return nil, nil, err
	}
	run := &assembleRun{scenario: sc, settings: sc.Settings, prices: prices, imported: true, source: name}
	*cfg = tui.TrajectoryConfig{Source: timeline.Source{Trajectory: tr, Options: replay}, Open: open, Start: start}
	// The export's report.html is the trajectory's page, replayed with
	// the Timeline's options (its summarizer, set later, included).
	cfg.WriteHTMLReport = func(w io.Writer) error {
		return writeWorkbenchTrajectoryReport(w, src.Path, tr, cfg.Source.Policies, cfg.Source.Options, priceName, prices)
	}
	return run, cfg, nil
}

// trajectoryBodies reads the turns src names as request bodies: a trace
// of a traces file (its LLM spans, with the notes on what their
// instrumentation left out), or a file, folder or stdin as replay reads
// them. name is the trajectory as the header names it.
func trajectoryBodies(env Env, src loadtraj.Source) (name string, bodies []loadtraj.TurnBody, notes []string, err error) {
	if src.Path != loadtraj.Stdin && (src.TraceID != "" || trace.IsTracesFile(src.Path)) {
		id, bodies, notes, err := loadtraj.TraceBodies(src.Path, src.TraceID, src.Logs)
		if err != nil {
			return "", nil, nil, err
		}
		return displayPath(src.Path) + " · trace " + id, bodies, notes, nil
	}
	if src.Logs != "" {
		return "", nil, nil, fmt.Errorf("%s is not a traces file; --logs goes with a traces file, whose spans it holds the messages of", src.Path)
	}
	bodies, err = loadtraj.ReadBodiesInput(src.Path, env.Stdin)
	return displayPath(src.Path), bodies, nil, err
}
