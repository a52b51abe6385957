package cli

import (
	"context"

	"ctxlab/core"
	"ctxlab/core/window"
)

// measureAsSent evaluates the input as given, nothing cut, for the report
// beside a budgeted assembly, and returns the builder result for that
// assembly to take.
//
// It runs before the budgeted evaluation, without findings, and keeps
// only the totals and components the report shows: the measured messages
// hold the retrieved-context block once more under its heading, and the
// budgeted findings may quote a long source whole. Made in the other
// order, each evaluation with its own block, a document whose source is
// 50 MB held the source, two blocks, the heading's copy and two findings'
// at once (420 MB resident, 8.6 times the file).
func measureAsSent(ctx context.Context, in core.EvalInput, s core.Settings) (*core.Evaluation, *core.Built, error) {
	s.Mode = window.MeasureOnly
	in.SkipFindings = true
	ev, err := core.Evaluate(ctx, in, s)
	if err != nil {
		return nil, nil, err
	}
	totals := *ev.Assembly
	totals.Messages, totals.Tools = nil, nil
	built := ev.Built()
	ev = &core.Evaluation{Settings: ev.Settings, Assembly: &totals, Overflow: ev.Overflow, Bill: ev.Bill}
	return ev, built, nil
}
