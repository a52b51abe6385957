package diagnose

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// sameSourceFindings: documents sent that share a canonical URL (the
// arXiv abstract and its HTML page, one page with and without "www." or
// a query) are one source sent twice; their texts differ too much for
// deduplication by content to see it. Deduplication by URL
// (--dedup-key url) keeps the strongest of each. Only when it is not on.
func sameSourceFindings(in *Input) []Finding {
	if in.Build == nil || in.Pipeline.DedupKey == pipeline.DedupKeyURL {
		return nil
	}
	tr := in.Build.Trace
	groups := map[string][]int{}
	var urls []string
	for _, i := range tr.Cited {
		if slices.Contains(in.RAGLost, i) {
			continue // the assembler's cut never sent it
		}
		u, ok := pipeline.DocumentURL(in.Documents[i])
		if !ok {
			continue
		}
		if _, seen := groups[u]; !seen {
			urls = append(urls, u)
		}
		groups[u] = append(groups[u], i)
	}
	var lists []string
	var refs []Ref
	docs, copyTokens := 0, 0
	for _, u := range urls {
		g := groups[u]
		if len(g) < 2 {
			continue
		}
		// The strongest stays under the URL key; the others are copies.
		slices.SortFunc(g, func(a, b int) int { return cmp.Compare(tr.Doc(a).PosBeforeReorder, tr.Doc(b).PosBeforeReorder) })
		labels := make([]string, len(g))
		for n, i := range g {
			labels[n] = DocumentRef(in.docNumber(i)).Label()
			refs = append(refs, DocumentRef(in.docNumber(i)))
			if n > 0 {
				copyTokens += tr.Doc(i).TokensKept
			}
		}
		docs += len(g)
		lists = append(lists, strings.Join(labels, ", "))
	}
	if len(lists) == 0 {
		return nil
	}
	var msg string
	if len(lists) == 1 {
		msg = fmt.Sprintf("%s sent share a canonical URL (%s; %s); --dedup-key url keeps one.",
			numfmt.Count(docs, "document", "documents"), lists[0], tokensOf(copyTokens))
	} else {
		msg = fmt.Sprintf("%s sent share %s canonical URLs (%s; %s in the copies); --dedup-key url keeps one of each.",
			numfmt.Count(docs, "document", "documents"), numfmt.Thousands(len(lists)), strings.Join(lists, "; "), tokensOf(copyTokens))
	}
	return []Finding{{Code: CodeSameSourceSent, Severity: SeverityInfo, Message: msg, Refs: refs, weight: copyTokens}}
}
