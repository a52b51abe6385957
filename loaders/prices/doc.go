// Package prices loads a price file: per-model input and output prices
// that override or extend the bundled table for cost reports.
package prices
