package evalinput

import (
	"bytes"
	"math"
	"slices"
	"strconv"

	"ctxlab/loaders"
)

// trecRun is a TREC run file, "qid Q0 docid rank score tag", one
// retrieved document a line. What stays of it once parsed is 24 bytes a
// line, and each query and document id once: a string of every line
// made a 69 MB run of 2 million lines cost 220 MB before a query was
// built.
type trecRun struct {
	// qids are the queries' ids in the order they first appear; lists[i]
	// is query i's documents in file order.
	qids  []string
	lists [][]trecEntry
	// docIDs are the document ids the run names, each once, in the order
	// they first appear; trecEntry.doc indexes them.
	docIDs []string

	queryOf map[string]int32
	docOf   map[string]int32
	fields  [][]byte // the current line's fields, reused
}

// trecEntry is one line of a TREC run, its query known from its list.
type trecEntry struct {
	rank  int
	score float64
	doc   int32
	line  uint32
}

// trecRunExpected is how errors describe a run line.
const trecRunExpected = `"qid Q0 docid rank score tag"`

// add parses line number of the run.
func (run *trecRun) add(name string, number int, text []byte) error {
	p := loaders.Place{Line: number}
	if uint64(number) > math.MaxUint32 {
		return p.Err(name, "is beyond line %d; expected a shorter run", uint32(math.MaxUint32))
	}
	// Split into the reused slice: a run's two million lines are split
	// without a slice of fields each.
	run.fields = slices.AppendSeq(run.fields[:0], bytes.FieldsSeq(text))
	fields := run.fields
	if len(fields) != 6 {
		return p.Err(name, "has %d fields; expected 6: %s", len(fields), trecRunExpected)
	}
	rank, err := strconv.Atoi(string(fields[3]))
	if err != nil {
		return p.Err(name, "rank %s is not a whole number; expected %s", loaders.Quoted(string(fields[3])), trecRunExpected)
	}
	score, err := strconv.ParseFloat(string(fields[4]), 64)
	if err != nil || math.IsNaN(score) || math.IsInf(score, 0) {
		return p.Err(name, "score %s is not a finite number; expected %s", loaders.Quoted(string(fields[4])), trecRunExpected)
	}
	q, ok := run.queryOf[string(fields[0])]
	if !ok {
		q = int32(len(run.qids))
		run.qids = append(run.qids, string(fields[0]))
		run.lists = append(run.lists, nil)
		run.queryOf[run.qids[q]] = q
	}
	doc, ok := run.docOf[string(fields[2])]
	if !ok {
		doc = int32(len(run.docIDs))
		run.docIDs = append(run.docIDs, string(fields[2]))
		run.docOf[run.docIDs[doc]] = doc
	}
	run.lists[q] = append(run.lists[q], trecEntry{rank: rank, score: score, doc: doc, line: uint32(number)})
	return nil
}
