package views

import (
	"encoding/json"
	"fmt"
	"strings"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// Metrics shows the article's ContextMetrics for this assembly:
// utilization, the per-component table, truncated components, the
// monitor's >90% alert and the scenario's notes.
func Metrics(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	a := ev.Assembly
	met := ev.Metrics
	var b strings.Builder
	WriteTitled(&b, st, "Utilization", utilizationText(a, met.BudgetUtilization), width)
	switch {
	case ev.Overflow != nil:
		draw.WriteWrapped(&b, st.Alert, "▲ "+OverflowWords(ev.Overflow), width)
	case ev.Alert != "":
		draw.WriteWrapped(&b, st.Alert, "⚠ "+safetext.Line(ev.Alert), width)
	default:
		draw.WriteWrapped(&b, st.Included, "✓ below the 90% alert threshold", width)
	}
	if !a.Exact {
		draw.WriteWrapped(&b, st.Warn, "counts are estimates: the "+a.Tokenizer+" tokenizer is not the provider's", width)
	}
	if line := billedLine(ev); line != "" {
		draw.WriteHanging(&b, st.Text, line, width, 2)
	}
	b.WriteByte('\n')

	// The note column starts after the numbers; when too little of the
	// width is left there, a note goes on the lines below its row,
	// indented under the numbers, and always wraps rather than being cut.
	const noteCol = 66
	noteIndent, noteW := noteCol, width-noteCol
	inline := noteW >= 28
	if !inline {
		noteIndent = 22
		noteW = width - noteIndent
	}
	fmt.Fprintf(&b, "%s\n", st.TableHeader.Render(fmt.Sprintf(" %-20s %9s %9s %9s  %-12s %s", "component", "allocated", "raw", "used", "state", "note")))
	for _, c := range a.Components {
		state := ""
		switch {
		case c.Over:
			state = st.Excluded.Render(draw.PadRight("▲ +"+numfmt.Thousands(c.Excess), 12))
		case c.Truncated:
			state = st.Partial.Render(draw.PadRight("✂ cut", 12))
		default:
			state = draw.PadRight("", 12)
		}
		alloc := numfmt.Thousands(c.Allocated)
		if c.Name == window.ComponentLabels || c.Name == window.ComponentFraming {
			alloc = "—"
		}
		fmt.Fprintf(&b, " %s %9s %9s %9s  %s", ComponentStyle(st, c.Name).Render(draw.PadRight(window.ComponentWords(c.Name), 20)),
			alloc, numfmt.Thousands(c.Raw), numfmt.Thousands(c.Used), state)
		note := safetext.Line(c.Note)
		if c.Name == window.ComponentHistory {
			note = joinNotes(note, memoryDropNote(ev.Memory))
		}
		lines := draw.HangingWrap(note, noteW, 0)
		switch {
		case note == "":
			b.WriteByte('\n')
			continue
		case inline:
			b.WriteString(" " + st.Muted.Render(lines[0]) + "\n")
			lines = lines[1:]
		default:
			b.WriteByte('\n')
		}
		for _, l := range lines {
			b.WriteString(strings.Repeat(" ", noteIndent) + st.Muted.Render(l) + "\n")
		}
	}
	raw := 0
	for _, c := range a.Components {
		if c.Name != window.ComponentReserve {
			raw += c.Raw
		}
	}
	fmt.Fprintf(&b, " %s %9s %9s %9s\n", st.Bold.Render(draw.PadRight("total input", 20)), numfmt.Thousands(a.Budget.Allocated()), numfmt.Thousands(raw), numfmt.Thousands(a.Used))
	fmt.Fprintf(&b, " %s %9s %s\n", draw.PadRight("max input", 20), numfmt.Thousands(max(0, a.MaxInput)), st.Muted.Render(fmt.Sprintf("%21s window %s − reserve %s", "", numfmt.Thousands(a.Window), numfmt.Thousands(a.Budget.ResponseReserve))))
	if len(met.TruncatedComponents) > 0 {
		b.WriteByte('\n')
		words := make([]string, len(met.TruncatedComponents))
		for i, name := range met.TruncatedComponents {
			words[i] = window.ComponentWords(name) + " (" + name + ")"
		}
		WriteTitled(&b, st, "Truncated components:", strings.Join(words, ", "), width)
	}
	if ev.Build != nil && ev.Settings.Pipeline.BudgetMode == pipeline.BudgetReference && ev.Build.HeaderOverhead() > 0 {
		b.WriteByte('\n')
		WriteTitled(&b, st, "Reference overshoot:", fmt.Sprintf("the ContextManager's budget walk charged %s tokens; its block has %s: %s tokens of citation headers and separators are not budgeted (budget mode strict charges them).",
			numfmt.Thousands(ev.Build.Trace.BudgetUsed), numfmt.Thousands(ev.Build.TokensUsed), numfmt.Thousands(ev.Build.HeaderOverhead())), width)
	}
	if len(ev.Notes) > 0 {
		fmt.Fprintf(&b, "\n%s\n", st.Bold.Render("Scenario notes"))
		for _, note := range ev.Notes {
			draw.WriteHanging(&b, st.Text, "• "+safetext.Line(note), width, 2)
		}
	}
	record, err := json.MarshalIndent(met, "", "  ")
	if err == nil {
		b.WriteByte('\n')
		WriteTitled(&b, st, "ContextMetrics record", "(what `ctxlab assemble --metrics-out` appends)", width)
		b.WriteString(safetext.Sanitize(string(record)) + "\n")
	}
	return b.String()
}

// memoryDropNote says what the memory strategy took out of the history
// before the assembler saw it: the table's raw is what was left.
func memoryDropNote(mem memory.Result) string {
	dropped, summarized := 0, 0
	for _, f := range mem.Fates {
		switch f.Fate {
		case memory.Dropped:
			dropped++
		case memory.Summarized:
			summarized++
		}
	}
	if dropped+summarized == 0 {
		return ""
	}
	var parts []string
	if dropped > 0 {
		parts = append(parts, fmt.Sprintf("%s dropped", numfmt.Thousands(dropped)))
	}
	if summarized > 0 {
		parts = append(parts, fmt.Sprintf("%s folded into the summary", numfmt.Thousands(summarized)))
	}
	return fmt.Sprintf("raw is after the %s memory: %s of %s messages", mem.Strategy, strings.Join(parts, ", "), numfmt.Thousands(len(mem.Fates)))
}

func joinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}
