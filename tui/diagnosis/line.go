package diagnosis

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/views"
)

// wideFindingLine is the width from which the line names the view in
// full; narrower, the key and the count say it, leaving the room to the
// finding.
const wideFindingLine = 120

// parenthesized is an aside in a finding's sentence: " (rank 2, score
// 0.91)".
var parenthesized = regexp.MustCompile(` \([^()]*\)`)

// Line is the first screen's word on the findings: the worst one
// in one line, cut with … rather than wrapped so the layout never moves,
// and the key that lists them all. It is always there, so a setting that
// clears the last finding does not shift the panes below. When the
// banner above already states the worst finding, the line gives the next
// one ("also: …") rather than say it twice.
func Line(st *themes.Styles, ev *core.Evaluation, width int, bannerSaysWorst bool) string {
	inner := width - 1
	switch {
	case ev == nil:
		return draw.PadRight(" "+st.Muted.Render("computing the findings… · d: diagnosis"), width)
	case len(ev.Findings) == 0:
		return draw.PadRight(" "+st.Included.Render("✓")+st.Muted.Render(" no findings: nothing was cut, lost or estimated · d: diagnosis"), width)
	}
	count := numfmt.Plural(len(ev.Findings), "1 finding", numfmt.Thousands(len(ev.Findings))+" findings")
	// f is named where there is room: a new user reads this line first,
	// and the fixes are otherwise found only in the help.
	key := " · d: diagnosis (" + count + ") · f: fixes"
	if width < wideFindingLine {
		key = " · d: " + count
	}
	shown, lead := ev.Findings[0], ""
	if bannerSaysWorst {
		if len(ev.Findings) == 1 {
			return draw.PadRight(" "+st.Muted.Render("the banner above is the only finding"+key), width)
		}
		shown, lead = ev.Findings[1], "also: "
	}
	glyph, _, style := views.SeverityLook(st, shown.Severity)
	room := inner - lipgloss.Width(glyph) - 1 - len(lead) - lipgloss.Width(key)
	sentence := safetext.Line(shortenFinding(ev, shown, room))
	if short := " · d: " + count; lipgloss.Width(sentence) > room && key != short {
		// The finding's own words matter more than the view's name.
		room += lipgloss.Width(key) - lipgloss.Width(short)
		key = short
		sentence = safetext.Line(shortenFinding(ev, shown, room))
	}
	if short, ok := shortForm(ev, shown); ok && lipgloss.Width(sentence) > room {
		// The kind's short form keeps the fact a cut would lose.
		sentence = safetext.Line(short)
	}
	sentence = draw.Truncate(keepTheDifference(sentence, room), max(1, room))
	return draw.PadRight(" "+style.Render(glyph)+" "+st.Muted.Render(lead)+st.Text.Render(sentence)+st.Muted.Render(key), width)
}

// shortenFinding fits a finding's sentence to room cells as far as
// words can be spared before it is cut: first the asides in parentheses
// (ranks, scores, token counts), then the sources after document numbers,
// since who was dropped for whom says more in one line than why or where,
// then connecting phrases.
func shortenFinding(ev *core.Evaluation, f diagnose.Finding, room int) string {
	sentence := f.Message
	if lipgloss.Width(sentence) <= room {
		return sentence
	}
	sentence = dropAsides(sentence)
	if lipgloss.Width(sentence) <= room {
		return sentence
	}
	for _, r := range f.Refs {
		if r.Kind != diagnose.RefDocument {
			continue
		}
		if doc, ok := ev.EvaluatedIndex(r.Index); ok && doc < len(ev.Documents) && ev.Documents[doc].Source != "" {
			label := r.Label()
			sentence = dropSource(sentence, label, diagnose.QuotedSource(ev.Documents[doc].Source))
		}
	}
	if lipgloss.Width(sentence) <= room {
		return sentence
	}
	sentence = spareWords.Replace(sentence)
	if lipgloss.Width(sentence) <= room {
		return sentence
	}
	sentence = staleClause.ReplaceAllString(sentence, ".")
	if lipgloss.Width(sentence) <= room {
		return sentence
	}
	return tightWords.Replace(sentence)
}

// dropAsides is parenthesized.ReplaceAllString(sentence, "") without
// its copies: the sentence itself when it has no aside, else one string
// of the size left. A finding names a document by its source, which may
// be as long as the document, and the line is drawn on every frame:
// ReplaceAllString copied a 48 MB sentence into a buffer grown by
// doubling and then into its result, 96 MB or more a frame, which set
// the workbench's peak on a document whose source was 50 MB.
func dropAsides(sentence string) string {
	asides := parenthesized.FindAllStringIndex(sentence, -1)
	if len(asides) == 0 {
		return sentence
	}
	size := len(sentence)
	for _, a := range asides {
		size -= a[1] - a[0]
	}
	var b strings.Builder
	b.Grow(size)
	done := 0
	for _, a := range asides {
		b.WriteString(sentence[done:a[0]])
		done = a[1]
	}
	b.WriteString(sentence[done:])
	return b.String()
}

// dropSource is strings.ReplaceAll(sentence, label+" "+source, label)
// without writing that needle: a source may be as long as its document,
// and the line is drawn on every frame (50 MB a frame for one source).
func dropSource(sentence, label, source string) string {
	prefix := label + " "
	var b strings.Builder
	done, from := 0, 0 // sentence[:done] is written or unchanged; the next match starts at from or after
	for {
		i := strings.Index(sentence[from:], prefix)
		if i < 0 {
			break
		}
		at := from + i
		end := at + len(prefix) + len(source)
		if !strings.HasPrefix(sentence[at+len(prefix):], source) {
			from = at + 1
			continue
		}
		b.WriteString(sentence[done:at])
		b.WriteString(label)
		done, from = end, end
	}
	if done == 0 {
		return sentence
	}
	b.WriteString(sentence[done:])
	return b.String()
}

// tightWords shorten the front of a finding further, in the words
// spareWords left, so that an 80-column line keeps who was sent for whom
// and what differs.
var tightWords = strings.NewReplacer(
	" was dropped while a weaker copy, ", " dropped; weaker copy ",
	", is sent as ", " sent as ",
)

// keepTheDifference fits a sentence that ends with what two texts differ
// in ("…: 60 days → 30 days.") by cutting its front, not that end: on a
// narrow line the difference is the fact a user acts on.
func keepTheDifference(sentence string, room int) string {
	if lipgloss.Width(sentence) <= room || !strings.Contains(sentence, " → ") {
		return sentence
	}
	colon := strings.LastIndex(sentence[:strings.Index(sentence, " → ")], ": ")
	if colon < 0 {
		return sentence
	}
	front, tail := sentence[:colon], sentence[colon:]
	keep := room - lipgloss.Width(tail)
	if keep < lipgloss.Width(front)/2 {
		// Too little of the front would be left to say what differs.
		return sentence
	}
	return draw.Truncate(front, keep) + tail
}

// staleClause is the findings' guess at which copy is stale ("; #34 is
// probably the stale one."): the Diagnosis view says it in full, and a
// narrow line keeps who was sent for whom and what differs first.
var staleClause = regexp.MustCompile(`; #[0-9]+ is probably the stale one\.$`)

// spareWords are the findings' connecting phrases a line can do without
// before it cuts the facts that follow them (the words that differ).
var spareWords = strings.NewReplacer(
	"a similar but weaker text, ", "a weaker copy, ",
	"; where they differ: ", ": ",
)
