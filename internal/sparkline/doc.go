// Package sparkline draws a series as one line of block characters, the
// lowest value as ▁ and the highest as █, for the sweep's chart in the
// CLI and the workbench.
package sparkline
