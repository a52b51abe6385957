package diagnose

import (
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// Input is what the findings are computed from: the builder's result and
// trace, and, for an assembled request, the assembly and what the memory
// strategy did. `ctxlab build` fills only the builder's part.
type Input struct {
	// Documents are the documents the builder saw, which the trace
	// indexes; DocIndex maps those positions to the input numbering the
	// refs use (nil when they are the same, as without reranking).
	Documents []value.Document
	DocIndex  []int
	// Build is the ContextManager's result; nil for another builder.
	Build *pipeline.Result
	// Pipeline are the builder's settings: the reorder, the budget mode
	// and the tokenizer every count uses.
	Pipeline pipeline.Settings
	// CountEstimate is the model route's note when the counts are
	// estimates for the model (core.CountEstimateNote), or "".
	CountEstimate string
	// RAGBudget is the retrieved context's budget: the pipeline's.
	RAGBudget int
	// RAGLost and RAGCut are the cited documents (builder positions) the
	// assembler left out entirely or cut when it cut the block to its
	// allocation.
	RAGLost, RAGCut []int

	// Assembly is the assembled request; nil for `ctxlab build`.
	Assembly *window.Assembly
	// BudgetProblem is set when the allocations do not fit the window
	// and the request was measured as sent instead.
	BudgetProblem error
	// AllocationsAssumed says the allocations were not chosen (a default
	// preset's, for comparison): measured as sent, a part over its
	// allocation is then not a finding.
	AllocationsAssumed bool
	// History and Memory are the input history and what the strategy
	// kept of it; ToolResults are the tool results as given.
	History     []value.Message
	Memory      *memory.Result
	ToolResults []window.ToolResult
	// Numbers numbers the history's messages and the tool results as
	// the request sends them (window.NumberMessages over History and
	// ToolResults); refs and findings name them by it.
	Numbers window.Numbering
	// Model is the model named, "" when none was.
	Model string
	// Bill is the provider's bill beside the count of the request as
	// sent; nil when the input recorded none.
	Bill *Bill
	// Trim is what a trajectory's trim policy removed from the request
	// as sent, when the request is the policy's; nil otherwise.
	Trim *Trim

	// Texts, when made for Documents (NewTexts), keeps the documents'
	// words and the pairs compared for the next Diagnose; nil works them
	// out for this one alone.
	Texts *Texts

	// texts is this Diagnose's view of them.
	texts *docTexts
}

// docNumber is the input index of the builder's document i.
func (in *Input) docNumber(i int) int {
	if in.DocIndex != nil && i < len(in.DocIndex) {
		return in.DocIndex[i]
	}
	return i
}

// messageRef is history message index as the request numbers it.
func (in *Input) messageRef(index int) Ref {
	r := MessageRef(index)
	if index >= 0 && index < len(in.Numbers.History) {
		r.Number = in.Numbers.History[index]
	}
	return r
}

// toolResultRef is tool-results item index as the request numbers it
// among tool results.
func (in *Input) toolResultRef(index int) Ref {
	r := ToolResultRef(index)
	if index >= 0 && index < len(in.Numbers.ToolResult) {
		r.Number = in.Numbers.ToolResult[index]
	}
	return r
}
