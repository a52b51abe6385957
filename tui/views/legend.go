package views

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/window"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// legendEntry is one line of the legend: a mark as the screen draws it,
// in the style it is drawn with, and what it means.
type legendEntry struct {
	mark  string
	style func(st *themes.Styles) lipgloss.Style
	means string
}

// legendSection is a titled group of entries: where on screen they are.
type legendSection struct {
	title   string
	entries []legendEntry
}

// The styles legend entries are drawn in, by name: a fate's is its
// row tone's, exactly as the document list draws it.
var (
	inIncluded   = inTone(rows.ToneIncluded)
	inPartial    = inTone(rows.TonePartial)
	inSummarized = inTone(rows.ToneSummarized)
	inExcluded   = inTone(rows.ToneExcluded)
	inDuplicate  = inTone(rows.ToneDuplicate)
	inFiltered   = inTone(rows.ToneFiltered)
	inPlain      = inTone(rows.TonePlain)
	inText       = func(st *themes.Styles) lipgloss.Style { return st.Text }
	inMuted      = func(st *themes.Styles) lipgloss.Style { return st.Muted }
	inFaint      = func(st *themes.Styles) lipgloss.Style { return st.Faint }
	inAccent     = func(st *themes.Styles) lipgloss.Style { return st.Accent }
	inChanged    = func(st *themes.Styles) lipgloss.Style { return st.Changed }
	inWarn       = func(st *themes.Styles) lipgloss.Style { return st.Warn }
	inAlert      = func(st *themes.Styles) lipgloss.Style { return st.Alert }
	inFree       = func(st *themes.Styles) lipgloss.Style { return st.Free }
	inCutMarker  = func(st *themes.Styles) lipgloss.Style { return st.CutMarker }
	inFocused    = func(st *themes.Styles) lipgloss.Style { return st.ControlFocused }
)

func inTone(t rows.Tone) func(st *themes.Styles) lipgloss.Style {
	return func(st *themes.Styles) lipgloss.Style { return t.Style(st) }
}

// componentMeanings say what each line of the budget holds, in the
// order the window bar stacks them; the legend puts the component's
// words before it, which tie the short form the narrow grid shows to the
// name every other screen uses.
var componentMeanings = map[string]string{
	window.ComponentSystem:      "the instructions sent first",
	window.ComponentTools:       "the tools the model may call, as the API is sent them",
	window.ComponentHistory:     "the chat history the memory strategy kept",
	window.ComponentRAG:         "the documents the pipeline put in its context block (RAG: retrieval-augmented generation)",
	window.ComponentToolResults: "the results of tool calls (in the chat layout, with the calls that asked for them)",
	window.ComponentQuery:       "the user's question",
	window.ComponentLabels:      "the headings the assembler adds itself",
	window.ComponentFraming:     "the tokens each chat message's format costs (" + FramingAndHeadings + ", or " + window.ComponentShort(window.ComponentFraming) + "+, is the two together)",
	window.ComponentReserve:     "the tokens kept free for the reply; not input",
}

