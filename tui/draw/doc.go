// Package draw holds the workbench's text drawing helpers, which know
// cells and styles but nothing of the model: cutting and padding to a
// width (text.go), cutting a source by its middle so both its ends stay
// (elide.go), wrapping with a hanging indent in one pass over a word of
// any length (wrap.go), the start of a long text a view draws and the
// line saying how much it leaves out (drawn_text.go), a source as every
// view quotes it (source.go), a bar of used against allocated (meter.go),
// and a frame painted with a theme's own background (paint.go).
//
// A view draws at most the first 256 KiB of a text (Limit, Head), and a
// long text is measured on its start alone (Truncate, HangingWrap), so
// no frame costs time in proportion to the input.
package draw
