package pipeline

import (
	"encoding/json"
	"sort"
	"strconv"

	"ctxlab/core/pycompat"
	"ctxlab/core/value"
)

// Result is the reference ContextResult plus the Trace of every decision.
type Result struct {
	ContextBlock      string
	IncludedDocs      []value.Document // as placed: cut copies and synopses included
	ExcludedDocs      []value.Document // originals that did not fit whole, walk order
	CitationMap       map[int]string
	TokensUsed        int // the tokenizer's count of the whole block, headers included
	TokensBudget      int
	DuplicatesRemoved int
	Truncated         bool
	UtilizationPct    float64
	Trace             Trace
	// prefixed is Options.BlockPrefix + ContextBlock, the one string
	// both are in; "" without a prefix.
	prefixed string
}

// PrefixedBlock is Options.BlockPrefix followed by ContextBlock, one
// string whose tail ContextBlock is; "" when the build had no prefix.
func (r *Result) PrefixedBlock() string { return r.prefixed }

// HeaderOverhead is how many tokens the block uses beyond what the budget
// walk charged: the citation headers and separators the reference does not
// budget. It is 0 or less in strict mode.
func (r *Result) HeaderOverhead() int { return r.TokensUsed - r.Trace.BudgetUsed }

// utilizationPct is the reference's
// round(tokens_used / max(tokens_budget, 1) * 100, 1), in that order of
// operations.
func utilizationPct(used, budget int) float64 {
	return pycompat.Round(float64(used)/float64(max(budget, 1))*100, 1)
}

// documentJSON is a Document in the reference's JSON shape.
type documentJSON struct {
	Content  string         `json:"content"`
	Score    pycompat.Float `json:"score"`
	Source   string         `json:"source"`
	Metadata map[string]any `json:"metadata"`
}

func documentsJSON(docs []value.Document) []documentJSON {
	out := make([]documentJSON, len(docs))
	for i, d := range docs {
		md := d.Metadata
		if md == nil {
			md = map[string]any{}
		}
		out[i] = documentJSON{Content: d.Content, Score: pycompat.Float(d.Score), Source: d.Source, Metadata: md}
	}
	return out
}

// orderedCitations writes the citation map with keys in numeric order, as
// Python's json module writes a dict built in that order.
type orderedCitations map[int]string

func (c orderedCitations) MarshalJSON() ([]byte, error) {
	keys := make([]int, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	buf := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = strconv.AppendQuote(buf, strconv.Itoa(k))
		buf = append(buf, ':')
		v, err := json.Marshal(c[k])
		if err != nil {
			return nil, err
		}
		buf = append(buf, v...)
	}
	return append(buf, '}'), nil
}

// MarshalJSON writes exactly the reference's result keys, then "trace".
func (r *Result) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ContextBlock      string           `json:"context_block"`
		IncludedDocs      []documentJSON   `json:"included_docs"`
		ExcludedDocs      []documentJSON   `json:"excluded_docs"`
		CitationMap       orderedCitations `json:"citation_map"`
		TokensUsed        int              `json:"tokens_used"`
		TokensBudget      int              `json:"tokens_budget"`
		DuplicatesRemoved int              `json:"duplicates_removed"`
		Truncated         bool             `json:"truncated"`
		UtilizationPct    pycompat.Float   `json:"utilization_pct"`
		Trace             Trace            `json:"trace"`
	}{
		r.ContextBlock, documentsJSON(r.IncludedDocs), documentsJSON(r.ExcludedDocs),
		orderedCitations(r.CitationMap), r.TokensUsed, r.TokensBudget, r.DuplicatesRemoved,
		r.Truncated, pycompat.Float(r.UtilizationPct), r.Trace,
	})
}
