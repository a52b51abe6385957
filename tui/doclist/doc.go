// Package doclist is the workbench's document list, view 1's left pane:
// a row per document of the pipeline stage it shows, with its fate's
// glyph, its number, score and tokens, its source and a note, a cursor
// over the rows and the scroll that keeps it on screen. x hides the
// documents the pipeline removed, [ and ] step through the stages, n goes
// to the next row the last change moved (marked ◆), and with a baseline
// pinned a row whose document's fate changed against it says how ("+ in",
// "− out", "✂ cut", ...), b listing those rows first.
//
// The Model owns the rows, the cursor, the stage, whether removed
// documents are hidden and its keys. Update turns a key into an Action
// the workbench carries out (rebuild the rows, give the inspector the
// keyboard, clear the filter); Refresh rebuilds the rows from an
// evaluation, the filter and the changes against the baseline, keeping
// the cursor on its document. What a row shows is read from the trace as
// it is drawn (package tui/rows); View draws only the rows on screen,
// each cached by its document, the width and its state, so a list of
// 10,000 documents scrolls as fast as a short one. The workbench draws
// the box around it with Title.
package doclist
