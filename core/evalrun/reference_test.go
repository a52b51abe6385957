package evalrun

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// referenceCase is the part of a reference case (core/pipeline's
// testdata, written by the reference itself) that an eval run reproduces.
type referenceCase struct {
	Name    string `json:"name"`
	Options struct {
		DedupThreshold float64 `json:"dedup_threshold"`
		MinDocTokens   int     `json:"min_doc_tokens"`
		LostInMiddle   bool    `json:"lost_in_middle"`
		ShingleSize    int     `json:"shingle_size"`
		Budget         int     `json:"budget"`
	} `json:"options"`
	Documents []value.Document `json:"documents"`
	Expected  struct {
		ContextBlock      string `json:"context_block"`
		TokensUsed        int    `json:"tokens_used"`
		DuplicatesRemoved int    `json:"duplicates_removed"`
		IncludedDocs      []struct {
			Source string `json:"source"`
		} `json:"included_docs"`
	} `json:"expected"`
}

// TestRunIsTheReferenceBuildPerQuery runs every reference case as one
// query of a run (the cases that share options as one run) and checks
// that each query's context is the reference's own output, byte for byte,
// with the documents reported in the order the reference cites them.
func TestRunIsTheReferenceBuildPerQuery(t *testing.T) {
	data, err := os.ReadFile(filepath.FromSlash("../pipeline/testdata/reference/cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []referenceCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	groups := map[string][]referenceCase{}
	var order []string
	for _, c := range cases {
		key := fmt.Sprintf("%+v", c.Options)
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], c)
	}
	heuristic, err := tokens.ByName(tokens.TokenizerHeuristic)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, key := range order {
		group := groups[key]
		set := &Set{}
		for n, c := range group {
			q := Query{ID: c.Name, Docs: c.Documents}
			for i := range c.Documents {
				// Ids of the eval's own: the reference's sources repeat
				// within a case, and the block must cite the sources.
				q.DocIDs = append(q.DocIDs, fmt.Sprintf("q%d-d%d", n, i))
			}
			set.Queries = append(set.Queries, q)
		}
		s := core.DefaultSettings()
		s.Pipeline.Tokenizer = heuristic
		s.Pipeline.BudgetMode = pipeline.BudgetReference
		o := group[0].Options
		s.Pipeline.DedupThreshold, s.Pipeline.MinDocTokens, s.Pipeline.LostInMiddle, s.Pipeline.ShingleSize = o.DedupThreshold, o.MinDocTokens, o.LostInMiddle, o.ShingleSize
		s.Budget.RetrievedContext = o.Budget
		prepared := Prepare(set)
		prepared.KeepResults = true
		rep, err := prepared.Run(context.Background(), s)
		if err != nil {
			t.Fatalf("options %s: %v", key, err)
		}
		for n, c := range group {
			got := rep.Queries[n]
			if got.Result.ContextBlock != c.Expected.ContextBlock {
				t.Errorf("%s: context block differs from the reference's:\n got %q\nwant %q", c.Name, got.Result.ContextBlock, c.Expected.ContextBlock)
			}
			if got.TokensUsed != c.Expected.TokensUsed || got.DuplicatesRemoved != c.Expected.DuplicatesRemoved {
				t.Errorf("%s: tokens %d, duplicates %d; the reference's %d, %d", c.Name, got.TokensUsed, got.DuplicatesRemoved, c.Expected.TokensUsed, c.Expected.DuplicatesRemoved)
			}
			if len(got.Included) != len(c.Expected.IncludedDocs) {
				t.Errorf("%s: %d documents in context, the reference %d", c.Name, len(got.Included), len(c.Expected.IncludedDocs))
				continue
			}
			for i, id := range got.Included {
				var d int
				fmt.Sscanf(id, fmt.Sprintf("q%d-d%%d", n), &d)
				if src := c.Documents[d].Source; src != c.Expected.IncludedDocs[i].Source {
					t.Errorf("%s: context position %d is %s (source %q), the reference's is %q", c.Name, i, id, src, c.Expected.IncludedDocs[i].Source)
				}
			}
			checked++
		}
	}
	if checked != len(cases) {
		t.Errorf("checked %d of %d cases", checked, len(cases))
	}
}
