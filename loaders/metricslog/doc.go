// Package metricslog reads and appends the metrics log: JSON Lines of
// per-request context metrics that assemble --metrics-out appends to (under
// a file lock where there is one) and monitor reads.
package metricslog
