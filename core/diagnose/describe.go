package diagnose

import (
	"fmt"
	"math"
	"strconv"

	"ctxlab/internal/numfmt"
)

// docLabel names the builder's document i as the reports do: its input
// number and source, quoted as QuotedSource quotes it.
func (in *Input) docLabel(i int) string {
	src := QuotedSource(in.Documents[i].Source)
	if src == "" {
		src = "(no source)"
	}
	return "#" + strconv.Itoa(in.docNumber(i)+1) + " " + src
}

// rankedDoc is docLabel with the document's relevance rank and score.
func (in *Input) rankedDoc(i int) string {
	d := in.Build.Trace.Doc(i)
	if d.PosBeforeReorder < 0 {
		// Filtered and duplicates have no rank among the kept.
		return fmt.Sprintf("%s (score %s)", in.docLabel(i), score(in.Build.Trace.Score(i)))
	}
	return fmt.Sprintf("%s (rank %d, score %s)", in.docLabel(i), d.PosBeforeReorder+1, score(in.Build.Trace.Score(i)))
}

// score writes a relevance score with up to four decimals, so 0.91 and
// 0.9051 both read as they are and close scores keep their order.
func score(s float64) string {
	return strconv.FormatFloat(math.Round(s*10_000)/10_000, 'f', -1, 64)
}

// tokensOf is "1,234 tokens".
func tokensOf(n int) string { return numfmt.Count(n, "token", "tokens") }

// allocationOf is "1,550-token", as in "its 1,550-token allocation".
func allocationOf(n int) string { return numfmt.Thousands(n) + "-token" }

// percent is a share as a whole percentage: 42%.
func percent(part, whole int) string {
	if whole <= 0 {
		return "0%"
	}
	return strconv.Itoa(int(math.Round(float64(part)*100/float64(whole)))) + "%"
}
