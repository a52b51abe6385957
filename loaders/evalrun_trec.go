package loaders

import (
	"math"
	"strconv"
	"strings"
)

// runEntry is one line of a TREC run: a document retrieved for a query.
type runEntry struct {
	qid, docID string
	rank       int
	score      float64
	line       int
}

// parseTRECRun reads a TREC run file: "qid Q0 docid rank score tag", one
// retrieved document a line, fields separated by spaces or tabs.
func parseTRECRun(name string, lines []numberedLine) ([]runEntry, error) {
	entries := make([]runEntry, 0, len(lines))
	const expected = `"qid Q0 docid rank score tag"`
	for _, l := range lines {
		p := place{line: l.number}
		fields := strings.Fields(string(l.text))
		if len(fields) != 6 {
			return nil, p.err(name, "has %d fields; expected 6: %s", len(fields), expected)
		}
		rank, err := strconv.Atoi(fields[3])
		if err != nil {
			return nil, p.err(name, "rank %s is not a whole number; expected %s", quoted(fields[3]), expected)
		}
		score, err := strconv.ParseFloat(fields[4], 64)
		if err != nil || math.IsNaN(score) || math.IsInf(score, 0) {
			return nil, p.err(name, "score %s is not a finite number; expected %s", quoted(fields[4]), expected)
		}
		entries = append(entries, runEntry{qid: fields[0], docID: fields[2], rank: rank, score: score, line: l.number})
	}
	return entries, nil
}

// beirQrelsHeader is the first line of BEIR's qrels TSV files.
var beirQrelsHeader = []string{"query-id", "corpus-id", "score"}

// parseQrels reads relevance judgments: TREC qrels ("qid 0 docid rel")
// or BEIR's TSV ("query-id corpus-id score" with that header line). The
// grade is a whole number; above 0 is relevant.
func parseQrels(name string, lines []numberedLine) (map[string]map[string]int, error) {
	qrels := map[string]map[string]int{}
	beir := len(lines) > 0 && slicesEqualFold(strings.Fields(string(lines[0].text)), beirQrelsHeader)
	if beir {
		lines = lines[1:]
	}
	expected := `"qid 0 docid relevance" (TREC qrels)`
	if beir {
		expected = `"query-id corpus-id score" (BEIR qrels)`
	}
	for _, l := range lines {
		p := place{line: l.number}
		fields := strings.Fields(string(l.text))
		var qid, docID, grade string
		switch {
		case beir && len(fields) == 3:
			qid, docID, grade = fields[0], fields[1], fields[2]
		case !beir && len(fields) == 4:
			qid, docID, grade = fields[0], fields[2], fields[3]
		default:
			return nil, p.err(name, "has %d fields; expected %s", len(fields), expected)
		}
		rel, err := strconv.Atoi(grade)
		if err != nil {
			return nil, p.err(name, "relevance %s is not a whole number; expected %s", quoted(grade), expected)
		}
		if qrels[qid] == nil {
			qrels[qid] = map[string]int{}
		}
		qrels[qid][docID] = rel
	}
	return qrels, nil
}

func slicesEqualFold(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}
