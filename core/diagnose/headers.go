package diagnose

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// headerHeavy is one sent document and its header's and text's tokens.
type headerHeavy struct {
	doc, citation, header, content int
}

// countHeader counts a citation header where the block holds it, at at,
// as formatBlock wrote it; a header not found there (a result made some
// other way) is counted joined, and copied says so. CountJoined copies a
// source that is one pre-token (50 MB of one letter) into its header to
// count it, which the block already holds written out.
func countHeader(tok tokens.Tokenizer, block string, at int, parts []string) (count int, copied bool) {
	end := at
	for _, p := range parts {
		if end+len(p) > len(block) || block[end:end+len(p)] != p {
			return tokens.CountJoined(tok, parts), true
		}
		end += len(p)
	}
	return tok.Count(block[at:end]), false
}

// headerFindings: documents in the context that are mostly their
// citation header (the header at least as long as the text). Such a
// piece spends the budget on a source path, which a reference-mode
// budget does not even count; it is usually a chunk too small to answer
// from, or a document cut to a few words. One finding names them all, the
// worst first, so a block of fragments reads as one problem.
func headerFindings(in *Input) []Finding {
	if in.Build == nil || in.Pipeline.Tokenizer == nil {
		return nil
	}
	res := in.Build
	tok := in.Pipeline.Tokenizer
	var heavy []headerHeavy
	offset := 0 // where the next cited document's header starts in the block
	for n, i := range res.Trace.Cited {
		placed := res.IncludedDocs[n]
		parts := pipeline.CitationHeaderParts(n+1, placed.Source, placed.Score, res.Trace.Doc(i).Fate == pipeline.FateSummarized)
		at := offset
		offset += pipeline.CitationHeaderLen(n+1, placed.Source, placed.Score, res.Trace.Doc(i).Fate == pipeline.FateSummarized) +
			len("\n") + len(placed.Content) + len(pipeline.Separator)
		if slices.Contains(in.RAGLost, i) {
			continue // the assembler's cut of the block never sent it
		}
		header, _ := countHeader(tok, res.ContextBlock, at, parts)
		// The trace's kept count is the placed text's: the whole
		// document, its cut part or its synopsis, counted once already.
		if content := res.Trace.Doc(i).TokensKept; header >= content {
			heavy = append(heavy, headerHeavy{doc: i, citation: n + 1, header: header, content: content})
		}
	}
	if len(heavy) == 0 {
		return nil
	}
	slices.SortStableFunc(heavy, func(a, b headerHeavy) int { return cmp.Compare(b.header-b.content, a.header-a.content) })
	refs := make([]Ref, len(heavy))
	headerTokens := 0
	for n, h := range heavy {
		refs[n] = DocumentRef(in.docNumber(h.doc))
		headerTokens += h.header
	}
	var msg string
	if len(heavy) == 1 {
		h := heavy[0]
		msg = fmt.Sprintf("%s, sent as [%d], is mostly its citation header: the header takes %s and the text only %s.",
			in.docLabel(h.doc), h.citation, tokensOf(h.header), tokensOf(h.content))
	} else {
		listed := make([]string, 0, largestListed)
		for _, h := range heavy[:min(len(heavy), largestListed)] {
			listed = append(listed, fmt.Sprintf("%s (%s of header for %s of text)", DocumentRef(in.docNumber(h.doc)).Label(), numfmt.Thousands(h.header), numfmt.Thousands(h.content)))
		}
		msg = fmt.Sprintf("%s sent are mostly their citation header, %s of headers in all: %s.",
			numfmt.Count(len(heavy), "document", "documents"), tokensOf(headerTokens), strings.Join(listed, ", "))
	}
	return []Finding{{Code: CodeMostlyHeaders, Severity: SeverityInfo, Message: msg, Refs: refs, weight: headerTokens}}
}
