package core

// changedInOneDocumentSet is ChangedDocuments for the common case of a
// knob change: both evaluations ran the pipeline builder over the
// input's own documents, so a trace's index is the input index and the
// two traces are compared side by side. It allocates nothing for a
// document that did not change, where the tables by input index cost
// five slices of every document per knob change. ok is false for any
// other pair of evaluations.
func changedInOneDocumentSet(before, after *Evaluation) (out []DocumentChange, ok bool) {
	if before.Build == nil || after.Build == nil || before.selected || after.selected ||
		before.Build.Trace.Len() != after.Build.Trace.Len() || len(after.Documents) != after.Build.Trace.Len() {
		return nil, false
	}
	tb, ta := &before.Build.Trace, &after.Build.Trace
	for i := range ta.Len() {
		stageBefore, stageAfter := tb.Fate(i), ta.Fate(i)
		if stageBefore == stageAfter && !stageBefore.InContext() {
			continue // not sent either way, for the same reason
		}
		fateBefore, fateAfter := traceDocumentFate(before, i), traceDocumentFate(after, i)
		if fateBefore == fateAfter && stageBefore == stageAfter {
			continue
		}
		doc := &after.Documents[i]
		out = append(out, DocumentChange{Index: i, Source: doc.Source, Score: doc.Score,
			Before: fateBefore, After: fateAfter,
			StageBefore: orWord(stageBefore.String()), StageAfter: orWord(stageAfter.String()),
			PlaceBefore: citedPlace(int(tb.Doc(i).Citation), fateBefore), PlaceAfter: citedPlace(int(ta.Doc(i).Citation), fateAfter)})
	}
	return out, true
}

// citedPlace is a document's citation number as documentPlaces gives it:
// 0 when it is not cited or the assembler cut its citation off.
func citedPlace(citation int, fate DocumentFate) int {
	if citation > 0 && fate != DocNotSent {
		return citation
	}
	return 0
}
