// Package views draws the workbench's views that are functions of what
// they are given and nothing else: the Context view (context.go: the
// messages as sent, the assembler's cuts, the tools, the citation map),
// the Ordering view (ordering.go: rank against slot, the attention curve;
// rerank.go: the two-stage retrieval), the Memory view (memory.go,
// format_memory.go), the Metrics view (metrics.go), the Compare view
// (compare.go), the agent step a request was built for (agent_step.go) and
// the legend that `?` turns to (legend.go: every glyph, label and colour
// the screen draws). Each takes the styles, a read-only core.Evaluation
// (or core.Comparison) and a width, and returns the text its pane scrolls;
// the root model decides which is shown and keeps the scroll.
//
// looks.go holds the glyphs and styles other panes share with them: a
// finding's severity, a window component's colour and its fill without
// colour. The fates of documents are drawn as package tui/rows says.
// overflow_words.go is how the workbench words an overflow and the
// budget's problem.
package views
