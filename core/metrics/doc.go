// Package metrics measures assembled requests as the article's monitoring
// does: the metrics of one request, the monitor that alerts on utilization,
// the report over a log of metrics lines, and usage recorded from a
// provider.
package metrics
