package evalinput

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
)

// beirQrelsHeader is the first line of BEIR's qrels TSV files.
var beirQrelsHeader = []string{"query-id", "corpus-id", "score"}

// maxQrelsWarnings is how many repeated judgments are told one by one;
// the rest are counted in one more line.
const maxQrelsWarnings = 10

// qrelKey is one judgment's query and document.
type qrelKey struct{ qid, docID string }

// parseQrelsWith reads relevance judgments: TREC qrels ("qid 0 docid
// rel") or BEIR's TSV ("query-id corpus-id score" with that header line).
// The grade is a whole number; above 0 is relevant. It tells each query
// and document judged again, with both lines and grades, through
// opts.Warn (or refuses the file under opts.StrictQrels): a copy-pasted block or a merge of two
// judges' files would otherwise change the grades unseen.
func parseQrelsWith(name string, lines []numberedLine, opts Options) (map[string]map[string]int, error) {
	qrels := map[string]map[string]int{}
	firstLine := map[qrelKey]int{}
	repeats := 0
	beir := len(lines) > 0 && slicesEqualFold(strings.Fields(string(lines[0].text)), beirQrelsHeader)
	if beir {
		lines = lines[1:]
	}
	expected := `"qid 0 docid relevance" (TREC qrels)`
	if beir {
		expected = `"query-id corpus-id score" (BEIR qrels)`
	}
	for _, l := range lines {
		p := loaders.Place{Line: l.number}
		fields := strings.Fields(string(l.text))
		var qid, docID, grade string
		switch {
		case beir && len(fields) == 3:
			qid, docID, grade = fields[0], fields[1], fields[2]
		case !beir && len(fields) == 4:
			qid, docID, grade = fields[0], fields[2], fields[3]
		default:
			return nil, p.Err(name, "has %d fields; expected %s", len(fields), expected)
		}
		rel, err := strconv.Atoi(grade)
		if err != nil {
			return nil, p.Err(name, "relevance %s is not a whole number; expected %s", loaders.Quoted(grade), expected)
		}
		if qrels[qid] == nil {
			qrels[qid] = map[string]int{}
		}
		if earlier, judged := qrels[qid][docID]; judged {
			key := qrelKey{qid, docID}
			again := fmt.Sprintf("query %s document %s judged again: relevance %d, where line %d gave %d", loaders.Quoted(qid), loaders.Quoted(docID), rel, firstLine[key], earlier)
			if opts.StrictQrels {
				return nil, p.Err(name, "%s; expected one judgment per query and document", again)
			}
			if repeats++; repeats <= maxQrelsWarnings && opts.Warn != nil {
				opts.Warn(p.Err(name, "%s; the last judgment counts (--strict-qrels refuses the file)", again).Error())
			}
			firstLine[key] = l.number
		} else {
			firstLine[qrelKey{qid, docID}] = l.number
		}
		qrels[qid][docID] = rel
	}
	if repeats > maxQrelsWarnings && opts.Warn != nil {
		opts.Warn((&loaders.Error{Name: name, Msg: fmt.Sprintf("%s more judgments repeat an earlier line's query and document", numfmt.Thousands(repeats-maxQrelsWarnings))}).Error())
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
