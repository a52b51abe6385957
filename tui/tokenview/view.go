package tokenview

import (
	"fmt"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/inspector"
	"ctxlab/tui/views"
)

// Separator parts tokens where colour cannot: NO_COLOR and the mono
// theme.
const Separator = "▏"

// tokenControls draws a token's line break and tab. Made once: a
// replacer built for each token cost 100 bytes of tables per byte of the
// text shown.
var tokenControls = strings.NewReplacer("\n", "↵\n", "\t", "→")

// Write shows text as the tokenizer reads it, as tiktokenizer does:
// each token in alternating shades (split by ▏ without colour), a line
// break drawn as ↵ and a tab as →, then the token ids. Every piece is
// made inert with safetext before it is styled.
func Write(b *strings.Builder, st *themes.Styles, tok tokens.Tokenizer, text string, width int) {
	if tok == nil {
		draw.WriteWrapped(b, st.Muted, "computing…", width)
		return
	}
	pieces := tokens.Pieces(tok, text)
	var marked strings.Builder
	var ids []string
	for i, p := range pieces {
		style := st.Text
		if i%2 == 1 {
			style = st.Accent
		}
		if st.Mono && i > 0 {
			marked.WriteString(st.Muted.Render(Separator))
		}
		shown := tokenControls.Replace(safetext.Sanitize(p.Text))
		for k, line := range strings.Split(shown, "\n") {
			if k > 0 {
				marked.WriteByte('\n')
			}
			if line != "" {
				marked.WriteString(style.Render(line))
			}
		}
		for _, id := range p.IDs {
			ids = append(ids, strconv.Itoa(id))
		}
	}
	for _, l := range draw.Wrap(marked.String(), max(10, width)) {
		b.WriteString(l + "\n")
	}
	if len(ids) == 0 {
		draw.WriteWrapped(b, st.Muted, fmt.Sprintf("%s reads %s as %s; it has no token ids", tok.Name(),
			numfmt.Count(len(pieces), "piece", "pieces"), numfmt.Count(tok.Count(text), "token", "tokens")), width)
		return
	}
	draw.WriteWrapped(b, st.Muted, fmt.Sprintf("%s token ids: %s", numfmt.Thousands(len(ids)), strings.Join(ids, " ")), width)
}

// Context is the Context view's content with every message of ev's
// request shown as tokens under its settings' tokenizer, width cells
// wide.
func Context(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	tok := ev.Settings.Pipeline.Tokenizer
	var b strings.Builder
	views.WriteTitled(&b, st, "Assembled request as tokens", fmt.Sprintf("· %s · T shows the text again", tok.Name()), width)
	for i, msg := range ev.Assembly.Messages {
		b.WriteByte('\n')
		views.WriteRule(&b, st, numfmt.Thousands(i+1)+" "+safetext.Line(msg.Role)+" · "+numfmt.Count(tok.Count(msg.Content), "token", "tokens"), width)
		// As the text view draws it: the start of a long message (its
		// last token may be cut short where the start ends).
		content, hidden := draw.Head(msg.Content)
		Write(&b, st, tok, content, width)
		draw.WriteNotDrawn(&b, st, hidden, width)
	}
	return b.String()
}

// Inspector is the inspector's content with document doc's text shown
// as tokens under ev's settings' tokenizer, width cells wide.
func Inspector(st *themes.Styles, ev *core.Evaluation, doc, width int) string {
	tok := ev.Settings.Pipeline.Tokenizer
	content := ev.Documents[doc].Content
	var b strings.Builder
	name := "the tokenizer"
	if tok != nil {
		name = tok.Name()
	}
	views.WriteTitled(&b, st, "As tokens", fmt.Sprintf("· %s · T shows the text again", name), width)
	// A token view of a whole 50 MB document froze the update loop as the
	// text view did; the excerpt's last token may be cut short where the
	// excerpt ends.
	content, omitted := inspector.Excerpt(content, -1)
	Write(&b, st, tok, content, width)
	if omitted != "" {
		draw.WriteWrapped(&b, st.Muted, omitted, width)
	}
	return b.String()
}
