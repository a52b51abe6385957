package core

// An evaluation's documents are numbered two ways: by their position in
// ev.Documents (what the builder's trace indexes) and by their input
// index, their position in the scenario (what refs, findings and the
// list's numbers use). Without a selection (reranking, the rag
// builder's top_k) the two are the same and the evaluation holds no
// table between them: an identity table was 8 MB a million documents,
// kept for as long as the workbench showed the evaluation, and twice
// while a knob's evaluation was made beside the one on screen.

// InputIndex is the input index of ev.Documents[doc]; with no evaluation
// yet, doc itself. A position outside the documents is its own number,
// as the numbering of a selection cannot say more of it.
func (ev *Evaluation) InputIndex(doc int) int {
	if ev != nil && doc >= 0 && doc < len(ev.docIndex) {
		return ev.docIndex[doc]
	}
	return doc
}

// InInputOrder reports whether ev.Documents are the scenario's own, in
// its order, so every InputIndex(doc) is doc.
func (ev *Evaluation) InInputOrder() bool { return ev.docIndex == nil }

// EvaluatedIndex returns where scenario document scenarioDoc (the
// numbering findings and refs use) is among ev.Documents, and whether
// it is there at all. Without a selection the two numberings are the
// same, so the answer is found without a walk of every document, which a
// frame drawn per keystroke cannot afford at 100,000 documents.
func (ev *Evaluation) EvaluatedIndex(scenarioDoc int) (int, bool) {
	if ev.docIndex == nil {
		if scenarioDoc >= 0 && scenarioDoc < len(ev.Documents) {
			return scenarioDoc, true
		}
		return -1, false
	}
	for doc, s := range ev.docIndex {
		if s == scenarioDoc {
			return doc, true
		}
	}
	return -1, false
}
