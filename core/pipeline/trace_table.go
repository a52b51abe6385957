package pipeline

// traceTable holds every input document's trace in two parts. A
// document's state (its fate, whether and why it was filtered) is kept
// for every document, 12 bytes each; the rest of a DocTrace (positions,
// citation, tokens kept, cut offset, duplicate and nearest, budget
// reason) is kept only for the documents that got past the filter, in a
// side table the state points into. A million one-word documents the
// filter removes then cost 12 bytes each instead of a full DocTrace of
// 72. Readers see whole DocTraces either way (Trace.Doc).
type traceTable struct {
	states []docState
	// details are the full traces of the documents a stage after the
	// filter reached, in the order they were reached.
	details []DocTrace
	// reasons are the filter's (and top-k's) reasons, one per distinct
	// text the filter gave: documents filtered for the same count share
	// one.
	reasons []string
}

// docState is the part of a document's trace every document has.
type docState struct {
	// detail is 1 + the document's slot in details; 0 when no stage after
	// the filter reached it.
	detail int32
	// reason is 1 + its filter reason's number in reasons; 0 for none.
	reason   int32
	fate     Fate
	filtered bool
}

// newTraceTable makes n documents' traces, each at no stage yet.
func newTraceTable(n int) traceTable {
	return traceTable{states: make([]docState, n)}
}

// reset puts every document back at no stage, keeping the storage: a
// sweep's value that filters starts from there.
func (t *traceTable) reset() {
	clear(t.states)
	clear(t.details)
	t.details = t.details[:0]
	t.reasons = t.reasons[:0]
}

// untraced is document i's trace before any stage after the filter.
func untraced(i int) DocTrace {
	return DocTrace{Index: int32(i), SortedPos: -1, PosBeforeReorder: -1, PosAfterReorder: -1, CutAt: -1}
}

// len is the number of documents traced.
func (t *traceTable) len() int { return len(t.states) }

// detail is document i's full trace for a stage to write into, given a
// slot in the side table on first use. The pointer is good until the
// next document is given one.
func (t *traceTable) detail(i int) *DocTrace {
	if slot := t.states[i].detail; slot > 0 {
		return &t.details[slot-1]
	}
	return t.addDetail(i)
}

// addDetail gives document i its slot in the side table; apart from
// detail, so detail's common case stays small enough to inline.
func (t *traceTable) addDetail(i int) *DocTrace {
	t.details = append(t.details, untraced(i))
	t.states[i].detail = int32(len(t.details))
	return &t.details[len(t.details)-1]
}

// view is document i's whole trace as readers see it.
func (t *traceTable) view(i int) DocTrace {
	s := t.states[i]
	var d DocTrace
	if s.detail > 0 {
		d = t.details[s.detail-1]
	} else {
		d = untraced(i)
	}
	d.Fate, d.Filtered = s.fate, s.filtered
	if s.filtered {
		d.reason = ""
		if s.reason > 0 {
			d.reason = t.reasons[s.reason-1]
		}
	}
	return d
}

// sortedPos is document i's position after the sort, -1 when filtered.
func (t *traceTable) sortedPos(i int) int32 {
	if s := t.states[i]; s.detail > 0 {
		return t.details[s.detail-1].SortedPos
	}
	return -1
}

// filtered reports whether the filter (or top-k) removed document i.
func (t *traceTable) filtered(i int) bool { return t.states[i].filtered }

// fate is document i's fate.
func (t *traceTable) fate(i int) Fate { return t.states[i].fate }

// setFate records document i's fate.
func (t *traceTable) setFate(i int, f Fate) { t.states[i].fate = f }

// addReason stores a filter reason and returns its number for
// markFiltered; documents filtered for the same reason pass the same
// number.
func (t *traceTable) addReason(reason string) int32 {
	t.reasons = append(t.reasons, reason)
	return int32(len(t.reasons))
}

// markFiltered records the filter's (or top-k's) decision, with a reason
// number from addReason.
func (t *traceTable) markFiltered(i int, reason int32) {
	s := &t.states[i]
	s.filtered, s.fate, s.reason = true, FateFiltered, reason
}
