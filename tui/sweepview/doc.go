// Package sweepview is the workbench's sweep of a knob across its range:
// the sparkline beside the control the strip has selected, when its knob
// can be swept, and the Sweep view (every measure of the request across
// the range as a sparkline with its bounds in words, the current value
// and a pinned baseline marked, the table of every value, and, with a
// retrieval run loaded, the run's aggregate swept the same way).
//
// Cmd asks for the sweep a Request wants (the strip's knob, or the Sweep
// view's) unless it is already asked for: core.SweepEvaluation on the
// evaluation on screen in one command, which reads its analysis's caches,
// and the run's sweep (evalrun.Prepared.Sweep) in another, cancelled when
// a newer sweep is wanted. The results come back to Update as SweptMsg
// and RunSweptMsg, kept only while still wanted; the Outcome says what
// the workbench must draw again. View and Spark draw from the sweeps
// alone.
package sweepview
