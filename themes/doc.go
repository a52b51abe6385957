// Package themes holds ctxlab's palettes and the Styles built from them.
// Nothing else in ctxlab defines a colour: panes receive a *Styles and use
// its fields, so switching theme is replacing one pointer.
package themes
