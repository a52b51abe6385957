// Package tui is ctxlab's workbench: a Bubble Tea program that renders the
// engine's Evaluation (Result, Trace, Assembly, memory fates) and turns
// its knobs. It computes nothing of its own: every number on screen comes
// from core, recomputed in a command off the Update path. It loads nothing:
// cli loads the input and hands it a Scenario. The files it writes are
// the export (package tui/export: the request as sent, the settings as a
// loadable scenario, the screen as text), written in a command.
//
// Model owns the layout, the focus, the current Settings and Evaluation,
// and routes messages to panes that own their state, keys and update: the
// document list (package tui/doclist; its rows, their looks and the
// pipeline strip are package tui/rows), the inspector (inspector_pane.go;
// what it shows is package tui/inspector), views 2 to 5, Diagnosis and
// help (views_pane.go; the text of the Context, Ordering, Memory, Metrics
// and Compare views and the legend is drawn by package tui/views), view
// 6's ranked list of what takes the space (package tui/space; the jump
// to an item where it lives in space_pane.go), the Diagnosis view
// (package tui/diagnosis: the findings, a cursor over them and their
// rows; diagnosis_jump.go goes to a row), the baseline and the Compare
// view (baseline.go, views/compare.go; the list's marks against it in
// package tui/doclist, the bars' deltas in package tui/budget, the Eval
// view's baseline run in package tui/evalview), the budget bars and the
// hint under the pipeline strip (package tui/budget, drawn from the
// evaluation and the comparison alone), the text as tokens (package
// tui/tokenview), the filter (package tui/filter), the controls strip
// (package tui/controls, one control per entry of core's knob table), the
// fix preview (package tui/fixes: fix.Suggest in a command, applied through
// the knob table, undone from a stack of settings; fix_pane.go hands it
// the evaluation and does what it asks), the Eval view of a retrieval
// run (package tui/evalview: a knob change runs every query again in a
// command; a query opens as the scenario with its documents in
// eval_pane.go), the sweep beside a swept control and the Sweep view
// (package tui/sweepview, wired in sweep_pane.go), the status line
// (status.go), the Timeline view of an agent's trajectory
// (package tui/timeline: the replay of every policy in a command, a turn
// opened as the scenario in timeline_pane.go) and the trace picker put
// before the workbench (traces.go, package tui/picker). The worst finding
// has a line of its own above the panes (diagnosis.Line). Colours come
// from themes only.
//
// Update does no I/O. Evaluation, token counting and export run in
// commands that return a message; an evaluation is tagged with a
// generation number, and a result a later change has superseded is
// dropped. A knob change evaluates again on the cached analysis, and the
// sweep beside a swept control is remembered on it (pipeline.CachedSweep),
// so moving that control does not sweep again. Exact token counts are made
// in a background job (package tui/tokenview) while the heuristic's counts
// stand in, marked pending, so no frame waits for a vocabulary to load or
// a large set to be counted. An LLM summary call in flight is reported by
// its evaluation (summary_cancel.go), so esc can cancel it and evaluate
// again with the extractive summary standing in. Export writes its files
// as streams, so a set of any size costs a buffer beside what the
// workbench holds: messages.json through internal/jsonout's indent
// writer, scenario.yaml through scenario.Write (a batch of items
// at a time, long texts double-quoted a window at a time).
//
// What a pane holds is bounded by what it draws, not by the input. The
// list keeps of each row only its document and whether it left (package
// tui/rows); its glyph, numbers and note are read from the trace when
// the row is drawn or measured (rows.Look), and the pipeline strip's
// counts come from the trace's. A view draws at most the
// first 256 KiB of a text (draw.Head), the inspector an excerpt as
// long, and a long source is quoted by its ends (draw.Source).
//
// The terminal is given back on every way out: run.go runs the program
// through term.Run (package tui/term), and crashtest_on.go exists only in
// a build with -tags ctxlab_crashtest, for the tmux test that panics in
// each place.
package tui
