package evalrun

import "ctxlab/core/pipeline"

// Stage names where a retrieved document left the pipeline, in the words
// reports use.
type Stage string

const (
	StageRerank    Stage = "reranked out" // not among the reranker's final k
	StageFiltered  Stage = "filtered"     // too few tokens, below the minimum score or beyond top-k
	StageDuplicate Stage = "duplicate"    // an exact or near duplicate of a kept document
	StageBudget    Stage = "over budget"  // did not fit the retrieved-context budget
	// StageAssembler: in the pipeline's block, but past the point where
	// the article's assembler cut the block to the retrieved context's
	// allocation, so not sent.
	StageAssembler Stage = "cut by the assembler"
)

// Key is the stage as a JSON or CSV key.
func (s Stage) Key() string {
	switch s {
	case StageRerank:
		return "reranked_out"
	case StageBudget:
		return "budget"
	case StageAssembler:
		return "assembler_cut"
	}
	return string(s)
}

// LostStages lists the stages in pipeline order (an array, so that a
// count by stage can be one too).
var LostStages = [...]Stage{StageRerank, StageFiltered, StageDuplicate, StageBudget, StageAssembler}

// QueryResult is one query's run: which documents reached the context and
// which relevant ones were lost where.
type QueryResult struct {
	QID   string
	Query string
	// Retrieved is the number of documents the run retrieved.
	Retrieved int
	// Included are the ids of the documents in the pipeline's block, in
	// context order; Cut are those of them that are there cut or as a
	// synopsis, or that the assembler's cut goes through.
	Included []string
	Cut      []string
	// Sent counts the documents of the block a request carries, whole or
	// cut: the first Sent of Included. Fewer than Included when the
	// article's assembler cuts a block over the retrieved context's
	// allocation (the reference does not budget its citation headers):
	// it keeps the block's start, so a document is sent when its piece
	// begins before the cut. It is len(Included) when the settings do
	// not cut (Report.AssemblerCut).
	Sent int
	// RelevantRetrieved counts retrieved documents judged relevant;
	// RelevantInBlock those of them in the pipeline's block;
	// RelevantSent those of them the request carries, whole or in part
	// (the first Sent of Included), and RelevantInPart those of these
	// it carries in part: cut or as a synopsis by the pipeline, or cut
	// through by the assembler.
	RelevantRetrieved int
	RelevantInBlock   int
	RelevantSent      int
	RelevantInPart    int
	// Lost are the ids of the relevant documents that the request does
	// not carry, by the stage that removed them: the pipeline's, or the
	// assembler's cut (StageAssembler).
	Lost map[Stage][]string
	// Filtered and DuplicatesRemoved count every document removed by
	// those stages, relevant or not.
	Filtered          int
	DuplicatesRemoved int
	// TokensUsed is the context block's token count; TokensBudget the
	// retrieved-context budget it was built under.
	TokensUsed   int
	TokensBudget int
	// Truncated is true when the budget left a document out or cut it;
	// OverBudget when the block itself is over its budget (the citation
	// headers the reference does not budget push it over).
	Truncated  bool
	OverBudget bool
	// Result is the pipeline's full result, for a caller that shows the
	// query's context or compares it with another build: set only when
	// the run was asked to keep it (Prepared.KeepResults).
	Result *pipeline.Result
}

// HasRecall reports whether the query has a context recall: at least one
// relevant document retrieved.
func (r *QueryResult) HasRecall() bool { return r.RelevantRetrieved > 0 }

// ContextRecall is the share of the relevant retrieved documents the
// request carries, whole or in part, after the assembler's cut; 0 when
// HasRecall is false.
func (r *QueryResult) ContextRecall() float64 {
	if r.RelevantRetrieved == 0 {
		return 0
	}
	return float64(r.RelevantSent) / float64(r.RelevantRetrieved)
}

// BlockRecall is the share of the relevant retrieved documents in the
// pipeline's block, before the assembler's cut; 0 when HasRecall is
// false.
func (r *QueryResult) BlockRecall() float64 {
	if r.RelevantRetrieved == 0 {
		return 0
	}
	return float64(r.RelevantInBlock) / float64(r.RelevantRetrieved)
}

// RelevantLost is the number of relevant documents not sent, lost at any
// stage.
func (r *QueryResult) RelevantLost() int { return r.RelevantRetrieved - r.RelevantSent }
