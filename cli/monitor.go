package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"ctxlab/core/metrics"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/metricslog"
)

const monitorUsage = `
ctxlab monitor reads a metrics log, one ContextMetrics JSON record per line
as ctxlab assemble --metrics-out or the article's ContextMonitor writes it,
and reports: requests, the distribution of budget utilization (input
tokens / max input), the requests over 90%, which components were cut how
often, and the same per use case.

Usage:
  ctxlab monitor FILE.jsonl [--format text|json]
`

// recentAlertsShown is how many of the latest alerts the report lists.
const recentAlertsShown = 5

// monitorOutput is the JSON output: the report and the latest alerts.
type monitorOutput struct {
	File string `json:"file"`
	metrics.MonitorReport
	// RecentAlerts are the alert texts of the last records above 90%, in
	// log order, at most recentAlertsShown: filled by writeMonitorJSON
	// with placeholders for alerts, which the text report writes in
	// parts, so an alert's use case is never copied into a text.
	RecentAlerts []string `json:"recent_alerts"`
	alerts       [][3]string
}

func runMonitor(env Env, args []string) error {
	var format string
	fs := newFlagSet(env, "monitor", monitorUsage)
	fs.StringVar(&format, "format", "text", "output: text or json")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(format); err != nil {
		return err
	}
	switch len(files) {
	case 0:
		return fmt.Errorf("monitor: no metrics log: pass FILE.jsonl (written by ctxlab assemble --metrics-out)")
	case 1:
	default:
		return fmt.Errorf("monitor: one metrics log at a time, got %s files", numfmt.Thousands(len(files)))
	}
	path := files[0]
	records, err := metricslog.Load(path)
	if err != nil {
		return err
	}
	out := monitorOutput{File: path, MonitorReport: metrics.Report(records), alerts: recentAlerts(records, recentAlertsShown)}
	if format == "json" {
		return writeMonitorJSON(env.Stdout, out)
	}
	return writeMonitorReport(env.Stdout, out)
}

// writeMonitorJSON is writeJSON of r with each alert's text joined.
func writeMonitorJSON(w io.Writer, r monitorOutput) error {
	r.RecentAlerts = make([]string, len(r.alerts))
	for i, parts := range r.alerts {
		r.RecentAlerts[i] = strings.Join(parts[:], "")
	}
	return writeJSON(w, r)
}

// recentAlerts returns the alerts of the last n records that raised one,
// in parts (metrics.AlertParts). The log is append-only, so its order is
// the order requests were made.
func recentAlerts(records []metrics.ContextMetrics, n int) [][3]string {
	alerts := [][3]string{}
	for i := len(records) - 1; i >= 0 && len(alerts) < n; i-- {
		if alert, ok := metrics.AlertParts(records[i]); ok {
			alerts = append(alerts, alert)
		}
	}
	for i, j := 0, len(alerts)-1; i < j; i, j = i+1, j-1 {
		alerts[i], alerts[j] = alerts[j], alerts[i]
	}
	return alerts
}

