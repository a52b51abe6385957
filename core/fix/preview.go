package fix

import (
	"context"

	"ctxlab/core"
)

// preview evaluates the settings with the changes applied and compares.
func preview(ctx context.Context, in core.EvalInput, before *core.Evaluation, changes []KnobChange) (core.Preview, error) {
	s, err := ApplyChanges(before.Settings, changes)
	if err != nil {
		return core.Preview{}, err
	}
	if in.Analysis == nil {
		in.Analysis = before.InputAnalysis()
	}
	after, err := core.Evaluate(ctx, in, s)
	if err != nil {
		return core.Preview{}, err
	}
	return core.ComparePreview(before, after), nil
}