// legendSections is every glyph, label and colour the screen draws,
// grouped by where it appears. The component lines are built from the
// theme, so each shows its own bar colour (and its fill without colour).
func legendSections(st *themes.Styles) []legendSection {
	var components []legendEntry
	for _, name := range window.ComponentNames {
		fill := "█"
		if st.Mono {
			fill = MonoFill(name)
		}
		components = append(components, legendEntry{
			mark:  strings.Repeat(fill, 2) + " " + window.ComponentShort(name),
			style: func(st *themes.Styles) lipgloss.Style { return ComponentStyle(st, name) },
			means: window.ComponentWords(name) + ": " + componentMeanings[name],
		})
	}
	bars := append(components,
		legendEntry{"░░", inFree, "free: tokens of the window or of an allocation nobody uses"},
		legendEntry{MonoFills(), inText, "without colour (NO_COLOR, --theme mono) the window bar and the component bars tell components apart by these fills, in the order above"},
		legendEntry{"▏▎▍▌▋▊▉", inText, "the last cell of a bar, filled by eighths, so small changes show"},
		legendEntry{"279/800", inText, "tokens used of the component's allocation"},
		legendEntry{"32 tok", inText, "tokens of a line no allocation covers"},
		legendEntry{"2,000 reply", inText, "the reserve: tokens the reply may use, not part of the input"},
		legendEntry{"▲ over by N", inExcluded, "over its allocation by N tokens (▲ +N when narrow); on the window bar, the request is over the max input"},
		legendEntry{"✂ cut at U of R", inPartial, "the assembler cut the component from R tokens to U, its allocation (✂ cut from R, or ✂ of R, when narrow)"},
		legendEntry{"✂ kept U of R whole", inPartial, "chat layout: whole messages or tool definitions kept, U of R tokens, the oldest dropped (✂ kept from R, or ✂ of R, when narrow)"},
		legendEntry{"+N over (headers H, U left unspent)", inWarn, "the reference does not budget its --- Source [i] --- headers, so the context block it builds is N tokens over its budget before the assembler cuts it: its H tokens of headers less the U the budget walk left unspent (+N over when narrow); headers +H when the block still fits"},
		legendEntry{"▲ +N = headers", inExcluded, "the retrieved context's excess is those headers, give or take a few tokens (= hdr when narrow)"},
		legendEntry{"limited by", inText, "the window bar's end names what limits the request: the allocations that cut or dropped something, the max input it is over, or everything fits"},
	)
	return []legendSection{
		// First: why documents are left out and counted twice is what a
		// newcomer asks of the first screen, and the hint under the strip
		// sends them here (?? why).
		{"Pipeline strip, and the line under it", []legendEntry{
			{"Input 60 ─►", inText, "the stages in order, each with its count; the highlighted one is what the list shows (› when narrow)"},
			{"−4", inText, "documents that left at this stage"},
			{"11✓ 1✂ 38✗", inText, "documents included, cut and left out by the budget: the pipeline's walk, whose budget is the retrieved context's allocation"},
			{"Reorder off", inText, "lost-in-the-middle is off; skipped when 3 or fewer documents remain"},
			{"after the assembler 9✓ 1✂ 40✗", inPartial, "the same documents counted again, as they are sent: the block the walk kept holds tokens it did not count (in reference mode its --- Source --- headers), so the assembler cuts the block to the allocation once more and a few more documents are cut or lost. The Budget list shows these (Final when narrow)"},
			{"ℹ 40 left out … decides", inMuted, "the line under the strip: documents left out though the window has room. Each component gets an allocation of the window; the retrieved context's allocation, not the window, decides how many documents are sent. Raise it with the RAG budget control (c) or a preset"},
			{"Rerank 60→30→12", inMuted, "two-stage retrieval: candidates, retrieved by score, kept by BM25"},
		}},
		{"Fates: document list, inspector, memory", []legendEntry{
			{"✓", inIncluded, "included: sent whole; [n] is its citation number in the context"},
			{"✂", inPartial, "cut: only part was sent, tokens kept of its total"},
			{"Σ", inSummarized, "summarized: a synopsis was sent in its place (summarize overflow on)"},
			{"✗", inExcluded, "left out: over the budget, or cut out by the assembler; in the Memory view a dropped message"},
			{"≈", inDuplicate, "near duplicate of document #n, struck out; J, or similarity, is how alike the two are (0 to 1)"},
			{"=", inDuplicate, "exact duplicate of document #n, struck out; “same URL as #n” (or same key): the same source by the dedup key, its text maybe not"},
			{"·", inFiltered, "filtered out: fewer tokens than the minimum, dimmed"},
			{"•", inPlain, "still in play at the stage shown, before the budget decides"},
			{"⚑", inAccent, "pinned message: kept by priority memory whatever its age"},
			{"◆", inChanged, "changed fate when a setting last changed; the mark stays until the next change, n goes to the next one"},
			{"▸", inAccent, "the selected row"},
			struckEntry(st),
		}},
		{"Notes beside a document (in words when the list is wide enough)", []legendEntry{
			{"score rank s", inText, "at the Sort stage: its place by score among every document, before dedup"},
			{"[n] rank r", inIncluded, "citation n; r is its rank after dedup (by score, among the documents dedup kept), before reordering"},
			{"rank a → b", inText, "lost-in-the-middle reordering moved it from rank a after dedup to slot b"},
			{"over · rank r", inExcluded, "left out: the budget was spent before its turn (r: its rank after dedup)"},
			{"cut 87/127", inPartial, "the builder kept 87 of its 127 tokens"},
			{"→ lost", inExcluded, "and then the assembler cut it out of the request"},
			{"→ cut", inPartial, "and then the assembler cut inside it as well"},
			{"lost in the assembler's cut", inExcluded, "cited, but the assembler cut it out when it cut the retrieved context to its allocation (lost: RAG cut when narrow)"},
			{"cut inside the retrieved context", inPartial, "cited, but the assembler's cut of the retrieved context ends inside it (RAG cut inside when narrow)"},
			{"2 tok < min 5", inFiltered, "filtered: 2 tokens, below the minimum of 5"},
			{"dropped: ≤100 left", inExcluded, "the article's builder stopped: 100 tokens or fewer were left"},
		}},
		{"Budget: the window bar and one bar per component", bars},
		{"Eval view (a, with a retrieval run)", []legendEntry{
			{"query ▲ / ▼", inText, "the table is sorted by this column, ascending or descending (s: next column, r: reverse)"},
			{"◆ q03", inChanged, "the query the other views show (enter opens another)"},
			{"recall none", inText, "no document judged relevant was retrieved for the query, so it has no context recall and is not in the mean"},
		}},
		{"Controls", []legendEntry{
			{"◂value▸", inText, "a setting: ←/→ change it"},
			{"● ○", inText, "on / off"},
			{"“text” ✎", inText, "typed text: enter edits it"},
			{"–label", inFaint, "does not apply to the current settings (followed by “(no effect now)” on a wide screen; focused, the strip says what it applies with)"},
			{"label ◂v▸ name ▁▃▅█", inText, "beside a focused control that can be swept: what it measures across the control's range, the current value marked (w: every measure)"},
			{"▶label◀", inFocused, "the focused control (reverse video with colour)"},
			{"↓ 2 more rows", inMuted, "more controls: scroll them with ↑/↓"},
		}},
		{"Findings: the line above the panes and the Diagnosis view (d)", []legendEntry{
			{"▲ error", inAlert, "the request cannot be sent as it is: over its max input, or allocations larger than the window"},
			{"⚠ warning", inWarn, "content was lost, cut, or may mislead: a strong document dropped, a conflicting copy, a component at its allocation"},
			{"ℹ info", inMuted, "worth knowing: an allocation mostly unused, a token count that is an estimate"},
			{"✓ no findings", inIncluded, "nothing was cut, lost or estimated"},
			{"about #15 · retrieved context", inMuted, "the rows a finding is about: documents by number, budget components, history messages, tool results; ▸ marks the one enter goes to"},
		}},
		{"Banners and views", []legendEntry{
			{"▲", inAlert, "the request is over the max input and would be rejected"},
			{"⚠", inAlert, "a warning: the allocations do not fit, a setting was refused, or the window is over 90% used"},
			{"✂", inCutMarker, "in a text: where a document or component was cut"},
			{"▁▂▃▄▅▆▇█", inAccent, "Ordering view: the attention a slot gets, by lost-in-the-middle's U curve"},
			{"▕", inMuted, "Ordering view: the chart's axis"},
			{"██▎░░", inText, "Space view (6): an item's tokens against the largest item's, in its component's colour; ✂ N cut is what the assembler cut of it"},
			{"▁▃▅█", inText, "beside a selected dedup, min tok or RAG budget control, and in the Sweep view (w): a measure across the knob's every value, lowest to highest"},
			{"▲ B", inAlert, "Sweep view: the current value and the pinned baseline; beside the control the current value's bar is in this colour"},
			{"┃", inText, "without colour: the current value's bar beside a swept control"},
		}},
		{"Compare view (v), and the document list's notes while a baseline is pinned (b lists those rows first)", []legendEntry{
			{"+ in", inIncluded, "a document sent now that the baseline did not send (+ restored: sent whole again)"},
			{"− out", inExcluded, "a document the baseline sent that is not sent now"},
			{"✂ cut", inPartial, "a document the baseline sent whole, now sent in part"},
			{"↕ moved", inChanged, "a document sent as before, at another place in the context"},
			{"≠ stage", inMuted, "a document not sent either way, left out by another stage (the budget now, the assembler before)"},
			{"− line", inExcluded, "a line of the request's text only in the baseline"},
			{"+ line", inIncluded, "a line only in the request now"},
			{"⋯", inMuted, "unchanged lines left out between two changes"},
		}},
		{"Text as tokens (T, in the inspector and the Context view)", []legendEntry{
			{"ab", inAccent, "each token in turn plain and highlighted, as the tokenizer reads the text; the token ids follow"},
			{"▏", inMuted, "between two tokens without colour (NO_COLOR, --theme mono)"},
			{"↵ →", inText, "a line break and a tab inside a token"},
		}},
	}
}

