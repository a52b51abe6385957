package tui

import (
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// metricsContent shows the article's ContextMetrics for this assembly:
// utilization, the per-component table, truncated components and the
// monitor's >90% alert.
func metricsContent(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	a := ev.Assembly
	met := ev.Metrics
	var b strings.Builder
	fmt.Fprintf(&b, "%s %.1f%% of max input (%s / %s; window %s, reserve %s)\n", st.Bold.Render("Utilization"),
		met.BudgetUtilization*100, thousands(a.Used), thousands(a.MaxInput), thousands(a.Window), thousands(a.Budget.ResponseReserve))
	switch {
	case ev.Overflow != nil:
		fmt.Fprintf(&b, "%s\n", st.Alert.Render(" ▲ "+ev.Overflow.Error()+" "))
	case ev.Alert != "":
		fmt.Fprintf(&b, "%s\n", st.Alert.Render(" ⚠ "+safetext.Line(ev.Alert)+" "))
	default:
		fmt.Fprintf(&b, "%s\n", st.Included.Render("✓ below the 90% alert threshold"))
	}
	if !a.Exact {
		fmt.Fprintf(&b, "%s\n", st.Warn.Render("counts are estimates: the "+a.Tokenizer+" tokenizer is not the provider's"))
	}
	b.WriteByte('\n')
	fmt.Fprintf(&b, "%s\n", st.TableHeader.Render(fmt.Sprintf(" %-13s %9s %9s %9s  %-12s %s", "component", "allocated", "raw", "used", "state", "note")))
	for _, c := range a.Components {
		state := ""
		switch {
		case c.Over:
			state = st.Excluded.Render(padRight("▲ +"+thousands(c.Excess), 12))
		case c.Truncated:
			state = st.Partial.Render(padRight("✂ cut", 12))
		default:
			state = padRight("", 12)
		}
		alloc := thousands(c.Allocated)
		if c.Name == core.ComponentLabels || c.Name == core.ComponentFraming {
			alloc = "—"
		}
		noteW := max(10, width-58)
		fmt.Fprintf(&b, " %s %9s %9s %9s  %s %s\n", componentStyle(st, c.Name).Render(padRight(componentLabels[c.Name], 13)),
			alloc, thousands(c.Raw), thousands(c.Used), state, st.Muted.Render(truncateText(safetext.Line(c.Note), noteW)))
	}
	fmt.Fprintf(&b, " %-13s %9s %9s %9s\n", st.Bold.Render(padRight("total input", 13)), thousands(a.MaxInput), "", thousands(a.Used))
	if len(met.TruncatedComponents) > 0 {
		fmt.Fprintf(&b, "\n%s %s\n", st.Bold.Render("Truncated components:"), strings.Join(met.TruncatedComponents, ", "))
	}
	if ev.Build != nil && ev.Settings.Pipeline.BudgetMode == core.BudgetReference && ev.Build.HeaderOverhead() > 0 {
		fmt.Fprintf(&b, "\n%s the ContextManager's budget walk charged %s tokens; its block has %s: %s tokens of citation headers and separators are not budgeted (budget mode strict charges them).\n",
			st.Warn.Render("Reference overshoot:"), thousands(ev.Build.Trace.BudgetUsed), thousands(ev.Build.TokensUsed), thousands(ev.Build.HeaderOverhead()))
	}
	record, err := json.MarshalIndent(met, "", "  ")
	if err == nil {
		fmt.Fprintf(&b, "\n%s\n%s\n", st.Bold.Render("ContextMetrics record (what `ctxlab assemble --metrics-out` appends)"), safetext.Sanitize(string(record)))
	}
	return b.String()
}
