package core

import (
	"fmt"
	"reflect"
	"slices"

	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// Built is what an evaluation's retrieval and RAG builder made: the
// documents the builder saw, their analysis and its result. Another
// evaluation of the same input under settings that differ in the mode
// alone takes it (EvalInput.Built) instead of building again: assemble
// measures a request as sent beside its budgeted assembly, and two
// builds held a long document's retrieved-context block twice (a 50 MB
// source, copied whole into its citation header, was 48 MiB per block).
type Built struct {
	settings  Settings
	rerank    *pipeline.RerankResult
	documents []value.Document
	docIndex  []int
	analysis  *pipeline.Analysis
	selected  bool
	build     *pipeline.Result
	simpleRAG *pipeline.SimpleRAGResult
	// notes are the evaluation's notes once built: the builder adds its
	// top_k note to the settings' own, which the same settings repeat.
	notes []string
}

// Built is this evaluation's retrieval and builder result, for another
// evaluation of the same input to take.
func (e *Evaluation) Built() *Built {
	return &Built{settings: e.Settings, rerank: e.Rerank, documents: e.Documents, docIndex: e.docIndex,
		analysis: e.Analysis, selected: e.selected, build: e.Build, simpleRAG: e.SimpleRAG, notes: e.Notes}
}

// take gives ev the builder result b holds, after checking that b was
// built under the same settings but the mode, which the builder does not
// read: anything else could have built another block.
func (ev *Evaluation) take(b *Built) error {
	mine, theirs := ev.Settings, b.settings
	theirs.Mode = mine.Mode
	if !reflect.DeepEqual(mine, theirs) {
		return fmt.Errorf("core: a builder result was reused under other settings than its own")
	}
	ev.Rerank, ev.Documents, ev.docIndex = b.rerank, b.documents, b.docIndex
	ev.Analysis, ev.selected = b.analysis, b.selected
	ev.Build, ev.SimpleRAG = b.build, b.simpleRAG
	ev.Notes = slices.Clone(b.notes)
	return nil
}