func writeMonitorReport(out io.Writer, r monitorOutput) error {
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "ctxlab monitor · %s · %s %s", safetext.Line(r.File), numfmt.Thousands(r.Requests), numfmt.Plural(r.Requests, "request", "requests"))
	if r.First != "" {
		fmt.Fprintf(w, " · %s to %s", safetext.Line(r.First), safetext.Line(r.Last))
	}
	fmt.Fprintln(w)
	if r.Requests == 0 {
		fmt.Fprintln(w, "\nno records")
		return w.Flush()
	}
	fmt.Fprintf(w, "\nInput tokens: %s in all, %s per request on average\n", numfmt.Thousands(r.TotalInputTokens), numfmt.Thousands(int(r.MeanInputTokens+0.5)))

	u := r.Utilization
	fmt.Fprintf(w, "\nBudget utilization (input / max input)\n")
	fmt.Fprintf(w, "  mean %s · p50 %s · p90 %s · p99 %s · max %s\n", pct(u.Mean), pct(u.P50), pct(u.P90), pct(u.P99), pct(u.Max))
	writeHistogram(w, u.Buckets)

	fmt.Fprintf(w, "\nAlerts (utilization above %.0f%%): %s of %s requests\n", metrics.UtilizationAlertThreshold*100, numfmt.Thousands(r.Alerts), numfmt.Thousands(r.Requests))
	var buf []byte
	for _, parts := range r.alerts {
		// Line changes text a character at a time: the parts made safe
		// in turn are the alert made safe.
		w.WriteString("  ▲ ")
		for _, part := range parts {
			eachLineWindow(part, &buf, func(p []byte) { w.Write(p) })
		}
		w.WriteString("\n")
	}
	if r.Alerts > len(r.alerts) {
		fmt.Fprintf(w, "  (the latest %s shown)\n", numfmt.Thousands(len(r.alerts)))
	}

	fmt.Fprintf(w, "\nTruncations: %s of %s requests cut a component\n", numfmt.Thousands(r.TruncatedRequests), numfmt.Thousands(r.Requests))
	writeTruncations(w, r.Truncations)

	fmt.Fprintf(w, "\nPer use case\n")
	table := [][]string{{"use case", "requests", "alerts", "truncated", "mean input", "p50", "p90", "max", "cut most"}}
	for _, uc := range r.UseCases {
		table = append(table, []string{uc.UseCase, numfmt.Thousands(uc.Requests), numfmt.Thousands(uc.Alerts),
			numfmt.Thousands(uc.TruncatedRequests), numfmt.Thousands(int(uc.MeanInputTokens + 0.5)),
			pct(uc.Utilization.P50), pct(uc.Utilization.P90), pct(uc.Utilization.Max), mostCut(uc.Truncations)})
	}
	// The use case is made safe as it is written (see writeTableFromInput).
	writeTableFromInput(w, table, "l", []bool{true})
	return w.Flush()
}

// histogramWidth is the longest bar of the utilization histogram.
const histogramWidth = 30

func writeHistogram(w io.Writer, buckets []metrics.UtilizationBucket) {
	most := 0
	labelWidth := 0
	for _, b := range buckets {
		most = max(most, b.Count)
		labelWidth = max(labelWidth, len(b.Label))
	}
	for _, b := range buckets {
		bar := 0
		if most > 0 {
			bar = (b.Count*histogramWidth + most - 1) / most // a bucket with any record shows
		}
		fmt.Fprintf(w, "  %-*s %s%s %s\n", labelWidth, b.Label, strings.Repeat("█", bar), strings.Repeat(" ", histogramWidth-bar), numfmt.Thousands(b.Count))
	}
}

func writeTruncations(w io.Writer, counts []metrics.ComponentCount) {
	if len(counts) == 0 {
		fmt.Fprintln(w, "  none")
		return
	}
	table := make([][]string, 0, len(counts))
	for _, c := range counts {
		table = append(table, []string{componentInLog(c.Component), numfmt.Thousands(c.Count)})
	}
	writeTable(w, table, "l")
}

// mostCut names the component cut most often, "-" when none was.
func mostCut(counts []metrics.ComponentCount) string {
	best := metrics.ComponentCount{}
	for _, c := range counts {
		if c.Count > best.Count {
			best = c
		}
	}
	if best.Count == 0 {
		return "-"
	}
	return fmt.Sprintf("%s (%s)", componentInLog(best.Component), numfmt.Thousands(best.Count))
}

// componentInLog names a component a metrics record lists as cut in the
// words every other report uses ("rag" is the retrieved context); a name
// that is no component of ours, which another writer's log may hold, is
// shown as it is, made inert.
func componentInLog(name string) string {
	return safetext.Line(window.ComponentWords(name))
}

// pct formats a utilization ratio as a percentage.
func pct(ratio float64) string {
	return fmt.Sprintf("%.1f%%", ratio*100)
}
