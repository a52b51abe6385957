// Package inspector is what the workbench's inspector shows of one
// document: its title (Title) and its text (Content): the fate at each
// stage and why, its counts under every tokenizer, its duplicate
// relations, and its content with the shingles it shares highlighted,
// the filter's matches marked and the cut point drawn. It reads a
// core.Evaluation and never changes it; the rows' numbers and fates come
// from package tui/rows, so the inspector and the list say the same.
//
// The content is laid out in the update loop, so it is bounded by what a
// reader scrolls, not by the document: at most TextLimit bytes of the
// text, reaching a little past a cut near that limit, with a note of what
// is left out (Excerpt). The pane that scrolls it, its keys and the
// counts it caches are the root package's (inspector_pane.go).
package inspector
