package pipeline

import (
	"fmt"

	"ctxlab/core/summarize"
	"ctxlab/internal/numfmt"
)

// synopsisFloorTokens is the least a synopsis may take, however short
// the document: room for a sentence or two.
const synopsisFloorTokens = 40

// synopsisCap is the most a document's synopsis may take: a third of the
// document (synopsisFloorTokens at least). A synopsis that filled all the
// remaining budget would leave none for the synopses of the documents
// after it, and would be a cut copy in all but name.
func synopsisCap(docTokens int) int {
	return max(docTokens/3, synopsisFloorTokens)
}

// synopsisOf is the covering synopsis of content within limit tokens as
// count measures them, for the query in opts.
func synopsisOf(content string, opts Options, limit int, count func(string) int) summarize.Covering {
	return summarize.CoveringSynopsis(content, opts.Query, limit, count)
}

// synopsisWords says how much of the document a synopsis kept, for the
// budget reason: "3 of 12 sentences", "its best sentence, cut".
func synopsisWords(c summarize.Covering) string {
	if c.Cut {
		return "its best sentence, cut"
	}
	return fmt.Sprintf("%s of %s sentences", numfmt.Thousands(c.Sentences), numfmt.Thousands(c.Of))
}
