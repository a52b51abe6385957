package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// distanceDocs are ranked best first, as a vector store returns them, with
// distances: the best has the lowest score.
const distanceDocs = `{"content": "Refunds are issued to the original payment method within five business days.", "source": "refunds.md", "score": 0.21}
{"content": "Exchanges ship once the returned item reaches our warehouse and passes inspection.", "source": "exchanges.md", "score": 0.35}
{"content": "Gift cards never expire and can be combined at checkout with any other payment.", "source": "gift-cards.md", "score": 0.62}
{"content": "Our stores open at nine on weekdays and at ten on weekends and public holidays.", "source": "hours.md", "score": 0.93}`

type builtTrace struct {
	Trace struct {
		Docs []struct {
			Source       string `json:"source"`
			Fate         string `json:"fate"`
			FilterReason string `json:"filter_reason"`
		} `json:"docs"`
		Cited []int `json:"cited"`
	} `json:"trace"`
	Findings []struct {
		Code string `json:"code"`
	} `json:"findings"`
}

func buildJSONOf(t *testing.T, docs string, args ...string) (builtTrace, string) {
	t.Helper()
	stdout, stderr, code := run(t, docs, append([]string{"build", "--docs", "-", "--format", "json", "--tokenizer", "heuristic"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out builtTrace
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	return out, stderr
}

func hasFinding(b builtTrace, code string) bool {
	for _, f := range b.Findings {
		if f.Code == code {
			return true
		}
	}
	return false
}

// TestBuildWarnsOfDistancesAndRanksThem: distances read as similarities
// draw a warning and a finding; --scores distance ranks the lowest first
// and reads --min-score as a maximum distance.
func TestBuildWarnsOfDistancesAndRanksThem(t *testing.T) {
	t.Parallel()
	out, stderr := buildJSONOf(t, distanceDocs, "--lost-in-middle=false")
	if !strings.Contains(stderr, "ctxlab: warning: the scores rise along the input (0.21 first, 0.93 last)") {
		t.Errorf("no distance warning on stderr: %q", stderr)
	}
	if !hasFinding(out, "scores-look-like-distances") {
		t.Errorf("no finding: %+v", out.Findings)
	}
	if got := out.Trace.Cited; len(got) == 0 || got[0] != 3 {
		t.Errorf("as similarities the worst document should come first, cited %v", got)
	}

	out, stderr = buildJSONOf(t, distanceDocs, "--lost-in-middle=false", "--scores", "distance", "--min-score", "0.5")
	if strings.Contains(stderr, "warning") || hasFinding(out, "scores-look-like-distances") {
		t.Errorf("warned under --scores distance: %q %+v", stderr, out.Findings)
	}
	if got := out.Trace.Cited; len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Errorf("cited %v, want [0 1]", got)
	}
	if d := out.Trace.Docs[2]; d.Fate != "filtered" || d.FilterReason != "distance 0.62 > maximum 0.5" {
		t.Errorf("gift-cards.md: %+v", d)
	}
}

// TestMinScoreRefusal: a cutoff that is not a number is one clear line.
func TestMinScoreRefusal(t *testing.T) {
	t.Parallel()
	_, stderr, code := run(t, distanceDocs, "build", "--docs", "-", "--min-score", "high")
	if code == 0 || !strings.Contains(stderr, `--min-score: "high" is not a score; expected a number such as 0.5, or none`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestTopKBuildAndSweep: --top-k keeps the best-ranked documents with a
// reason for the rest, and `sweep --knob top-k` draws one row a value.
func TestTopKBuildAndSweep(t *testing.T) {
	t.Parallel()
	out, _ := buildJSONOf(t, distanceDocs, "--scores", "distance", "--top-k", "1")
	if got := out.Trace.Cited; len(got) != 1 || got[0] != 0 {
		t.Errorf("cited %v, want [0]", got)
	}
	if d := out.Trace.Docs[3]; d.Fate != "filtered" || d.FilterReason != "ranked 4 after deduplication, beyond top-k 1" {
		t.Errorf("hours.md: %+v", d)
	}
	path := writeFile(t, "docs.jsonl", distanceDocs)
	stdout, stderr, code := run(t, "", "sweep", "--knob", "top-k", "--docs", path, "--scores", "distance", "--tokenizer", "heuristic", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// 0 to the 4 documents: a larger top-k keeps them all.
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if lines[0] != "top-k,documents_kept,duplicates_removed,documents_sent,tokens_used,score_sent,current" || len(lines) != 6 {
		t.Fatalf("header %q, %d lines", lines[0], len(lines))
	}
	// 0 is every document and the current value; 2 sends the best two.
	if !strings.HasPrefix(lines[1], "0,4,0,4,") || !strings.HasSuffix(lines[1], ",true") || !strings.HasPrefix(lines[3], "2,2,0,2,") || !strings.HasSuffix(lines[3], ",0.56,false") {
		t.Errorf("rows:\n%s", strings.Join(lines[:5], "\n"))
	}
}

// arxivCopies are one paper retrieved three times under three URLs, with
// different chunks of text, and another paper.
const arxivCopies = `{"content": "Performance is often highest when relevant information occurs at the beginning or end of the input context.", "source": "https://arxiv.org/abs/2307.03172v1", "score": 0.91}
{"content": "Language models struggle to use information in the middle of long input contexts, even explicitly long-context ones.", "source": "https://www.arxiv.org/pdf/2307.03172v2.pdf", "score": 0.88}
{"content": "We analyze the performance of language models on multi-document question answering and key-value retrieval.", "source": "http://arxiv.org/html/2307.03172v3#S2", "score": 0.85}
{"content": "Retrieval-augmented generation combines a parametric memory with a non-parametric index of passages.", "source": "https://arxiv.org/abs/2005.11401", "score": 0.80}`

// Three URLs of one arXiv paper are one source: without the URL key, a
// finding says it is sent three times and names the key.
func TestSameSourceFindingWithoutTheKey(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, arxivCopies, "build", "--docs", "-", "--tokenizer", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "info    same-source-sent: 3 documents sent share a canonical URL (#1, #2, #3;") ||
		!strings.Contains(stdout, "--dedup-key url keeps one.") {
		t.Errorf("no same-source finding:\n%s", stdout)
	}
}

// TestDedupKeyURL: with the key, the three URLs are one document; the
// text report names the key.
func TestDedupKeyURL(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, arxivCopies, "build", "--docs", "-", "--tokenizer", "heuristic", "--dedup-key", "url")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"same URL as #1 https://arxiv.org/abs/2307.03172v1, the same source (arxiv.org/abs/2307.03172)",
		"[2] https://arxiv.org/abs/2005.11401",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Count(stdout, "the same source (arxiv.org/abs/2307.03172)") != 2 {
		t.Errorf("two copies should be named:\n%s", stdout)
	}
	_, stderr, code = run(t, arxivCopies, "build", "--docs", "-", "--dedup-key", "title")
	if code == 0 || !strings.Contains(stderr, `unknown dedup key "title" (expected none, url or metadata:FIELD)`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// distanceRun is a JSON Lines run of two queries ranked by distance: in
// both the scores rise along the rank order.
const distanceRun = `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "text": "Refunds go back to the card within five business days.", "score": 0.12}, {"id": "y", "text": "Exchanges ship once the return passes inspection at the warehouse.", "score": 0.4}, {"id": "z", "text": "Gift cards never expire and combine with any other payment.", "score": 0.8}]}
{"qid": "b", "query": "hours", "docs": [{"id": "h", "text": "Stores open at nine on weekdays and at ten on weekends.", "score": 0.2}, {"id": "x", "text": "Refunds go back to the card within five business days.", "score": 0.5}, {"id": "z", "text": "Gift cards never expire and combine with any other payment.", "score": 0.9}]}
`

// TestEvalWarnsOfADistanceRun: a run whose queries all rise is warned
// of once; --scores distance with --top-k 1 keeps each query's lowest.
func TestEvalWarnsOfADistanceRun(t *testing.T) {
	t.Parallel()
	runFile := writeFile(t, "run.jsonl", distanceRun)
	_, stderr, code := run(t, "", "eval", "--run", runFile, "--tokenizer", "heuristic", "--min-doc-tokens", "0")
	if code != 0 || !strings.Contains(stderr, "ctxlab: warning: in 2 of 2 queries the scores rise along the run's rank order") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	stdout, stderr, code := run(t, "", "eval", "--run", runFile, "--tokenizer", "heuristic", "--scores", "distance", "--top-k", "1", "--format", "json")
	if code != 0 || strings.Contains(stderr, "warning") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var out struct {
		Queries []struct {
			Included []string `json:"included"`
		} `json:"queries"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Queries) != 2 || len(out.Queries[0].Included) != 1 || out.Queries[0].Included[0] != "x" || out.Queries[1].Included[0] != "h" {
		t.Errorf("included %+v", out.Queries)
	}
}
