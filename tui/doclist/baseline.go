package doclist

import (
	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/rows"
)

// versusMark is the glyph and word a row's note starts with when its
// document's fate changed against the baseline, as the Compare view
// words it: "+ in", "− out", "✂ cut", "+ restored", "≠ stage" (not sent
// either way, left out by another stage), "↕ moved".
func versusMark(st *themes.Styles, kind core.DocumentChangeKind) (string, lipgloss.Style) {
	switch kind {
	case core.ChangeIn:
		return "+ in", st.Included
	case core.ChangeOut:
		return "− out", st.Excluded
	case core.ChangeCut:
		return "✂ cut", st.Partial
	case core.ChangeRestored:
		return "+ restored", st.Included
	case core.ChangeStage:
		return "≠ stage", st.Muted
	}
	return "↕ moved", st.Changed
}

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
