package pipeline

import (
	"fmt"
	"math"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// MaxDocuments is the most documents one build traces: a trace keeps
// positions and citations as 32-bit numbers, and a document's state its
// filter reason's number in the 29 bits its fate leaves (trace_table.go).
// A set that large would need more than 10 GiB of input and tens of
// gigabytes of memory before it got here.
const MaxDocuments = math.MaxUint32 >> fateBits

// checkDocumentCount refuses a set the trace's positions cannot count.
func checkDocumentCount(n int) error {
	if n > MaxDocuments {
		return fmt.Errorf("%s documents: a build traces at most %s", numfmt.Thousands(n), numfmt.Thousands(MaxDocuments))
	}
	return nil
}

// DuplicateKind says how a duplicate was detected.
type DuplicateKind string

const (
	DuplicateExact DuplicateKind = "exact" // same normalized MD5
	DuplicateNear  DuplicateKind = "near"  // Jaccard at or above the threshold
)

// Duplicate records what a duplicate duplicates.
type Duplicate struct {
	Kind DuplicateKind `json:"kind"`
	// Of is the input index of the first kept document that matched.
	Of int `json:"of"`
	// Similarity is the Jaccard similarity with that document (1 for an
	// exact duplicate).
	Similarity float64 `json:"similarity"`
	// Key is the dedup key it shares with that document ("url
	// arxiv.org/abs/2307.03172"), when the key and not the text made it
	// a duplicate.
	Key string `json:"key,omitempty"`
}

// Neighbour is another document and its Jaccard similarity with this one.
type Neighbour struct {
	Of         int     `json:"of"` // input index
	Similarity float64 `json:"similarity"`
}

// DocTrace is one input document's path through the pipeline. Positions
// are 0-based and -1 when the document did not reach that stage.
//
// It is what readers see (Trace.Doc). A build stores it whole only for
// the documents that got past the filter; a filtered document keeps
// only its fate and filter reason (traceTable), so a large set of small
// documents the filter removes (a million one-word documents) costs 12
// bytes a document, not this record's 72. For those that pass, the
// fields are ordered widest first so nothing is padded, positions and
// the citation are 32-bit (Build refuses more documents than that
// counts, MaxDocuments), and the filter's and the budget's reasons share
// one field, since a filtered document never reaches the budget.
// TokensKept and CutAt stay int: a document may be longer than 2 GiB
// when --max-input-size allows it. The source and the score are the
// document's own and the token count the analysis's, read from them
// (Trace.Source, Trace.Score, Trace.Tokens) rather than copied into each
// trace.
// TestDocTraceSize keeps it small. Its JSON keys and their order are as
// they were (Trace.MarshalJSON).
type DocTrace struct {
	// Duplicate is what a duplicate duplicates; nil otherwise.
	Duplicate *Duplicate
	// Nearest is a kept document's most similar other text among the
	// documents that reached deduplication, when one is at or above
	// NearPairFloor and the threshold is too (the cached pairs answer
	// it): the similarity at which the threshold would start to bite.
	Nearest *Neighbour
	// TokensKept is the number of the document's tokens in the context:
	// all of them when included, the kept part when partial, the
	// synopsis's when summarized, 0 otherwise.
	TokensKept int
	// CutAt is the byte offset in the document's content where a partial
	// copy was cut: the text before it is in the context. -1 otherwise.
	CutAt int
	// reason is FilterReason when Filtered, else BudgetReason.
	reason string

	Index     int32
	SortedPos int32
	// PosBeforeReorder is the position among deduplicated documents (the
	// relevance rank); PosAfterReorder is the position in the final order.
	PosBeforeReorder int32
	PosAfterReorder  int32
	// Citation is the document's [n] in the context block, 0 when absent.
	Citation int32
	Fate     Fate
	Filtered bool
}

// FilterReason says why the filter (or top-k) removed the document; ""
// when it was not removed.
func (d DocTrace) FilterReason() string {
	if d.Filtered {
		return d.reason
	}
	return ""
}

// BudgetReason explains a partial, summarized or excluded fate; "" for
// the others.
func (d DocTrace) BudgetReason() string {
	if d.Filtered {
		return ""
	}
	return d.reason
}

// setBudgetReason records why the budget cut or left out the document.
func (d *DocTrace) setBudgetReason(reason string) {
	d.reason = reason
}

// StageCounts are the number of documents after each stage.
type StageCounts struct {
	Input      int  `json:"input"`
	Filtered   int  `json:"filtered"`   // removed by the filter
	Duplicates int  `json:"duplicates"` // removed by dedup
	Reordered  bool `json:"reordered"`  // lost-in-the-middle applied
	Included   int  `json:"included"`
	Partial    int  `json:"partial"`
	Summarized int  `json:"summarized"`
	Excluded   int  `json:"excluded"` // over budget (partial and summarized not counted)
}

// Trace is every document's fate and the order after each stage, as input
// indices.
type Trace struct {
	// docTraces are every input document's trace, read through Len and
	// Doc: the JSON writes them first, as "docs".
	docTraces traceTable
	Counts    StageCounts `json:"counts"`
	Sorted    []int       `json:"sorted"`    // after filter and sort
	Deduped   []int       `json:"deduped"`   // after dedup, relevance order
	Reordered []int       `json:"reordered"` // after reordering
	Cited     []int       `json:"cited"`     // in the context block, citation order
	// BudgetUsed is the budget walk's running total: what the budget
	// stage believes it spent. In reference mode the formatted block's
	// real count (Result.TokensUsed) is higher by the headers.
	BudgetUsed int        `json:"budget_used"`
	Tokenizer  string     `json:"tokenizer"`
	BudgetMode BudgetMode `json:"budget_mode"`
	// BudgetFirst: the budget walked the relevance order and the
	// reorder then placed only what it kept (BudgetBeforeReorder);
	// Reordered lists those first, then the rest in relevance order.
	BudgetFirst bool `json:"budget_first,omitempty"`

	// docs are the documents Docs trace, by input index, and tokens
	// their token counts under the build's tokenizer: where a
	// document's source, score and count are read.
	docs   []value.Document
	tokens TokenCounts
}

// Len is the number of documents traced: every input document.
func (t *Trace) Len() int { return t.docTraces.len() }

// Doc is input document i's trace, 0 <= i < Len().
func (t *Trace) Doc(i int) DocTrace { return t.docTraces.view(i) }

// Fate is input document i's fate: Doc(i).Fate without the rest of its
// trace, for a loop over every document that reads only that.
func (t *Trace) Fate(i int) Fate { return t.docTraces.fate(i) }

// Filtered reports whether the filter (or top-k) removed input
// document i: Doc(i).Filtered without the rest of its trace.
func (t *Trace) Filtered(i int) bool { return t.docTraces.filtered(i) }

// Source is the source of input document i, as the JSON's "source"
// writes it; "" for a trace made without its documents.
func (t *Trace) Source(i int) string {
	if i < len(t.docs) {
		return t.docs[i].Source
	}
	return ""
}

// Score is input document i's retrieval score; 0 for a trace made
// without its documents.
func (t *Trace) Score(i int) float64 {
	if i < len(t.docs) {
		return t.docs[i].Score
	}
	return 0
}

// Tokens is input document i's token count under the build's
// tokenizer; 0 for a trace made without its counts.
func (t *Trace) Tokens(i int) int {
	if i < t.tokens.Len() {
		return t.tokens.At(i)
	}
	return 0
}
