package diagnose

import (
	"slices"

	"ctxlab/core/value"
)

// docTexts splits each document into words once per Diagnose, for the
// similarity and diff checks that compare documents pairwise, and counts
// the diffs they may still run.
type docTexts struct {
	docs      []value.Document
	cache     map[int]*docText
	ids       map[string]uint32
	diffsLeft int
}

// docText is one document's words and the set of their diff keys, as
// ascending ids, which a merge intersects without hashing.
type docText struct {
	words
	set []uint32
}

func newDocTexts(docs []value.Document) *docTexts {
	return &docTexts{docs: docs, cache: map[int]*docText{}, ids: map[string]uint32{}, diffsLeft: maxDiffs}
}

func (t *docTexts) text(i int) *docText {
	if dt, ok := t.cache[i]; ok {
		return dt
	}
	dt := &docText{words: splitWords(t.docs[i].Content)}
	for _, k := range dt.keys {
		if k == "" {
			continue
		}
		id, ok := t.ids[k]
		if !ok {
			id = uint32(len(t.ids))
			t.ids[k] = id
		}
		dt.set = append(dt.set, id)
	}
	slices.Sort(dt.set)
	dt.set = slices.Compact(dt.set)
	t.cache[i] = dt
	return dt
}

// similarity is versionSimilarity of documents a and b.
func (t *docTexts) similarity(a, b int) float64 {
	return versionSimilarity(t.text(a).set, t.text(b).set)
}

// factChanges is factChanges of documents a and b, while the diff budget
// lasts; ok is false once it is spent or when they differ too much.
func (t *docTexts) factChanges(a, b int) ([]hunk, bool) {
	if t.diffsLeft <= 0 {
		return nil, false
	}
	t.diffsLeft--
	return factChanges(t.text(a).words, t.text(b).words)
}
