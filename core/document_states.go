package core

import (
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
)

// The tables below say, by input index, what an evaluation did with each
// document. They are slices rather than maps because ChangedDocuments
// reads them for every document after every knob change in the
// workbench: at 10,000 documents, maps cost most of a frame. A zero entry
// (an empty fate or stage, citation 0, a nil document) means the
// evaluation did not see the document or did not do that with it.

// inputSpan is the length that holds every input index of evs.
func inputSpan(evs ...*Evaluation) int {
	n := 0
	for _, ev := range evs {
		if ev.InInputOrder() {
			n = max(n, len(ev.Documents))
			continue
		}
		for _, i := range ev.docIndex {
			n = max(n, i+1)
		}
	}
	return n
}

// documentsSeen are the documents either evaluation saw, by input index;
// nil for one neither saw (reranking left it out).
func documentsSeen(n int, evs ...*Evaluation) []*value.Document {
	docs := make([]*value.Document, n)
	for _, ev := range evs {
		for i := range ev.Documents {
			docs[ev.InputIndex(i)] = &ev.Documents[i]
		}
	}
	return docs
}

// FateOf is how much of the document at input index input the request
// carries; empty for a document the evaluation did not see.
func (ev *Evaluation) FateOf(input int) DocumentFate {
	return documentFates(ev, max(input+1, inputSpan(ev)))[input]
}

// documentFates says, by input index (n of them), how much of each
// document the request carries: the builder's fate, then the assembler's
// cut of the block. An empty fate is a document the evaluation did not
// see, so not sent.
func documentFates(ev *Evaluation, n int) []DocumentFate {
	fates := make([]DocumentFate, n)
	set := func(builderIndex int, fate DocumentFate) {
		fates[ev.InputIndex(builderIndex)] = afterAssemblerCut(ev, builderIndex, fate)
	}
	switch {
	case ev.Build != nil:
		for i := range ev.Build.Trace.Len() {
			fates[ev.InputIndex(i)] = traceDocumentFate(ev, i)
		}
	case ev.SimpleRAG != nil:
		for _, d := range ev.SimpleRAG.Trace {
			switch d.Fate {
			case pipeline.SimpleRAGIncluded:
				set(d.Index, DocSent)
			case pipeline.SimpleRAGTruncated:
				set(d.Index, DocPartial)
			default:
				fates[ev.InputIndex(d.Index)] = DocNotSent
			}
		}
	}
	return fates
}

// documentPlaces are the documents' citation numbers in the
// retrieved-context block, by input index (as fates, ev's documentFates);
// 0 for a document not cited, or cited in a part of the block the
// assembler cut off.
func documentPlaces(ev *Evaluation, fates []DocumentFate) []int {
	places := make([]int, len(fates))
	set := func(builderIndex, citation int) {
		if index := ev.InputIndex(builderIndex); citation > 0 && fates[index] != DocNotSent {
			places[index] = citation
		}
	}
	switch {
	case ev.Build != nil:
		tr := &ev.Build.Trace
		for i := range tr.Len() {
			d := tr.Doc(i)
			set(int(d.Index), int(d.Citation))
		}
	case ev.SimpleRAG != nil:
		for _, d := range ev.SimpleRAG.Trace {
			set(d.Index, d.Citation)
		}
	}
	return places
}

// builderFates are the builder's fates by input index (n of them): the
// pipeline's (included, partial, summarized, excluded, duplicate,
// filtered) or the article's RAGContextManager's; empty for a document
// the builder did not see.
func builderFates(ev *Evaluation, n int) []string {
	fates := make([]string, n)
	switch {
	case ev.Build != nil:
		tr := &ev.Build.Trace
		for i := range tr.Len() {
			fates[ev.InputIndex(i)] = tr.Fate(i).String()
		}
	case ev.SimpleRAG != nil:
		for _, d := range ev.SimpleRAG.Trace {
			fates[ev.InputIndex(d.Index)] = string(d.Fate)
		}
	}
	return fates
}

// traceDocumentFate is how much of the pipeline builder's document i the
// request carries: its fate in the trace, then the assembler's cut.
func traceDocumentFate(ev *Evaluation, i int) DocumentFate {
	switch ev.Build.Trace.Doc(i).Fate {
	case pipeline.FateIncluded:
		return afterAssemblerCut(ev, i, DocSent)
	case pipeline.FatePartial, pipeline.FateSummarized:
		return afterAssemblerCut(ev, i, DocPartial)
	}
	return DocNotSent
}

// afterAssemblerCut is a cited document's fate once the assembler cut
// the block: lost or cut into by it, else as the builder placed it.
func afterAssemblerCut(ev *Evaluation, builderIndex int, fate DocumentFate) DocumentFate {
	switch ev.RAGSurvival[builderIndex] {
	case SurvivedLost:
		return DocNotSent
	case SurvivedCut:
		return DocPartial
	}
	return fate
}
