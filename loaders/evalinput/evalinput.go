package evalinput

import (
	"cmp"
	"fmt"
	"slices"

	"ctxlab/core/evalrun"
	"ctxlab/loaders"
	"ctxlab/loaders/trace"
)

// Files are the files of a retrieval run to evaluate.
type Files struct {
	// Run is a TREC run file ("qid Q0 docid rank score tag"), which needs
	// Corpus, or JSON Lines of one query a line with its documents.
	Run string
	// Corpus and Queries are BEIR's corpus.jsonl and queries.jsonl;
	// Queries is optional (the queries' text then stays empty).
	Corpus  string
	Queries string
	// Qrels are relevance judgments, TREC's or BEIR's TSV; optional.
	Qrels string
}

// Options controls LoadWith.
type Options struct {
	// StrictQrels refuses judgments that grade one query and document
	// twice; without it the last line counts and Warn is told.
	StrictQrels bool
	// Warn receives each warning as one line naming the file and line;
	// nil drops them.
	Warn func(string)
}

// LoadWith reads a retrieval run and its judgments into an evaluation
// set. Queries keep the order they first appear in the run, and each
// query's documents their rank order; opts says how repeated judgments
// are told or refused.
func LoadWith(files Files, opts Options) (*evalrun.Set, error) {
	queries, titles, err := loadRun(files)
	if err != nil {
		return nil, err
	}
	if len(titles) > 0 {
		joinTitles(queries, titles)
	}
	set := &evalrun.Set{Queries: queries}
	if files.Qrels != "" {
		lines, err := readEvalFile(files.Qrels, "relevance judgments")
		if err != nil {
			return nil, err
		}
		qrels, err := parseQrelsWith(files.Qrels, lines, opts)
		if err != nil {
			return nil, err
		}
		set.Judged = true
		for i := range set.Queries {
			set.Queries[i].Relevance = qrels[set.Queries[i].ID]
		}
	}
	return set, nil
}

// loadRun reads the run, and a TREC run's corpus and queries; a JSON
// Lines run's titled documents are in titles, to join to their text.
func loadRun(files Files) ([]evalrun.Query, []docTitle, error) {
	if files.Run != "-" && trace.IsTracesFile(files.Run) {
		if files.Corpus != "" {
			return nil, nil, &loaders.Error{Name: files.Run, Msg: "is a traces file, whose retrieval spans carry their documents; --corpus goes with a TREC run file (\"qid Q0 docid rank score tag\")"}
		}
		lines, err := traceRunLines(files.Run)
		if err != nil {
			return nil, nil, err
		}
		return parseRunJSONL(files.Run, lines)
	}
	run, runLines, err := openRun(files.Run)
	if err != nil {
		return nil, nil, err
	}
	if run != nil {
		queries, err := loadTRECRun(files, run)
		return queries, nil, err
	}
	if files.Corpus != "" {
		return nil, nil, &loaders.Error{Name: files.Run, Line: runLines[0].number, Msg: "is a JSON Lines run, which carries its documents; --corpus goes with a TREC run file (\"qid Q0 docid rank score tag\")"}
	}
	return parseRunJSONL(files.Run, runLines)
}

// loadTRECRun joins a TREC run with its corpus and, when given, its
// queries. Each query keeps its documents as indexes into one corpus of
// the documents the run names, with their scores: two million
// value.Documents, one a line, were most of a long run's memory.
func loadTRECRun(files Files, run *trecRun) ([]evalrun.Query, error) {
	if files.Corpus == "" {
		return nil, &loaders.Error{Name: files.Run, Msg: "is a TREC run, which names documents by id; expected --corpus with their text (BEIR's corpus.jsonl)"}
	}
	corpus, err := loadCorpus(files.Corpus)
	if err != nil {
		return nil, err
	}
	var texts map[string]string
	if files.Queries != "" {
		lines, err := readEvalFile(files.Queries, "queries")
		if err != nil {
			return nil, err
		}
		if texts, err = parseQueries(files.Queries, lines); err != nil {
			return nil, err
		}
	}
	j := newTRECJoin(run, corpus)
	queries := make([]evalrun.Query, len(run.qids))
	for n, qid := range run.qids {
		list := run.lists[n]
		if !slices.IsSortedFunc(list, byRank) {
			slices.SortStableFunc(list, byRank)
		}
		q := evalrun.Query{ID: qid, Corpus: j.out}
		if texts != nil {
			text, ok := texts[qid]
			if !ok {
				return nil, &loaders.Error{Name: files.Run, Line: int(list[0].line), Msg: missingIn("query", qid, files.Queries)}
			}
			q.Text = text
		}
		q.Refs, q.Scores = make([]int32, len(list)), make([]float64, len(list))
		for i, e := range list {
			ref, err := j.ref(files, qid, int32(n), e)
			if err != nil {
				return nil, err
			}
			q.Refs[i], q.Scores[i] = ref, e.score
		}
		queries[n] = q
		run.lists[n] = nil // its entries are garbage now
	}
	return queries, nil
}

func byRank(a, b trecEntry) int { return cmp.Compare(a.rank, b.rank) }

// trecJoin finds a run's documents in its corpus, and each query's
// repeats.
type trecJoin struct {
	run    *trecRun
	corpus map[string]corpusEntry
	// out holds the documents the run names, in the order they are
	// first reached; refOf[doc] is a run document's index in it, -1
	// until reached.
	out   *evalrun.Corpus
	refOf []int32
	// seenIn[doc] is 1 + the query that last retrieved doc, and
	// firstLine[doc] the line it did so on.
	seenIn    []int32
	firstLine []uint32
}

func newTRECJoin(run *trecRun, corpus map[string]corpusEntry) *trecJoin {
	j := &trecJoin{run: run, corpus: corpus, out: &evalrun.Corpus{},
		refOf: make([]int32, len(run.docIDs)), seenIn: make([]int32, len(run.docIDs)), firstLine: make([]uint32, len(run.docIDs))}
	for i := range j.refOf {
		j.refOf[i] = -1
	}
	return j
}

// ref is entry e of query q's index in the joined corpus, or why it has
// none: the query retrieves the document again, or the corpus lacks it.
func (j *trecJoin) ref(files Files, qid string, q int32, e trecEntry) (int32, error) {
	id := j.run.docIDs[e.doc]
	if j.seenIn[e.doc] == q+1 {
		return 0, &loaders.Error{Name: files.Run, Line: int(e.line), Msg: fmt.Sprintf("query %s retrieves document %s again (first on line %d); expected each once", loaders.Quoted(qid), loaders.Quoted(id), j.firstLine[e.doc])}
	}
	j.seenIn[e.doc], j.firstLine[e.doc] = q+1, e.line
	if ref := j.refOf[e.doc]; ref >= 0 {
		return ref, nil
	}
	doc, ok := j.corpus[id]
	if !ok {
		return 0, &loaders.Error{Name: files.Run, Line: int(e.line), Msg: missingIn("document", id, files.Corpus)}
	}
	ref := int32(len(j.out.IDs))
	j.out.IDs = append(j.out.IDs, id)
	j.out.Contents = append(j.out.Contents, doc.content)
	j.refOf[e.doc] = ref
	return ref, nil
}
