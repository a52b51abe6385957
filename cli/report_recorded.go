package cli

import (
	"fmt"
	"io"

	"ctxlab/core/metrics"
	"ctxlab/internal/numfmt"
)

// writeRecordedUsage compares ctxlab's count of the request as sent with
// the provider's own, when the input recorded it.
func writeRecordedUsage(w io.Writer, run *assembleRun) {
	rec := run.eval.Recorded
	if rec == nil {
		return
	}
	if b := runBill(run); b != nil {
		fmt.Fprintf(w, "Billed: %s\n\n", billLine(b))
		return
	}
	fmt.Fprintf(w, "Recorded by the provider: %s input tokens (%s) · %s\n\n", numfmt.Thousands(rec.InputTokens), rec.Field, recordedComparison(rec, asSentTokens(run)))
}

// asSentTokens is ctxlab's count of the request as given.
func asSentTokens(run *assembleRun) int {
	if run.measured != nil {
		return run.measured.Assembly.Used
	}
	return run.eval.Assembly.Used
}

// recordedComparison says how far ctxlab's count is from the provider's.
func recordedComparison(rec *metrics.RecordedUsage, counted int) string {
	return fmt.Sprintf("ctxlab counts %s as sent, %s; %s",
		numfmt.Thousands(counted), rec.Difference(counted), rec.Agreement(counted))
}
