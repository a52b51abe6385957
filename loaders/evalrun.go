package loaders

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"ctxlab/core/evalrun"
	"ctxlab/core/value"
	"ctxlab/internal/heapcollect"
)

// EvalFiles are the files of a retrieval run to evaluate.
type EvalFiles struct {
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

// LoadEvalRun reads a retrieval run and its judgments into an evaluation
// set. Queries keep the order they first appear in the run, and each
// query's documents their rank order.
func LoadEvalRun(files EvalFiles) (*evalrun.Set, error) {
	queries, titles, err := loadRun(files)
	if err != nil {
		return nil, err
	}
	// The run's bytes are unreachable now: collect them, join the titles,
	// and collect the texts the passages replaced (see heapcollect.Dropped).
	heapcollect.Dropped()
	if len(titles) > 0 {
		joinTitles(queries, titles)
		heapcollect.Dropped()
	}
	set := &evalrun.Set{Queries: queries}
	if files.Qrels != "" {
		lines, err := readEvalFile(files.Qrels, "relevance judgments")
		if err != nil {
			return nil, err
		}
		qrels, err := parseQrels(files.Qrels, lines)
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
func loadRun(files EvalFiles) ([]evalrun.Query, []docTitle, error) {
	runLines, err := readEvalFile(files.Run, "a retrieval run")
	if err != nil {
		return nil, nil, err
	}
	if bytes.HasPrefix(bytes.TrimSpace(runLines[0].text), []byte("{")) {
		if files.Corpus != "" {
			return nil, nil, &Error{Name: files.Run, Line: runLines[0].number, Msg: "is a JSON Lines run, which carries its documents; --corpus goes with a TREC run file (\"qid Q0 docid rank score tag\")"}
		}
		return parseRunJSONL(files.Run, runLines)
	}
	queries, err := loadTRECRun(files, runLines)
	return queries, nil, err
}

// loadTRECRun joins a TREC run with its corpus and, when given, its
// queries.
func loadTRECRun(files EvalFiles, runLines []numberedLine) ([]evalrun.Query, error) {
	entries, err := parseTRECRun(files.Run, runLines)
	if err != nil {
		return nil, err
	}
	if files.Corpus == "" {
		return nil, &Error{Name: files.Run, Msg: "is a TREC run, which names documents by id; expected --corpus with their text (BEIR's corpus.jsonl)"}
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
	byQuery := map[string][]runEntry{}
	var order []string
	for _, e := range entries {
		if byQuery[e.qid] == nil {
			order = append(order, e.qid)
		}
		byQuery[e.qid] = append(byQuery[e.qid], e)
	}
	queries := make([]evalrun.Query, 0, len(order))
	for _, qid := range order {
		list := byQuery[qid]
		slices.SortStableFunc(list, func(a, b runEntry) int { return cmp.Compare(a.rank, b.rank) })
		q := evalrun.Query{ID: qid}
		if texts != nil {
			text, ok := texts[qid]
			if !ok {
				return nil, &Error{Name: files.Run, Line: list[0].line, Msg: missingIn("query", qid, files.Queries)}
			}
			q.Text = text
		}
		lineOf := map[string]int{}
		for _, e := range list {
			if first, dup := lineOf[e.docID]; dup {
				return nil, &Error{Name: files.Run, Line: e.line, Msg: fmt.Sprintf("query %s retrieves document %s again (first on line %d); expected each once", quoted(qid), quoted(e.docID), first)}
			}
			lineOf[e.docID] = e.line
			doc, ok := corpus[e.docID]
			if !ok {
				return nil, &Error{Name: files.Run, Line: e.line, Msg: missingIn("document", e.docID, files.Corpus)}
			}
			q.Docs = append(q.Docs, value.Document{Content: doc.content, Score: e.score, Source: e.docID})
			q.DocIDs = append(q.DocIDs, e.docID)
		}
		queries = append(queries, q)
	}
	return queries, nil
}
