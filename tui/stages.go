package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/draw"
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
// sent are the evaluation's fates after the assembler (sentCounts),
// counted once per evaluation.
func renderPipelineStrip(st *themes.Styles, ev *core.Evaluation, sent fates, selected stage, width int) string {
	if ev == nil {
		return draw.PadRight(st.Muted.Render(" pipeline: computing…"), width)
	}
	if len(ev.Documents) == 0 {
		// A request with no retrieved documents (an agent loop, a chat)
		// has nothing to filter or rank: a strip of zeros would read as
		// a pipeline that lost everything.
		return draw.PadRight(st.Muted.Render(draw.Truncate(" No retrieved documents: the retrieval pipeline has nothing to filter or rank", width)), width)
	}
	// The full strip first; on a narrow terminal a tighter separator,
	// then short names, so the counts (what a user reads it for) stay.
	for _, f := range stripForms {
		line := stripLine(st, ev, selected, f, sent)
		if lipgloss.Width(line) > width && !f.last {
			continue
		}
		// The tight form drops the spaces around the stages; the line
		// still starts one cell in, as every other line does, when it can.
		if !strings.HasPrefix(ansi.Strip(line), " ") && lipgloss.Width(line) < width {
			line = " " + line
		}
		return draw.PadRight(line, width)
	}
	return ""
}

// stripForm is one way of drawing the strip, from roomy to tight.
type stripForm struct {
	sep   string
	names map[stage]string
	// assembler labels the fates after the assembler's cuts.
	assembler string
	// tight drops the spaces around the stages not selected.
	tight bool
	last  bool
}

var shortStageNames = map[stage]string{stageInput: "In", stageFilter: "Filt", stageSort: "Sort",
	stageDedup: "Dedup", stageReorder: "Order", stageBudget: "Budget"}

var stripForms = []stripForm{
	{sep: "─►", names: stageNames, assembler: "after the assembler"},
	{sep: "›", names: stageNames, assembler: "after the assembler"},
	{sep: "›", names: shortStageNames, assembler: "Final"},
	{sep: "›", names: shortStageNames, assembler: "Final", tight: true, last: true},
}

func stripLine(st *themes.Styles, ev *core.Evaluation, selected stage, f stripForm, sent fates) string {
	var parts []string
	for _, s := range stagesFor(ev) {
		label := f.names[s] + stageCount(ev, s)
		switch {
		case s == selected:
			parts = append(parts, st.ControlFocused.Render(" "+label+" "))
		case f.tight:
			parts = append(parts, st.Text.Render(label))
		default:
			parts = append(parts, st.Text.Render(" "+label+" "))
		}
	}
	prefix := ""
	if r := ev.Rerank; r != nil {
		prefix = st.Muted.Render(fmt.Sprintf(" Rerank %s→%s→%s", numfmt.Thousands(len(r.Candidates)), numfmt.Thousands(len(r.Retrieved)), numfmt.Thousands(len(r.Selected)))) + st.Faint.Render(" "+f.sep)
	}
	line := prefix + strings.Join(parts, st.Faint.Render(f.sep))
	// The Budget stage's list shows the assembler's cuts in place, so
	// once it cut something the strip says both: what the budget decided,
	// and what the list shows, which add up to the same documents.
	if lost, cut := assemblerCuts(ev); lost+cut > 0 {
		counts := fateCounts(sent.included, sent.cut, sent.summarized, sent.excluded)
		segment := " " + f.assembler + counts + " "
		if f.tight {
			segment = f.assembler + counts
		}
		line += st.Faint.Render(f.sep) + st.Partial.Render(segment)
	}
	return line
}

// fates counts the Budget stage's rows by the fate they show.
type fates struct{ included, cut, summarized, excluded int }

// sentCounts counts the Budget stage's rows by the fate they show, the
// assembler's cuts included. The rows look as fateLook and sentLook say,
// so the count starts from the trace's and moves only the documents the
// assembler cut: no walk over every document.
func sentCounts(ev *core.Evaluation) fates {
	var n fates
	if ev.SimpleRAG != nil {
		// The article's builder takes a handful of documents; count its
		// rows.
		for _, r := range simpleRAGRows(ev, stageBudget) {
			n.add(lookRow(ev, stageBudget, r).tone, 1)
		}
		return n
	}
	c := ev.Build.Trace.Counts
	n = fates{included: c.Included, cut: c.Partial, summarized: c.Summarized, excluded: c.Excluded}
	for doc, survival := range ev.RAGSurvival {
		_, before := fateLook(ev.Build.Trace.Doc(doc).Fate)
		_, after := sentLook("", before, survival)
		n.add(before, -1)
		n.add(after, 1)
	}
	return n
}

// add counts delta rows of a tone.
func (n *fates) add(tone rowTone, delta int) {
	switch tone {
	case toneIncluded:
		n.included += delta
	case tonePartial:
		n.cut += delta
	case toneSummarized:
		n.summarized += delta
	case toneExcluded:
		n.excluded += delta
	}
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
		case ev.Build.Trace.BudgetFirst:
			return " after budget"
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
