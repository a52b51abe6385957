package evalinput

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/evalrun"
	"ctxlab/loaders/internal/loadertest"
)

const (
	testCorpus = `{"_id": "d1", "title": "Refunds", "text": "Refunds take five days."}
{"_id": "d2", "title": "", "text": "Shipping is free over fifty dollars."}
{"_id": 3, "text": "Numeric ids are read as text."}
`
	testQueries = `{"_id": "q1", "text": "how long do refunds take"}
{"_id": "q2", "text": "shipping cost"}
`
	// Ranks out of line order, as some tools write them.
	testRun = "q1 Q0 d2 2 7.5 bm25\nq1 Q0 d1 1 9.25 bm25\n\nq2\tQ0\t3\t1\t4\tbm25\n"
)

func TestLoadEvalRunJoinsTRECRunCorpusAndQueries(t *testing.T) {
	paths := loadertest.EvalFiles(t, map[string]string{
		"corpus.jsonl": testCorpus, "queries.jsonl": testQueries, "run.trec": testRun,
		"qrels.tsv": "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\n",
	})
	set, err := LoadWith(Files{Run: paths["run.trec"], Corpus: paths["corpus.jsonl"], Queries: paths["queries.jsonl"], Qrels: paths["qrels.tsv"]}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Queries) != 2 || !set.Judged {
		t.Fatalf("%d queries, judged %v; want 2, judged", len(set.Queries), set.Judged)
	}
	q1 := set.Queries[0]
	if q1.ID != "q1" || q1.Text != "how long do refunds take" || !reflect.DeepEqual(docIDs(&q1), []string{"d1", "d2"}) {
		t.Errorf("q1 = %s %q %v; want q1, its text, d1 then d2 by rank", q1.ID, q1.Text, docIDs(&q1))
	}
	docs := q1.Documents()
	if got := docs[0]; got.Content != "Refunds\n\nRefunds take five days." || got.Score != 9.25 || got.Source != "d1" {
		t.Errorf("d1 = %+v; want the title, a blank line and the text, the run's score, the id as source", got)
	}
	if got := docs[1].Content; got != "Shipping is free over fifty dollars." {
		t.Errorf("d2 content %q; an empty title adds nothing", got)
	}
	if !q1.Relevant("d1") || q1.Relevant("d2") || set.Queries[1].Relevance != nil {
		t.Errorf("relevance %v / %v; want d1 relevant, d2 judged 0, q2 unjudged", q1.Relevance, set.Queries[1].Relevance)
	}
	if got := docIDs(&set.Queries[1]); !reflect.DeepEqual(got, []string{"3"}) {
		t.Errorf("q2 documents %v, want the numeric id as text", got)
	}
}

// docIDs lists q's documents' ids in rank order.
func docIDs(q *evalrun.Query) []string {
	ids := make([]string, q.Len())
	for i := range ids {
		ids[i] = q.DocID(i)
	}
	return ids
}

func TestLoadEvalRunReadsTRECQrelsAndJSONLRuns(t *testing.T) {
	paths := loadertest.EvalFiles(t, map[string]string{
		"run.jsonl": `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "title": "T", "text": "one two", "score": 0.5}, {"doc_id": "y", "content": "three"}]}` + "\n",
		"qrels":     "a 0 x 1\na 0 y 0\nb 0 z 3\n",
	})
	set, err := LoadWith(Files{Run: paths["run.jsonl"], Qrels: paths["qrels"]}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	q := set.Queries[0]
	if q.ID != "a" || q.Text != "refunds" || !reflect.DeepEqual(q.DocIDs, []string{"x", "y"}) || q.Docs[0].Content != "T\n\none two" || q.Docs[1].Score != 1 {
		t.Errorf("query = %+v", q)
	}
	if !q.Relevant("x") || q.Relevant("y") {
		t.Errorf("relevance %v", q.Relevance)
	}
}

func TestLoadEvalRunNamesFileAndLine(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		use   func(p map[string]string) Files
		want  string
	}{
		{"five fields", map[string]string{"run": "q1 Q0 d1 1 2.0\n"}, runOnly, `run: line 1: has 5 fields; expected 6`},
		{"bad rank", map[string]string{"run": "q1 Q0 d1 first 2.0 t\n", "c": testCorpus}, runCorpus, `run: line 1: rank "first" is not a whole number`},
		{"bad score", map[string]string{"run": "q1 Q0 d1 1 NaN t\n", "c": testCorpus}, runCorpus, `run: line 1: score "NaN" is not a finite number`},
		{"no corpus", map[string]string{"run": testRun}, runOnly, `run: is a TREC run, which names documents by id; expected --corpus`},
		{"unknown document", map[string]string{"run": "q1 Q0 d1 1 2 t\n\nq1 Q0 d9 2 1 t\n", "c": testCorpus}, runCorpus, `run: line 3: document "d9" is not in`},
		{"twice", map[string]string{"run": "q1 Q0 d1 1 2 t\nq1 Q0 d1 2 1 t\n", "c": testCorpus}, runCorpus, `run: line 2: query "q1" retrieves document "d1" again (first on line 1)`},
		{"corpus not JSON", map[string]string{"run": testRun, "c": testCorpus + "d4 text\n"}, runCorpus, `c: line 4: is not JSON; expected an object with "_id"`},
		{"corpus without text", map[string]string{"run": testRun, "c": `{"_id": "d1", "body": "x"}`}, runCorpus, `c: line 1: document "d1" has no "text"`},
		{"corpus id twice", map[string]string{"run": testRun, "c": testCorpus + `{"_id": "d2", "text": "again"}`}, runCorpus, `c: line 4: document "d2" is already on line 2`},
		{"query missing", map[string]string{"run": testRun, "c": testCorpus, "q": `{"_id": "q1", "text": "x"}`}, func(p map[string]string) Files {
			return Files{Run: p["run"], Corpus: p["c"], Queries: p["q"]}
		}, `run: line 4: query "q2" is not in`},
		{"qrels fields", map[string]string{"run": testRun, "c": testCorpus, "r": "q1 0 d1\n"}, func(p map[string]string) Files {
			return Files{Run: p["run"], Corpus: p["c"], Qrels: p["r"]}
		}, `r: line 1: has 3 fields; expected "qid 0 docid relevance"`},
		{"qrels grade", map[string]string{"run": testRun, "c": testCorpus, "r": "query-id corpus-id score\nq1 d1 high\n"}, func(p map[string]string) Files {
			return Files{Run: p["run"], Corpus: p["c"], Qrels: p["r"]}
		}, `r: line 2: relevance "high" is not a whole number; expected "query-id corpus-id score" (BEIR qrels)`},
		{"jsonl without docs id", map[string]string{"run": `{"qid": "a", "docs": [{"text": "x"}]}`}, runOnly, `run: line 1: query "a", document 1 has no "id"`},
		{"jsonl with corpus", map[string]string{"run": `{"qid": "a", "docs": []}`, "c": testCorpus}, runCorpus, `run: line 1: is a JSON Lines run, which carries its documents`},
		{"empty run", map[string]string{"run": "\n\n"}, runOnly, `run: input is empty; expected a retrieval run`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			paths := loadertest.EvalFiles(t, c.files)
			_, err := LoadWith(c.use(paths), Options{})
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			got := strings.ReplaceAll(err.Error(), filepath.Dir(paths["run"])+string(filepath.Separator), "")
			if !strings.Contains(got, c.want) {
				t.Errorf("error %q\nwant it to contain %q", got, c.want)
			}
		})
	}
}

