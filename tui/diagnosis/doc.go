// Package diagnosis is the workbench's Diagnosis view and the line above
// the panes that points to it: every finding of the evaluation worst
// first, one sentence each with the rows it is about (view.go), a cursor
// over the findings and over the chosen one's rows (pane.go), and the
// worst finding in one line, its sentence shortened word by word before
// it is cut (line.go).
//
// A Pane holds only the cursor: it is given the evaluation and the
// viewport it scrolls in (the workbench's text pane, shared with views
// 2 to 5, which keeps each view's own scroll position), and a key
// returns an Action: the cursor moved, back to the list, or go to the
// chosen row (ChosenRef), which the workbench shows where it shows that
// row. The view and the line are functions of the evaluation, the
// styles and a width.
package diagnosis
