package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
)

// spaceTop is how many items the text report ranks unless --full.
const spaceTop = 10

// writeSpaceSection ranks what takes the space in the request, largest
// first: components and their pieces (tool definitions, messages, tool
// calls and results, documents), so a person sees which single piece to
// cut, not only which component is large.
func writeSpaceSection(w io.Writer, ev *core.Evaluation, full bool) {
	items := ev.Space()
	if len(items) == 0 {
		return
	}
	a := ev.Assembly
	shown := items
	heading := fmt.Sprintf("all %s", numfmt.Thousands(len(items)))
	if !full && len(items) > spaceTop {
		shown = items[:spaceTop]
		heading = fmt.Sprintf("top %d of %s; --full lists all", spaceTop, numfmt.Thousands(len(items)))
	}
	// A reserve that leaves no room for input makes a share of the max
	// input meaningless: only the window's is shown then.
	hasInput := a.MaxInput > 0
	if hasInput {
		fmt.Fprintf(w, "What takes the space (%s · shares of the %s-token window and the %s max input)\n",
			heading, numfmt.Thousands(a.Window), numfmt.Thousands(a.MaxInput))
	} else {
		fmt.Fprintf(w, "What takes the space (%s · shares of the %s-token window; the reserve leaves no input room)\n",
			heading, numfmt.Thousands(a.Window))
	}
	header := []string{"rank", "what", "kind", "tokens", "window", "max input", "notes"}
	align := "rllrrrl"
	if !hasInput {
		header, align = append(header[:5:5], "notes"), "rllrrl"
	}
	rows := [][]string{header}
	for i, it := range shown {
		note := ""
		if it.Cut > 0 {
			note = fmt.Sprintf("%s cut to fit its allocation", numfmt.Thousands(it.Cut))
		}
		row := []string{numfmt.Thousands(i + 1), it.Label, core.SpaceKindWords(it.Kind),
			numfmt.Thousands(it.Tokens), sharePct(it.ShareOfWindow)}
		if hasInput {
			row = append(row, sharePct(it.ShareOfInput))
		}
		rows = append(rows, append(row, note))
	}
	// The names are from input, written a window at a time: a document's
	// is its label and its source, which may be as long as the document,
	// and is not joined into one cell.
	var row [][]string
	cells := func(i int) [][]string {
		row = row[:0]
		for c := range rows[i] {
			row = append(row, rows[i][c:c+1])
		}
		if i > 0 {
			row[1] = shown[i-1].NameParts()
		}
		return row
	}
	writeTableParts(w, len(rows), cells, align, []bool{false, true})
	fmt.Fprintln(w)
}

// sharePct prints a share as a percentage, and a share too small for
// one decimal as under 0.1% rather than a misleading 0.0%.
func sharePct(share float64) string {
	if share > 0 && share < 0.001 {
		return "<0.1%"
	}
	return pct(share)
}

// spaceJSON is one item of the JSON report's space list.
type spaceJSON struct {
	Kind          string    `json:"kind"`
	Label         jsonParts `json:"label"`
	Component     string    `json:"component"`
	Tokens        int       `json:"tokens"`
	Cut           int       `json:"cut"`
	ShareOfWindow float64   `json:"share_of_window"`
	ShareOfInput  float64   `json:"share_of_input"`
}

// spaceReport is what takes the space, ranked, for the JSON report; every
// item is listed, whatever --full says, since a script filters itself.
func spaceReport(ev *core.Evaluation) []spaceJSON {
	items := ev.Space()
	out := make([]spaceJSON, len(items))
	for i, it := range items {
		out[i] = spaceJSON{Kind: string(it.Kind), Label: it.NameParts(), Component: it.Component, Tokens: it.Tokens, Cut: it.Cut,
			ShareOfWindow: it.ShareOfWindow, ShareOfInput: it.ShareOfInput}
	}
	return out
}

// jsonParts is a JSON string given in parts, encoded as their join: the
// streamed report writes the parts one after another instead
// (holdLongRest), so a document's source is not joined into its name.
type jsonParts []string

func (p jsonParts) MarshalJSON() ([]byte, error) { return json.Marshal(strings.Join(p, "")) }
