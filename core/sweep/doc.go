// Package sweep owns a sweep: every value of one knob run through the
// reference's pipeline, every other setting unchanged, for `ctxlab sweep
// --knob`, the workbench's Sweep view and the sparkline. Options sweeps a
// document set under pipeline options, Evaluation sweeps from an
// evaluation reusing every cache it filled, and a Sweep's Series are its
// measures (duplicates removed, documents kept, in the block and sent,
// tokens, scores) in the order the knob's table entry gives. Knobs and
// KnobByFlag are the knobs a sweep can vary; NearestPoint is where a
// sweep marks the current value or the baseline, for eval's aggregate
// sweeps too.
//
// How a knob is swept is declared once, in core's knob table: an entry's
// KnobSweep (the pipeline option, the bound, the values, the measures)
// and Knob.SweepValues, in core/knob_sweep.go. This package runs what the
// table declares; it imports core and core never imports it.
package sweep
