package evalrun

// analysisPerDocument is what Prepare keeps for a document a query
// retrieved, once a run under the default settings has built the
// near-duplicate index and the token counts, measured (the heap after a
// collection, before Prepare and after its first run): 170 bytes on a
// TREC run of 2,000 queries x 1,000 documents of 90 bytes
// (run-50mb.trec with corpus-20k.jsonl: 340 MB, where the run itself
// held 28 MB), 232 on a JSON Lines run of 2,500 queries x 10 documents
// of 2 KB (eval-2500q.jsonl: 5.8 MB beside 55 MB).
// It does not follow the text: the index keeps only the shingles two
// documents of a query share, and a JSON Lines run's documents are the
// set's own.
const analysisPerDocument = 256

// AnalysisBytes estimates what Prepare would keep for set once a run has
// built every query's index: analysisPerDocument a document retrieved,
// counted as often as queries retrieve it (each query's analysis holds
// its own).
func AnalysisBytes(set *Set) int64 {
	var docs int64
	for i := range set.Queries {
		docs += int64(set.Queries[i].Len())
	}
	return docs * analysisPerDocument
}

// PrepareWithin is Prepare when the analyses it would keep are estimated
// at most budget bytes (AnalysisBytes), and OnePass otherwise: a caller
// that runs the set again and again (the workbench) keeps them where
// they are small, so a knob change re-runs only the pipeline's cheap
// stages, and analyzes each query again on every run where keeping them
// would be most of its memory (the workbench on the 69 MB run above
// peaked at 6.9 to 7.0 times its size with them, 1.7 to 2.0 without).
func PrepareWithin(set *Set, budget int64) *Prepared {
	if AnalysisBytes(set) > budget {
		return OnePass(set)
	}
	return Prepare(set)
}

// Kept reports whether every query's analysis is kept between runs
// (Prepare), rather than made as a run reaches its query (OnePass).
func (p *Prepared) Kept() bool { return p.analyses != nil }
