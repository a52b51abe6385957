package filter

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sahilm/fuzzy"

	"ctxlab/core/value"
	"ctxlab/tui/draw"
)

// ResultMsg carries the documents a filter query matched, tagged
// with the query's version so an older result is dropped.
type ResultMsg struct {
	version int
	query   string
	docs    map[int]bool  // scenario document indexes that match
	hits    map[int][]int // evaluation document -> matched rune indexes in its source
}

// sourcesOf adapts documents to fuzzy.Source over their sources as the
// list shows them (sanitized), so matched positions are positions on
// screen.
type sourcesOf []value.Document

func (s sourcesOf) String(i int) string { return draw.Source(s[i].Source) }
func (s sourcesOf) Len() int            { return len(s) }

// contentMatchSpan and sourceMatchSpan bound how spread out a fuzzy match
// may be, per query rune: a subsequence scattered over a whole article, or
// over a long path ("gift" in size-Guides/Footwear), matches almost any
// short query and says nothing.
const (
	contentMatchSpan = 4
	sourceMatchSpan  = 2
)

// compact reports whether matched rune indexes lie close enough together
// for a query of n runes.
func compact(idx []int, n, span int) bool {
	return len(idx) > 0 && idx[len(idx)-1]-idx[0] <= span*n
}

// runeIndexes turns fuzzy's byte offsets into rune indexes, which the
// list highlights by.
func runeIndexes(s string, offsets []int) []int {
	out := make([]int, 0, len(offsets))
	r, next := 0, 0
	for b := range s {
		for next < len(offsets) && offsets[next] == b {
			out = append(out, r)
			next++
		}
		r++
	}
	return out
}

// matchCmd matches query against every document's source (fuzzy,
// matched characters kept for highlighting) and content (fuzzy within a
// tight span, or a plain substring), in a command.
func matchCmd(version int, query string, docs []value.Document, inputIndex func(int) int) tea.Cmd {
	return func() tea.Msg {
		res := ResultMsg{version: version, query: query, docs: map[int]bool{}, hits: map[int][]int{}}
		n := len([]rune(query))
		for _, match := range fuzzy.FindFrom(query, sourcesOf(docs)) {
			if compact(match.MatchedIndexes, n, sourceMatchSpan) {
				res.docs[inputIndex(match.Index)] = true
				res.hits[match.Index] = runeIndexes(match.Str, match.MatchedIndexes)
			}
		}
		lower := strings.ToLower(query)
		for i, d := range docs {
			if res.docs[inputIndex(i)] {
				continue
			}
			if strings.Contains(strings.ToLower(d.Content), lower) {
				res.docs[inputIndex(i)] = true
				continue
			}
			for _, m := range fuzzy.Find(query, []string{d.Content}) {
				if compact(m.MatchedIndexes, n, contentMatchSpan) {
					res.docs[inputIndex(i)] = true
				}
			}
		}
		return res
	}
}
