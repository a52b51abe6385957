package pipeline

// traceTable holds every input document's trace in two parts. A
// document's state (its fate, whether and why it was filtered) is kept
// for every document, 8 bytes each; the rest of a DocTrace (positions,
// citation, tokens kept, cut offset, duplicate and nearest, budget
// reason) is kept only for the documents that got past the filter, in a
// side table the state points into. A million one-word documents the
// filter removes then cost 8 bytes each instead of a full DocTrace of
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

// docState is the part of a document's trace every document has: 8
// bytes, since every input document pays for it (the workbench holds two
// traces while it replaces one, a million documents apiece).
type docState struct {
	// detail is 1 + the document's slot in details; 0 when no stage after
	// the filter reached it.
	detail int32
	// fateAndReason is the fate in its low fateBits bits and, above them,
	// 1 + the filter reason's number in reasons, 0 for none. Only the
	// filter (and top-k) gives the fate FateFiltered, so it says whether
	// the document was filtered. MaxDocuments keeps the reasons, at most
	// one a document, within the bits left.
	fateAndReason uint32
}

// fateBits holds every Fate.
const fateBits = 3

func (s docState) fate() Fate       { return Fate(s.fateAndReason & (1<<fateBits - 1)) }
func (s docState) reason() uint32   { return s.fateAndReason >> fateBits }
func (s docState) isFiltered() bool { return s.fate() == FateFiltered }

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
	d.Fate, d.Filtered = s.fate(), s.isFiltered()
	if d.Filtered {
		d.reason = ""
		if r := s.reason(); r > 0 {
			d.reason = t.reasons[r-1]
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
func (t *traceTable) filtered(i int) bool { return t.states[i].isFiltered() }

// fate is document i's fate.
func (t *traceTable) fate(i int) Fate { return t.states[i].fate() }

// setFate records document i's fate.
func (t *traceTable) setFate(i int, f Fate) {
	s := &t.states[i]
	s.fateAndReason = s.fateAndReason&^(1<<fateBits-1) | uint32(f)
}

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
	t.states[i].fateAndReason = uint32(reason)<<fateBits | uint32(FateFiltered)
}
