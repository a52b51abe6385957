// Package termsvg draws a captured terminal screen (text with SGR colour
// escapes, as tmux capture-pane -p -e prints it) as an SVG image: one cell
// per column, monospace text in the screen's colours on a background, so
// the README can show the workbench as it looks. Box-drawing lines and
// block elements are drawn as shapes, so borders meet and bars are solid
// whatever font the viewer has; all text is escaped for XML.
package termsvg
