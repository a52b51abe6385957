package rows

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

// Stage is a pipeline step the document list can show.
type Stage int

const (
	StageInput Stage = iota
	StageFilter
	StageSort
	StageDedup
	StageReorder
	StageBudget
)

var stageNames = map[Stage]string{
	StageInput: "Input", StageFilter: "Filter", StageSort: "Sort",
	StageDedup: "Dedup", StageReorder: "Reorder", StageBudget: "Budget",
}

// Name is the stage's name: Input, Filter, Sort, Dedup, Reorder, Budget.
func (s Stage) Name() string { return stageNames[s] }

// StagesFor lists the stages of the evaluation's builder in the order
// they run: the article's RAGContextManager has no filter, dedup or
// reorder, and budget-before-reorder runs the budget before the reorder.
func StagesFor(ev *core.Evaluation) []Stage {
	if ev != nil && ev.SimpleRAG != nil {
		return []Stage{StageInput, StageSort, StageBudget}
	}
	if ev != nil && ev.Build != nil && ev.Build.Trace.BudgetFirst {
		return []Stage{StageInput, StageFilter, StageSort, StageDedup, StageBudget, StageReorder}
	}
	return []Stage{StageInput, StageFilter, StageSort, StageDedup, StageReorder, StageBudget}
}

// Strip draws each stage with its count, the selected one
// highlighted: "Input 60 ─► Filter −4 ─► Sort ─► Dedup −6 ─► …".
// sent are the evaluation's fates after the assembler (SentCounts),
// counted once per evaluation.
func Strip(st *themes.Styles, ev *core.Evaluation, sent Fates, selected Stage, width int) string {
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
	names map[Stage]string
	// assembler labels the fates after the assembler's cuts.
	assembler string
	// tight drops the spaces around the stages not selected.
	tight bool
	last  bool
}

var shortStageNames = map[Stage]string{StageInput: "In", StageFilter: "Filt", StageSort: "Sort",
	StageDedup: "Dedup", StageReorder: "Order", StageBudget: "Budget"}

var stripForms = []stripForm{
	{sep: "─►", names: stageNames, assembler: "after the assembler"},
	{sep: "›", names: stageNames, assembler: "after the assembler"},
	{sep: "›", names: shortStageNames, assembler: "Final"},
	{sep: "›", names: shortStageNames, assembler: "Final", tight: true, last: true},
}

// StripLabels are the labels and separators the strip draws besides the
// stage names, in every form: what the legend must name.
func StripLabels() []string {
	var labels []string
	for _, f := range stripForms {
		labels = append(labels, f.assembler, f.sep)
	}
	return labels
}

func stripLine(st *themes.Styles, ev *core.Evaluation, selected Stage, f stripForm, sent Fates) string {
	var parts []string
	for _, s := range StagesFor(ev) {
		label := f.names[s] + stageCount(ev, s)
		switch {
		case s == selected && st.Mono:
			// Without colour the selection needs a glyph of its own:
			// brackets, in the cells the padding takes otherwise.
			parts = append(parts, st.ControlFocused.Render("["+label+"]"))
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
	if lost, cut := AssemblerCuts(ev); lost+cut > 0 {
		counts := fateCounts(sent.Included, sent.Cut, sent.Summarized, sent.Excluded)
		segment := " " + f.assembler + counts + " "
		if f.tight {
			segment = f.assembler + counts
		}
		line += st.Faint.Render(f.sep) + st.Partial.Render(segment)
	}
	return line
}

// Fates counts the Budget stage's rows by the fate they show.
type Fates struct{ Included, Cut, Summarized, Excluded int }

// SentCounts counts the Budget stage's rows by the fate they show, the
// assembler's cuts included. The rows look as FateLook and sentLook say,
// so the count starts from the trace's and moves only the documents the
// assembler cut: no walk over every document.
func SentCounts(ev *core.Evaluation) Fates {
	var n Fates
	if ev.SimpleRAG != nil {
		// The article's builder takes a handful of documents; count its
		// rows.
		for _, r := range simpleRAGRows(ev, StageBudget) {
			n.add(LookOf(ev, StageBudget, r).tone, 1)
		}
		return n
	}
	c := ev.Build.Trace.Counts
	n = Fates{Included: c.Included, Cut: c.Partial, Summarized: c.Summarized, Excluded: c.Excluded}
	for doc, survival := range ev.RAGSurvival {
		_, before := FateLook(ev.Build.Trace.Doc(doc).Fate)
		_, after := sentLook("", before, survival)
		n.add(before, -1)
		n.add(after, 1)
	}
	return n
}

// add counts delta rows of a tone.
func (n *Fates) add(tone Tone, delta int) {
	switch tone {
	case ToneIncluded:
		n.Included += delta
	case TonePartial:
		n.Cut += delta
	case ToneSummarized:
		n.Summarized += delta
	case ToneExcluded:
		n.Excluded += delta
	}
}

func stageCount(ev *core.Evaluation, s Stage) string {
	if ev.SimpleRAG != nil {
		r := ev.SimpleRAG
		switch s {
		case StageInput:
			return " " + numfmt.Thousands(len(r.Trace))
		case StageBudget:
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
	case StageInput:
		return " " + numfmt.Thousands(c.Input)
	case StageFilter:
		return " −" + numfmt.Thousands(c.Filtered)
	case StageDedup:
		return " −" + numfmt.Thousands(c.Duplicates)
	case StageReorder:
		switch {
		case !ev.Settings.Pipeline.LostInMiddle:
			return " off"
		case !c.Reordered:
			return " skipped" // on, but 3 or fewer documents remain
		}
	case StageBudget:
		return fateCounts(c.Included, c.Partial, c.Summarized, c.Excluded)
	}
	return ""
}

// AssemblerCuts counts the cited documents the assembler's cut of the
// retrieved context reached.
func AssemblerCuts(ev *core.Evaluation) (lost, cut int) {
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
