// Package cursor is a cursor over a list's rows and the scroll offset
// that keeps it on screen, with the movement keys such a list answers
// (↑/↓ and j/k, pgup/pgdn, g/G), so the lists in packages of their own
// move alike.
package cursor
