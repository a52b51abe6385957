// Package views draws the workbench's views that are functions of what
// they are given and nothing else: the Context view (context.go: the
// messages as sent, the assembler's cuts, the tools, the citation map),
// the Memory view (memory.go, format_memory.go), the Metrics view
// (metrics.go), the Compare view (compare.go) and the agent step a
// request was built for (agent_step.go). Each takes the styles, a
// read-only core.Evaluation (or core.Comparison) and a width, and
// returns the text its pane scrolls; the root model decides which is
// shown and keeps the scroll.
//
// looks.go holds the glyphs and styles other panes share with them: a
// finding's severity, a window component's colour. overflow_words.go is
// how the workbench words an overflow and the budget's problem.
package views
