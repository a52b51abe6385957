package pipeline

import "encoding/json"

// docTraceJSON is a DocTrace as JSON spells it: the keys, their order and
// their types as they were before the trace was packed, so Result's
// MarshalJSON (the hand-written writer's model) writes the same bytes.
type docTraceJSON struct {
	Index            int        `json:"index"`
	Source           string     `json:"source"`
	Score            float64    `json:"score"`
	Tokens           int        `json:"tokens"`
	Filtered         bool       `json:"filtered"`
	FilterReason     string     `json:"filter_reason,omitempty"`
	SortedPos        int        `json:"sorted_pos"`
	Duplicate        *Duplicate `json:"duplicate,omitempty"`
	Nearest          *Neighbour `json:"nearest,omitempty"`
	PosBeforeReorder int        `json:"pos_before_reorder"`
	PosAfterReorder  int        `json:"pos_after_reorder"`
	Fate             Fate       `json:"fate"`
	TokensKept       int        `json:"tokens_kept"`
	CutAt            int        `json:"cut_at"`
	Citation         int        `json:"citation,omitempty"`
	BudgetReason     string     `json:"budget_reason,omitempty"`
}

func (t *Trace) docJSON(i int) docTraceJSON {
	d := t.Doc(i)
	return docTraceJSON{
		Index: int(d.Index), Source: t.Source(i), Score: t.Score(i), Tokens: t.Tokens(i),
		Filtered: d.Filtered, FilterReason: d.FilterReason(), SortedPos: int(d.SortedPos),
		Duplicate: d.Duplicate, Nearest: d.Nearest,
		PosBeforeReorder: int(d.PosBeforeReorder), PosAfterReorder: int(d.PosAfterReorder),
		Fate: d.Fate, TokensKept: d.TokensKept, CutAt: d.CutAt, Citation: int(d.Citation),
		BudgetReason: d.BudgetReason(),
	}
}

// traceFields is Trace without its methods, so MarshalJSON can encode
// its other fields as their tags say without calling itself.
type traceFields Trace

// MarshalJSON writes the trace with each document's source, score and
// token count read from the document and the analysis, and the keys in their documented order: "docs" first,
// then the rest of Trace's fields as tagged.
func (t Trace) MarshalJSON() ([]byte, error) {
	var docs []docTraceJSON
	if t.docTraces.states != nil {
		docs = make([]docTraceJSON, t.Len())
		for i := range t.Len() {
			docs[i] = t.docJSON(i)
		}
	}
	return json.Marshal(struct {
		Docs []docTraceJSON `json:"docs"`
		*traceFields
	}{docs, (*traceFields)(&t)})
}
