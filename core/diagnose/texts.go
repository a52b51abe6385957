package diagnose

import (
	"slices"

	"ctxlab/core/value"
)

// docTexts is one Diagnose's view of the documents' words: the shared
// cache (Input.Texts, or one made for this call) and the diffs this call
// may still run, counted per call whether the cache already knows the
// answer or not, so the findings never depend on what ran before.
type docTexts struct {
	shared    *Texts
	diffsLeft int
}

// docText is one document's words and the set of their diff keys, as
// ascending ids, which a merge intersects without hashing.
type docText struct {
	words
	set []uint32
}

func newDocTexts(docs []value.Document, shared *Texts) *docTexts {
	if !shared.serves(docs) {
		shared = NewTexts(docs)
	}
	return &docTexts{shared: shared, diffsLeft: maxDiffs}
}

// newDocText splits content into words and numbers their diff keys with
// ids, which it extends.
func newDocText(content string, ids map[string]uint32) *docText {
	dt := &docText{words: splitWords(content)}
	for _, k := range dt.keys {
		if k == "" {
			continue
		}
		id, ok := ids[k]
		if !ok {
			id = uint32(len(ids))
			ids[k] = id
		}
		dt.set = append(dt.set, id)
	}
	slices.Sort(dt.set)
	dt.set = slices.Compact(dt.set)
	return dt
}

// similarity is versionSimilarity of documents a and b.
func (t *docTexts) similarity(a, b int) float64 {
	return t.shared.similarity(a, b)
}

// factChanges is factChanges of documents a and b, while the diff budget
// lasts; ok is false once it is spent or when they differ too much.
func (t *docTexts) factChanges(a, b int) ([]hunk, bool) {
	if t.diffsLeft <= 0 {
		return nil, false
	}
	t.diffsLeft--
	return t.shared.factChanges(a, b)
}
