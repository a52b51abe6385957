package budget

import (
	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
)

// componentDeltas are each component's tokens now less the baseline's, by
// component name; nil without a baseline.
func componentDeltas(c *core.Comparison) map[string]int {
	if c == nil {
		return nil
	}
	out := make(map[string]int, len(c.Components))
	for _, d := range c.Components {
		out[d.Name] = d.UsedAfter - d.UsedBefore
	}
	return out
}

// withDelta puts a component's change against the baseline before its
// marker's forms: "−1,250 vs baseline · ✂ cut at 300 of 351" in words,
// "−1,250 ✂ of 351" tighter, and the change alone at the tightest: with a
// baseline pinned it is what the bar is read for. No change adds nothing.
func withDelta(st *themes.Styles, markers [markerLevels]string, delta int) [markerLevels]string {
	if delta == 0 {
		return markers
	}
	n := "+" + numfmt.Thousands(delta)
	if delta < 0 {
		n = "−" + numfmt.Thousands(-delta)
	}
	for l := range markers {
		d := n
		sep := " "
		if l < 3 {
			d, sep = n+" vs baseline", " · "
		}
		d = st.Changed.Render(d)
		if markers[l] == "" || l == markerLevels-1 {
			markers[l] = d
		} else {
			markers[l] = d + sep + markers[l]
		}
	}
	return markers
}
