package pipeline

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
type DocTrace struct {
	Index        int        `json:"index"`
	Source       string     `json:"source"`
	Score        float64    `json:"score"`
	Tokens       int        `json:"tokens"`
	Filtered     bool       `json:"filtered"`
	FilterReason string     `json:"filter_reason,omitempty"`
	SortedPos    int        `json:"sorted_pos"`
	Duplicate    *Duplicate `json:"duplicate,omitempty"`
	// Nearest is a kept document's most similar other text among the
	// documents that reached deduplication, when one is at or above
	// NearPairFloor and the threshold is too (the cached pairs answer
	// it): the similarity at which the threshold would start to bite.
	Nearest *Neighbour `json:"nearest,omitempty"`
	// PosBeforeReorder is the position among deduplicated documents (the
	// relevance rank); PosAfterReorder is the position in the final order.
	PosBeforeReorder int  `json:"pos_before_reorder"`
	PosAfterReorder  int  `json:"pos_after_reorder"`
	Fate             Fate `json:"fate"`
	// TokensKept is the number of the document's tokens in the context:
	// all of them when included, the kept part when partial, the
	// synopsis's when summarized, 0 otherwise.
	TokensKept int `json:"tokens_kept"`
	// CutAt is the byte offset in the document's content where a partial
	// copy was cut: the text before it is in the context. -1 otherwise.
	CutAt int `json:"cut_at"`
	// Citation is the document's [n] in the context block, 0 when absent.
	Citation int `json:"citation,omitempty"`
	// BudgetReason explains a partial, summarized or excluded fate.
	BudgetReason string `json:"budget_reason,omitempty"`
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
	Docs      []DocTrace  `json:"docs"`
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
}
