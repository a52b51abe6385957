package doclist

import (
	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/tui/rows"
)

// changedFirst puts the rows whose document changed against the baseline
// first, each group in its own order.
func changedFirst(ev *core.Evaluation, listed []rows.Row, versus map[int]core.DocumentChangeKind) []rows.Row {
	if len(versus) == 0 {
		return listed
	}
	out := make([]rows.Row, 0, len(listed))
	for _, r := range listed {
		if versus[ev.InputIndex(r.Index())] != "" {
			out = append(out, r)
		}
	}
	for _, r := range listed {
		if versus[ev.InputIndex(r.Index())] == "" {
			out = append(out, r)
		}
	}
	return out
}

// BaselineFirstWords is the status after b: pinned says whether a
// baseline is pinned, changed how many documents changed against it.
func (p Model) BaselineFirstWords(pinned bool, changed int) string {
	switch {
	case !p.baselineFirst:
		return "documents in pipeline order again"
	case !pinned:
		return "no baseline pinned: p pins the current settings, then the documents that change against it come first"
	case changed == 0:
		return "no document changed against the baseline yet; they will come first (b: pipeline order)"
	}
	return numfmt.Count(changed, "document", "documents") + " changed against the baseline, listed first (b: pipeline order)"
}