func runOnly(p map[string]string) Files   { return Files{Run: p["run"]} }
func runCorpus(p map[string]string) Files { return Files{Run: p["run"], Corpus: p["c"]} }

func FuzzParseEvalFiles(f *testing.F) {
	f.Add([]byte(testRun), []byte(testCorpus), []byte("q1 0 d1 1\n"))
	f.Add([]byte(`{"qid": "a", "docs": [{"id": "x", "text": "t"}]}`), []byte(testQueries), []byte("query-id corpus-id score\nq d 1\n"))
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(loadertest.SampleDir, "eval", name))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	f.Add(read("run.trec"), read("corpus.jsonl"), read("qrels.tsv"))
	f.Add(read("queries.jsonl"), read("queries.jsonl"), read("run.trec"))
	f.Fuzz(func(t *testing.T, run, corpus, qrels []byte) {
		// Any input is parsed or refused with one clean error; none panics.
		check := func(_ any, err error) {
			if err != nil {
				loadertest.CheckFuzzError(t, err)
			}
		}
		lines, err := splitEvalLines("run", run, "a run")
		check(nil, err)
		if err == nil {
			check(parseTRECRun("run", lines))
			queries, _, err := parseRunJSONL("run", lines)
			check(queries, err)
		}
		lines, err = splitEvalLines("corpus", corpus, "a corpus")
		check(nil, err)
		if err == nil {
			check(parseCorpus("corpus", lines))
			check(parseQueries("corpus", lines))
		}
		lines, err = splitEvalLines("qrels", qrels, "judgments")
		check(nil, err)
		if err == nil {
			check(parseQrelsWith("qrels", lines, Options{}))
		}
	})
}

// TestLoadEvalRunHoldsATRECRunsDocumentsOnce: a TREC run's queries hold
// their documents as indexes into one corpus of the documents the run
// names, not a value.Document a line, and a run whose queries' lines are
// interleaved, with ranks tied, reads as the grouped one does: by rank,
// ties in file order.
func TestLoadEvalRunHoldsATRECRunsDocumentsOnce(t *testing.T) {
	paths := loadertest.EvalFiles(t, map[string]string{
		"corpus.jsonl": testCorpus,
		"grouped":      "q1 Q0 d1 1 9 x\nq1 Q0 3 2 8 x\nq1 Q0 d2 2 7 x\nq2 Q0 d1 1 5 x\nq2 Q0 3 1 4 x\n",
		"interleaved":  "q1 Q0 3 2 8 x\nq2 Q0 d1 1 5 x\nq1 Q0 d1 1 9 x\nq2 Q0 3 1 4 x\nq1 Q0 d2 2 7 x\n",
	})
	want := [][]string{{"d1", "3", "d2"}, {"d1", "3"}}
	for _, run := range []string{"grouped", "interleaved"} {
		set, err := LoadWith(Files{Run: paths[run], Corpus: paths["corpus.jsonl"]}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		c := set.Queries[0].Corpus
		if c == nil || set.Queries[1].Corpus != c || len(c.IDs) != 3 || len(c.Contents) != 3 {
			t.Fatalf("%s: the queries' corpus is %+v; want one of the 3 documents, shared", run, c)
		}
		for n, q := range set.Queries {
			if q.Docs != nil || q.DocIDs != nil {
				t.Errorf("%s: query %s holds %d documents of its own", run, q.ID, len(q.Docs))
			}
			if got := docIDs(&set.Queries[n]); !reflect.DeepEqual(got, want[n]) {
				t.Errorf("%s: query %s retrieves %v; want %v", run, q.ID, got, want[n])
			}
		}
		if got := set.Queries[1].Documents()[0]; got.Content != "Refunds\n\nRefunds take five days." || got.Score != 5 || got.Source != "d1" {
			t.Errorf("%s: q2's first document is %+v", run, got)
		}
	}
}
