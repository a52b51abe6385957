package cli

import "io"

// writeLong writes parts one after the other, as they are: a line of a
// text report that holds a document, its source or a finding naming it
// is written where the text lies, never formatted into a string first.
// fmt builds each line whole in a buffer it grows by doubling, so one
// line of a 50 MB source cost up to 100 MB beside the source, and a
// report prints a long source four times. The writers are bufio.Writers,
// whose errors stick until the report's Flush.
func writeLong(w io.Writer, parts ...string) {
	for _, p := range parts {
		io.WriteString(w, p)
	}
}
