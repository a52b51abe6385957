// Package cursor is a cursor over a list's rows and the scroll offset
// that keeps it on screen, with the movement keys such a list answers
// (↑/↓ and j/k, pgup/pgdn, g/G): the document list, view 6 (package
// tui/space) and the Eval view's table (package tui/evalview) share it,
// so their movement keys behave alike.
package cursor
