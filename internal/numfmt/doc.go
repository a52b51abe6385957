// Package numfmt writes counts the one way every report, note and pane
// of ctxlab writes them: digits grouped by commas (12,345) and the noun in
// the number the count takes. Python's reference output has its own float
// spelling (core's pycompat.floatRepr); this package is only for what ctxlab
// itself says.
package numfmt
