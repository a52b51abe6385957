package loaders

import (
	"strconv"
	"strings"
)

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
