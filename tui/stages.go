package tui

import (
	"fmt"
	"strings"

	"ctxlab/core"
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
	var parts []string
	for _, s := range stagesFor(ev) {
		label := stageNames[s] + stageCount(ev, s)
		if s == selected {
			parts = append(parts, st.ControlFocused.Render(" "+label+" "))
		} else {
			parts = append(parts, st.Text.Render(" "+label+" "))
		}
	}
	prefix := ""
	if ev.Rerank != nil {
		prefix = st.Muted.Render(fmt.Sprintf(" Rerank %d→%d", len(ev.Rerank.Candidates), len(ev.Rerank.Selected))) + st.Faint.Render(" ─►")
	}
	line := prefix + strings.Join(parts, st.Faint.Render("─►"))
	if lost, cut := assemblerCuts(ev); lost+cut > 0 {
		line += st.Faint.Render("─►") + st.Partial.Render(fmt.Sprintf(" Assembler %d✂ %d✗ ", cut, lost))
	}
	return padRight(line, width)
}

func stageCount(ev *core.Evaluation, s stage) string {
	if ev.SimpleRAG != nil {
		r := ev.SimpleRAG
		switch s {
		case stageInput:
			return fmt.Sprintf(" %d", len(r.Trace))
		case stageBudget:
			counts := map[core.SimpleRAGFate]int{}
			for _, d := range r.Trace {
				counts[d.Fate]++
			}
			return fmt.Sprintf(" %d✓ %d✂ %d✗", counts[core.SimpleRAGIncluded], counts[core.SimpleRAGTruncated],
				counts[core.SimpleRAGDropped]+counts[core.SimpleRAGNotReached])
		}
		return ""
	}
	c := ev.Build.Trace.Counts
	switch s {
	case stageInput:
		return fmt.Sprintf(" %d", c.Input)
	case stageFilter:
		return fmt.Sprintf(" −%d", c.Filtered)
	case stageDedup:
		return fmt.Sprintf(" −%d", c.Duplicates)
	case stageReorder:
		if !c.Reordered {
			return " off"
		}
	case stageBudget:
		out := fmt.Sprintf(" %d✓", c.Included)
		if c.Partial > 0 {
			out += fmt.Sprintf(" %d✂", c.Partial)
		}
		if c.Summarized > 0 {
			out += fmt.Sprintf(" %dΣ", c.Summarized)
		}
		return out + fmt.Sprintf(" %d✗", c.Excluded)
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
