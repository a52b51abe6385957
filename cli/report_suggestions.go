package cli

import (
	"fmt"
	"io"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/fix"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// maxDocumentsListed bounds the documents a suggestion names; the count
// says how many more change.
const maxDocumentsListed = 5

// writeSuggestions is assemble --suggest's last section: the fixes best
// first, each with what it does to the request and the flags that apply
// it, to paste into the same command.
func writeSuggestions(w io.Writer, fixes []fix.Fix, ev *core.Evaluation) {
	fmt.Fprintf(w, "\nSuggested fixes (%s, best first)\n", numfmt.Thousands(len(fixes)))
	switch {
	case len(fixes) == 0 && ev.Overflow == nil && len(ev.Findings) == 0:
		fmt.Fprintln(w, "  none needed: the request fits and nothing was cut or lost")
		return
	case len(fixes) == 0:
		fmt.Fprintln(w, "  none: no change of settings helps this request, nor dropping or cutting its largest tool result or message")
		return
	}
	for i, f := range fixes {
		p := f.Preview
		fmt.Fprintf(w, "  %d. %s\n", i+1, safetext.Line(f.Description))
		fmt.Fprintf(w, "     request: %s → %s tokens of %s max input (%s) · %s\n",
			numfmt.Thousands(p.UsedBefore), numfmt.Thousands(p.UsedAfter), numfmt.Thousands(p.MaxInputAfter),
			savedLabel(p.TokensSaved()), fitsLabel(p))
		fmt.Fprintf(w, "     lost: %s\n", safetext.Line(p.Loss.Words()))
		facts := fixFacts(f)
		fmt.Fprintf(w, "     %s %s\n", fixMark(facts.Classify()), facts.Words())
		if parts := componentChanges(p); len(parts) > 0 {
			fmt.Fprintf(w, "     components: %s\n", strings.Join(parts, ", "))
		}
		if len(p.Documents) > 0 {
			fmt.Fprintf(w, "     documents: %s\n", documentChanges(p.Documents))
		}
		writeFindingChanges(w, p)
		fmt.Fprintf(w, "     apply: %s\n", safetext.Line(strings.Join(f.Flags, " ")))
	}
}

// writeFindingChanges says which findings the fix clears, by their code
// and rows (the reader has their sentences above), and which it raises,
// in full: a new warning is what the fix costs besides tokens.
func writeFindingChanges(w io.Writer, p core.Preview) {
	if len(p.FindingsGone) > 0 {
		gone := make([]string, len(p.FindingsGone))
		for i, f := range p.FindingsGone {
			gone[i] = safetext.Line(fix.FindingAbout(f))
		}
		fmt.Fprintf(w, "     findings gone: %s\n", strings.Join(gone, "; "))
	}
	for _, f := range p.FindingsAppeared {
		fmt.Fprintf(w, "     finding new: %s %s: %s\n", severityMark[f.Severity], f.Code, safetext.Line(f.Message))
	}
}

func savedLabel(saved int) string {
	switch {
	case saved > 0:
		return numfmt.Count(saved, "token", "tokens") + " saved"
	case saved < 0:
		return numfmt.Count(-saved, "token", "tokens") + " more"
	}
	return "same size"
}

func fitsLabel(p core.Preview) string {
	switch {
	case p.Fits && !p.FitsBefore:
		return "fits"
	case p.Fits:
		return "still fits"
	case p.FitsBefore:
		return "no longer fits: over by " + numfmt.Thousands(p.UsedAfter-p.MaxInputAfter)
	}
	return "still over by " + numfmt.Thousands(p.UsedAfter-p.MaxInputAfter)
}

// componentChanges lists the lines whose tokens the fix moves.
func componentChanges(p core.Preview) []string {
	var parts []string
	for _, c := range p.Components {
		if c.UsedBefore == c.UsedAfter {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %s → %s (%s)", window.ComponentWords(c.Name), numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), signed(c.UsedAfter-c.UsedBefore)))
	}
	return parts
}

// documentChanges names the first documents that change fate and counts
// the rest.
func documentChanges(docs []core.DocumentChange) string {
	parts := make([]string, 0, maxDocumentsListed+1)
	for _, d := range docs[:min(len(docs), maxDocumentsListed)] {
		parts = append(parts, fmt.Sprintf("#%d %s %s", d.Index+1, safetext.Line(d.Source), d.Transition()))
	}
	if more := len(docs) - maxDocumentsListed; more > 0 {
		parts = append(parts, fmt.Sprintf("and %s more", numfmt.Thousands(more)))
	}
	return core.DocumentChangesHeading(docs) + ": " + strings.Join(parts, "; ")
}

// signed writes a change with its sign: +1,234 or −567.
func signed(n int) string {
	if n < 0 {
		return "−" + numfmt.Thousands(-n)
	}
	return "+" + numfmt.Thousands(n)
}

// suggestionJSON is one entry of assemble --suggest --format json's
// suggestions list.
type suggestionJSON struct {
	Kind        string   `json:"kind"`
	Description string   `json:"description"`
	Flags       []string `json:"flags"`
	TokensSaved int      `json:"tokens_saved"`
	Fits        bool     `json:"fits"`
	// FindingsGone and FindingsAppeared are the findings the fix makes go
	// away and appear, in the findings list's shape.
	FindingsGone     []diagnose.Finding `json:"findings_gone"`
	FindingsAppeared []diagnose.Finding `json:"findings_appeared"`
	// Lossless is true when the fix cuts or drops nothing sent; Lost
	// says what it does cut and drop.
	Lossless bool     `json:"lossless"`
	Lost     lossJSON `json:"lost"`
}

// lossJSON is core.Loss: the components cut, the messages (numbered as
// sent, from 1) and tools dropped or cut, the documents no longer sent.
type lossJSON struct {
	Components      []lossComponentJSON `json:"components_cut"`
	MessagesDropped []int               `json:"messages_dropped"`
	MessagesCut     []int               `json:"messages_cut"`
	ToolsDropped    []string            `json:"tools_dropped"`
	HistoryDropped  int                 `json:"history_dropped"`
	DocumentsOut    int                 `json:"documents_out"`
	DocumentsCut    int                 `json:"documents_cut"`
	Words           string              `json:"words"`
}

type lossComponentJSON struct {
	Name   string `json:"name"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

func lossReport(l core.Loss) lossJSON {
	out := lossJSON{Components: []lossComponentJSON{}, MessagesDropped: nonNilInts(l.MessagesDropped), MessagesCut: nonNilInts(l.MessagesCut),
		ToolsDropped: l.ToolsDropped, HistoryDropped: l.HistoryDropped, DocumentsOut: l.DocumentsOut, DocumentsCut: l.DocumentsCut, Words: l.Words()}
	if out.ToolsDropped == nil {
		out.ToolsDropped = []string{}
	}
	for _, c := range l.Components {
		out.Components = append(out.Components, lossComponentJSON{Name: c.Name, Before: c.UsedBefore, After: c.UsedAfter})
	}
	return out
}

func nonNilInts(list []int) []int {
	if list == nil {
		return []int{}
	}
	return list
}

func suggestionsJSON(fixes []fix.Fix) []suggestionJSON {
	out := make([]suggestionJSON, 0, len(fixes))
	for _, f := range fixes {
		out = append(out, suggestionJSON{Kind: f.Kind, Description: f.Description, Flags: f.Flags,
			TokensSaved: f.Preview.TokensSaved(), Fits: f.Preview.Fits,
			FindingsGone: nonNilFindings(f.Preview.FindingsGone), FindingsAppeared: nonNilFindings(f.Preview.FindingsAppeared),
			Lossless: f.Preview.Lossless(), Lost: lossReport(f.Preview.Loss)})
	}
	return out
}
