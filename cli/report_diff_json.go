package cli

import (
	"ctxlab/core"
	"ctxlab/core/diagnose"
)

// diffJSON is ctxlab diff --format json's document.
type diffJSON struct {
	Baseline diffSideJSON `json:"baseline"`
	Current  diffSideJSON `json:"current"`
	// Input is the input both sides assembled, when one was given.
	Input       string `json:"input,omitempty"`
	Same        bool   `json:"same"`
	TokensSaved int    `json:"tokens_saved"`
	// Documents are those whose fate or place changed, in, out, cut,
	// restored, then moved.
	Documents        []diffDocumentJSON  `json:"documents"`
	Components       []diffComponentJSON `json:"components"`
	FindingsAppeared []diagnose.Finding  `json:"findings_appeared"`
	FindingsGone     []diagnose.Finding  `json:"findings_gone"`
	// CostBefore and CostAfter are both requests at their models' list
	// prices; SavingPer1000 is what the change saves on 1,000 requests'
	// input, null when either cost is unknown.
	CostBefore    costJSON `json:"cost_before"`
	CostAfter     costJSON `json:"cost_after"`
	SavingPer1000 *float64 `json:"saving_per_1000_requests"`
	// TextChanges are the request text's changed lines, each with its
	// 1-based line number in the side it is on.
	TextChanges []diffTextJSON `json:"text_changes"`
}

type diffSideJSON struct {
	File        string  `json:"file"`
	Used        int     `json:"used"`
	MaxInput    int     `json:"max_input"`
	Utilization float64 `json:"utilization"`
	Fits        bool    `json:"fits"`
}

type diffDocumentJSON struct {
	Index  int     `json:"index"`
	Source string  `json:"source"`
	Score  float64 `json:"score"`
	Change string  `json:"change"`
	Before string  `json:"before"`
	After  string  `json:"after"`
	// Places are the citation numbers, 0 when not in the context.
	PlaceBefore int `json:"place_before"`
	PlaceAfter  int `json:"place_after"`
}

type diffComponentJSON struct {
	Name            string `json:"name"`
	AllocatedBefore int    `json:"allocated_before"`
	AllocatedAfter  int    `json:"allocated_after"`
	UsedBefore      int    `json:"used_before"`
	UsedAfter       int    `json:"used_after"`
}

type diffTextJSON struct {
	// Op is "removed" (baseline only) or "added" (current only).
	Op   string `json:"op"`
	Line int    `json:"line"`
	Text string `json:"text"`
}

func diffJSONOf(baseline, current diffSide, input string, c core.Comparison, costs diffCosts) diffJSON {
	out := diffJSON{
		Baseline: diffSideJSON{File: baseline.label, Used: c.UsedBefore, MaxInput: c.MaxInputBefore, Utilization: c.UtilizationBefore, Fits: c.FitsBefore},
		Current:  diffSideJSON{File: current.label, Used: c.UsedAfter, MaxInput: c.MaxInputAfter, Utilization: c.UtilizationAfter, Fits: c.Fits},
		Input:    input, Same: c.Same(), TokensSaved: c.TokensSaved(),
		Documents: []diffDocumentJSON{}, Components: []diffComponentJSON{}, TextChanges: []diffTextJSON{},
		FindingsAppeared: nonNilFindings(c.FindingsAppeared), FindingsGone: nonNilFindings(c.FindingsGone),
		CostBefore: costJSONOf(costs.before, costs.prices), CostAfter: costJSONOf(costs.after, costs.prices),
	}
	if saving, ok := core.CostSaving(costs.before, costs.after); ok {
		out.SavingPer1000 = &saving
	}
	for _, d := range c.Documents {
		out.Documents = append(out.Documents, diffDocumentJSON{Index: d.Index, Source: d.Source, Score: d.Score, Change: string(d.Kind()),
			Before: string(d.Before), After: string(d.After), PlaceBefore: d.PlaceBefore, PlaceAfter: d.PlaceAfter})
	}
	for _, d := range c.Components {
		out.Components = append(out.Components, diffComponentJSON{Name: d.Name, AllocatedBefore: d.AllocatedBefore, AllocatedAfter: d.AllocatedAfter,
			UsedBefore: d.UsedBefore, UsedAfter: d.UsedAfter})
	}
	lineBefore, lineAfter := 0, 0
	for _, l := range c.Text {
		switch l.Op {
		case core.TextSame:
			lineBefore++
			lineAfter++
		case core.TextRemoved:
			lineBefore++
			out.TextChanges = append(out.TextChanges, diffTextJSON{Op: "removed", Line: lineBefore, Text: l.Text})
		case core.TextAdded:
			lineAfter++
			out.TextChanges = append(out.TextChanges, diffTextJSON{Op: "added", Line: lineAfter, Text: l.Text})
		}
	}
	return out
}

func nonNilFindings(fs []diagnose.Finding) []diagnose.Finding {
	if fs == nil {
		return []diagnose.Finding{}
	}
	return fs
}
