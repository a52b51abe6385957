package cli

import (
	"fmt"
	"io"

	"ctxlab/core"
)

// writeRecordedUsage compares ctxlab's count of the request as sent with
// the provider's own, when the input recorded it.
func writeRecordedUsage(w io.Writer, run *assembleRun) {
	rec := run.eval.Recorded
	if rec == nil {
		return
	}
	fmt.Fprintf(w, "Recorded by the provider: %s input tokens (%s) · %s\n\n", thousands(rec.InputTokens), rec.Field, recordedComparison(rec, asSentTokens(run)))
}

// asSentTokens is ctxlab's count of the request as given.
func asSentTokens(run *assembleRun) int {
	if run.measured != nil {
		return run.measured.Assembly.Used
	}
	return run.eval.Assembly.Used
}

// recordedComparison says how far ctxlab's count is from the provider's.
func recordedComparison(rec *core.RecordedUsage, counted int) string {
	diff := counted - rec.InputTokens
	switch {
	case diff == 0:
		return fmt.Sprintf("ctxlab counts the same %s", thousands(counted))
	case rec.InputTokens == 0:
		return fmt.Sprintf("ctxlab counts %s", thousands(counted))
	}
	sign := "+"
	if diff < 0 {
		sign = "−"
		diff = -diff
	}
	return fmt.Sprintf("ctxlab counts %s as sent, %s%s (%s%.0f%%); tools and tool calls are where counts part most",
		thousands(counted), sign, thousands(diff), sign, float64(diff)/float64(rec.InputTokens)*100)
}
