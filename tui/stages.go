package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
)

// stage is a pipeline step the document list can show.
type stage int

const (
	stageInput stage = iota
	stageFilter
	stageSort
	stageDedup
	stageReorder
	stageBudget
)

var stageNames = map[stage]string{
	stageInput: "Input", stageFilter: "Filter", stageSort: "Sort",
	stageDedup: "Dedup", stageReorder: "Reorder", stageBudget: "Budget",
}

// stagesFor lists the stages of the evaluation's builder: the article's
// RAGContextManager has no filter, dedup or reorder.
func stagesFor(ev *core.Evaluation) []stage {
	if ev != nil && ev.SimpleRAG != nil {
		return []stage{stageInput, stageSort, stageBudget}
	}
	return []stage{stageInput, stageFilter, stageSort, stageDedup, stageReorder, stageBudget}
}

// renderPipelineStrip draws each stage with its count, the selected one
// highlighted: "Input 60 ─► Filter −4 ─► Sort ─► Dedup −6 ─► …".
func renderPipelineStrip(st *themes.Styles, ev *core.Evaluation, selected stage, width int) string {
	if ev == nil {
		return padRight(st.Muted.Render(" pipeline: computing…"), width)
	}
	// The full strip first; on a narrow terminal a tighter separator,
	// then short names, so the counts (what a user reads it for) stay.
	for _, f := range stripForms {
		if line := stripLine(st, ev, selected, f); lipgloss.Width(line) <= width || f.last {
			return padRight(line, width)
		}
	}
	return ""
}

// stripForm is one way of drawing the strip, from roomy to tight.
type stripForm struct {
	sep   string
	names map[stage]string
	// assembler is the label of the assembler's cuts.
	assembler string
	last      bool
}

var stripForms = []stripForm{
	{sep: "─►", names: stageNames, assembler: "Assembler"},
	{sep: "›", names: stageNames, assembler: "Assembler"},
	{sep: "›", names: map[stage]string{stageInput: "In", stageFilter: "Filt", stageSort: "Sort",
		stageDedup: "Dedup", stageReorder: "Order", stageBudget: "Budget"}, assembler: "Assembly", last: true},
}

func stripLine(st *themes.Styles, ev *core.Evaluation, selected stage, f stripForm) string {
	var parts []string
	for _, s := range stagesFor(ev) {
		label := f.names[s] + stageCount(ev, s)
		if s == selected {
			parts = append(parts, st.ControlFocused.Render(" "+label+" "))
		} else {
			parts = append(parts, st.Text.Render(" "+label+" "))
		}
	}
	prefix := ""
	if r := ev.Rerank; r != nil {
		prefix = st.Muted.Render(fmt.Sprintf(" Rerank %s→%d→%d", numfmt.Thousands(len(r.Candidates)), len(r.Retrieved), len(r.Selected))) + st.Faint.Render(" "+f.sep)
	}
	line := prefix + strings.Join(parts, st.Faint.Render(f.sep))
	if lost, cut := assemblerCuts(ev); lost+cut > 0 {
		counts := ""
		if cut > 0 {
			counts += " " + numfmt.Thousands(cut) + "✂"
		}
		if lost > 0 {
			counts += " " + numfmt.Thousands(lost) + "✗"
		}
		line += st.Faint.Render(f.sep) + st.Partial.Render(" "+f.assembler+counts+" ")
	}
	return line
}

func stageCount(ev *core.Evaluation, s stage) string {
	if ev.SimpleRAG != nil {
		r := ev.SimpleRAG
		switch s {
		case stageInput:
			return " " + numfmt.Thousands(len(r.Trace))
		case stageBudget:
			counts := map[pipeline.SimpleRAGFate]int{}
			for _, d := range r.Trace {
				counts[d.Fate]++
			}
			return fateCounts(counts[pipeline.SimpleRAGIncluded], counts[pipeline.SimpleRAGTruncated], 0,
				counts[pipeline.SimpleRAGDropped]+counts[pipeline.SimpleRAGNotReached])
		}
		return ""
	}
	c := ev.Build.Trace.Counts
	switch s {
	case stageInput:
		return " " + numfmt.Thousands(c.Input)
	case stageFilter:
		return " −" + numfmt.Thousands(c.Filtered)
	case stageDedup:
		return " −" + numfmt.Thousands(c.Duplicates)
	case stageReorder:
		switch {
		case !ev.Settings.Pipeline.LostInMiddle:
			return " off"
		case !c.Reordered:
			return " skipped" // on, but 3 or fewer documents remain
		}
	case stageBudget:
		return fateCounts(c.Included, c.Partial, c.Summarized, c.Excluded)
	}
	return ""
}

// assemblerCuts counts the cited documents the assembler's cut of the
// retrieved context reached.
func assemblerCuts(ev *core.Evaluation) (lost, cut int) {
	for _, s := range ev.RAGSurvival {
		switch s {
		case core.SurvivedLost:
			lost++
		case core.SurvivedCut:
			cut++
		}
	}
	return lost, cut
}

// fateCounts is " 11✓ 1✂ 38✗": included and excluded always, cut and
// summarized only when there are some.
func fateCounts(included, cut, summarized, excluded int) string {
	out := " " + numfmt.Thousands(included) + "✓"
	if cut > 0 {
		out += " " + numfmt.Thousands(cut) + "✂"
	}
	if summarized > 0 {
		out += " " + numfmt.Thousands(summarized) + "Σ"
	}
	return out + " " + numfmt.Thousands(excluded) + "✗"
}