// Legend renders the legend in a width: per section a ruled
// title, then per entry its mark in the style the screen draws it with
// and its meaning, wrapped under itself.
func Legend(st *themes.Styles, width int) string {
	width = max(1, width)
	var lines []string
	for i, s := range legendSections(st) {
		// Each section aligns its meanings on its own widest mark: one
		// long label must not push every glyph's meaning far right.
		markW := 0
		for _, e := range s.entries {
			markW = max(markW, ansi.StringWidth(e.mark))
		}
		markW = min(markW, max(1, width/3))
		if i > 0 {
			lines = append(lines, "")
		}
		titles := draw.HangingWrap(s.title, width, 2)
		for k, l := range titles {
			if k > 0 {
				l = "  " + l
			}
			lines = append(lines, st.Bold.Render(l))
		}
		if rest := width - ansi.StringWidth(ansi.Strip(lines[len(lines)-1])) - 1; rest > 0 {
			lines[len(lines)-1] += " " + st.HelpSep.Render(strings.Repeat("─", rest))
		}
		for _, e := range s.entries {
			lines = append(lines, legendLines(st, e, markW, width)...)
		}
	}
	return strings.Join(lines, "\n")
}

// legendLines is one entry: " mark  meaning", the meaning wrapped under
// itself; a mark wider than its column gets a line of its own.
func legendLines(st *themes.Styles, e legendEntry, markW, width int) []string {
	descCol := 1 + markW + 2
	var lines []string
	first := " " + e.style(st).Render(e.mark)
	if w := ansi.StringWidth(e.mark); w > markW {
		lines = append(lines, first)
		first = ""
	} else {
		first += strings.Repeat(" ", descCol-1-w)
	}
	pad := strings.Repeat(" ", descCol)
	for k, l := range draw.HangingWrap(e.means, max(1, width-descCol), 0) {
		if k == 0 && first != "" {
			lines = append(lines, first+st.HelpDesc.Render(l))
		} else {
			lines = append(lines, pad+st.HelpDesc.Render(l))
		}
	}
	return lines
}

// struckEntry names how a removed duplicate's source is marked: struck
// out by the terminal with colour, led by (dup) without it.
func struckEntry(st *themes.Styles) legendEntry {
	if st.Mono {
		return legendEntry{strings.TrimSpace(rows.DuplicateMark), inDuplicate, "a removed duplicate's source, beside its ≈ or =; with colour it is struck out"}
	}
	return legendEntry{"struck", inDuplicate, "a line through a removed duplicate's source; without colour it reads (dup)"}
}
