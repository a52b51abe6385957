package evalrun

import (
	"fmt"
	"math"
	"strings"

	"ctxlab/internal/numfmt"
)

// FiguresChange is a run's aggregate against a baseline's: what a setting
// did across every query, as a stakeholder reads it.
type FiguresChange struct {
	Baseline, Now Figures
}

// RelevantLostChange is how many more relevant documents are lost now
// than under the baseline (negative: fewer).
func (c FiguresChange) RelevantLostChange() int {
	return c.Now.RelevantLostTotal() - c.Baseline.RelevantLostTotal()
}

// TokensChangePercent is the change in tokens used, in percent of the
// baseline's; 0 when the baseline used none.
func (c FiguresChange) TokensChangePercent() float64 {
	if c.Baseline.TokensUsed == 0 {
		return 0
	}
	return 100 * float64(c.Now.TokensUsed-c.Baseline.TokensUsed) / float64(c.Baseline.TokensUsed)
}

// Words says the change in one line: "3 more relevant documents lost
// across 29 queries, 11% fewer tokens, 4 fewer duplicates removed,
// context recall 0.93 → 0.90". at, when not empty, names the setting
// first ("at dedup 0.80"). Recall is left out when nothing was judged
// relevant, as the aggregate has none.
func (c FiguresChange) Words(at string) string {
	var parts []string
	lost := c.RelevantLostChange()
	across := " across " + numfmt.Count(c.Now.Queries, "query", "queries")
	switch {
	case c.Now.QueriesWithRelevant == 0 && c.Baseline.QueriesWithRelevant == 0:
		parts = append(parts, "no relevant documents judged"+across)
	case lost > 0:
		parts = append(parts, numfmt.Count(lost, "more relevant document", "more relevant documents")+" lost"+across)
	case lost < 0:
		parts = append(parts, numfmt.Count(-lost, "fewer relevant document", "fewer relevant documents")+" lost"+across)
	default:
		parts = append(parts, fmt.Sprintf("as many relevant documents lost (%s)%s", numfmt.Thousands(c.Now.RelevantLostTotal()), across))
	}
	parts = append(parts, c.tokensWords())
	switch d := c.Now.DuplicatesRemoved - c.Baseline.DuplicatesRemoved; {
	case d > 0:
		parts = append(parts, numfmt.Count(d, "more duplicate", "more duplicates")+" removed")
	case d < 0:
		parts = append(parts, numfmt.Count(-d, "fewer duplicate", "fewer duplicates")+" removed")
	default:
		parts = append(parts, fmt.Sprintf("as many duplicates removed (%s)", numfmt.Thousands(c.Now.DuplicatesRemoved)))
	}
	if c.Now.QueriesWithRelevant > 0 || c.Baseline.QueriesWithRelevant > 0 {
		parts = append(parts, fmt.Sprintf("context recall %.2f → %.2f", c.Baseline.ContextRecall, c.Now.ContextRecall))
	}
	line := strings.Join(parts, ", ")
	if at != "" {
		line = at + ", " + line
	}
	return line
}

// tokensWords is the tokens' change in percent of the baseline's, "under
// 1%" when it rounds to nothing but is not nothing.
func (c FiguresChange) tokensWords() string {
	d := c.Now.TokensUsed - c.Baseline.TokensUsed
	if d == 0 {
		return "as many tokens"
	}
	if c.Baseline.TokensUsed == 0 {
		return numfmt.Thousands(d) + " more tokens"
	}
	more := "more"
	if d < 0 {
		more = "fewer"
	}
	pct := math.Round(math.Abs(c.TokensChangePercent()))
	if pct == 0 {
		return "under 1% " + more + " tokens"
	}
	return fmt.Sprintf("%s%% %s tokens", numfmt.Thousands(int(pct)), more)
}

// Brief is Words for a narrow screen: the relevant documents lost, the
// tokens and the recall, "6 more relevant lost, 23% fewer tokens, recall
// 0.98 → 0.81".
func (c FiguresChange) Brief() string {
	var lost string
	switch d := c.RelevantLostChange(); {
	case d > 0:
		lost = numfmt.Thousands(d) + " more relevant lost"
	case d < 0:
		lost = numfmt.Thousands(-d) + " fewer relevant lost"
	default:
		lost = "as many relevant lost"
	}
	parts := []string{lost, c.tokensWords()}
	if c.Now.QueriesWithRelevant > 0 || c.Baseline.QueriesWithRelevant > 0 {
		parts = append(parts, fmt.Sprintf("recall %.2f → %.2f", c.Baseline.ContextRecall, c.Now.ContextRecall))
	}
	return strings.Join(parts, ", ")
}
