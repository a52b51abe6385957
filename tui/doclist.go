package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/cursor"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// docList is the document list: rows for the selected stage, a cursor and
// a scroll offset. Only the visible rows are rendered, and each rendered
// row is cached by (document, width, generation, state), so scrolling a
// 10,000-document list costs the same as scrolling a short one.
type docList struct {
	rows []rows.Row
	// from is what the rows were made from, where each drawn row's look
	// is read.
	from   rows.Source
	layout rows.Layout
	cursor.Rows

	cache map[rowKey]string
}

type rowKey struct {
	doc, width, stage, gen        int
	selected, cursorMark, changed bool
	versus                        core.DocumentChangeKind
	filterVer, themeID            int
}

// setRows replaces the rows, keeping the cursor on the same document when
// it is still listed.
func (l *docList) setRows(next []rows.Row) {
	current := -1
	if l.Cursor < len(l.rows) {
		current = l.rows[l.Cursor].Index()
	}
	l.rows = next
	l.Cursor = 0
	for i, r := range next {
		if r.Index() == current {
			l.Cursor = i
			break
		}
	}
}

// selectFirstPresent puts the cursor on the first document still in play,
// so the inspector opens on a document of the context, not a removed one.
func (l *docList) selectFirstPresent() {
	for i, r := range l.rows {
		if !r.Gone() {
			l.Cursor = i
			return
		}
	}
}

// selectedDoc is the document under the cursor, -1 for an empty list.
func (l *docList) selectedDoc() int {
	if l.Cursor < len(l.rows) {
		return l.rows[l.Cursor].Index()
	}
	return -1
}

func (l *docList) move(delta, height int) { l.Rows.Move(delta, height, len(l.rows)) }

// selectDocument puts the cursor on a document's row and scrolls to it;
// false when the rows do not list it.
func (l *docList) selectDocument(doc, height int) bool {
	for i, r := range l.rows {
		if r.Index() == doc {
			l.Cursor = i
			l.scrollTo(height)
			return true
		}
	}
	return false
}

// nextChanged moves the cursor to the next row after it, wrapping round,
// whose document changed fate; false when no listed row did.
func (l *docList) nextChanged(changed map[int]bool, height int) bool {
	for step := 1; step <= len(l.rows); step++ {
		i := (l.Cursor + step) % len(l.rows)
		if changed[l.rows[i].Index()] {
			l.Cursor = i
			l.scrollTo(height)
			return true
		}
	}
	return false
}

// selectVisibleRow puts the cursor on the row-th row on screen.
func (l *docList) selectVisibleRow(row int) { l.Rows.SelectVisibleRow(row, len(l.rows)) }

// scrollTo keeps the cursor within the visible rows.
func (l *docList) scrollTo(height int) { l.Rows.ScrollTo(height, len(l.rows)) }

// listRenderContext is everything rendering depends on besides the rows.
type listRenderContext struct {
	st        *themes.Styles
	themeID   int
	ev        *core.Evaluation
	gen       int
	stage     rows.Stage
	width     int
	focused   bool
	changed   map[int]bool
	versus    map[int]core.DocumentChangeKind // by input index; nil without a baseline
	matches   map[int][]int                   // document -> matched rune indexes in its source
	filterVer int
	filtered  bool // a filter is narrowing the rows
}

// view renders height lines: a column header and the visible rows.
func (l *docList) view(rc listRenderContext, height int) string {
	// View runs on a copy of the model: the map is shared with the
	// model's, a new map here would not outlive the frame. So it is made
	// in refreshRows and only emptied here.
	if l.cache == nil {
		l.cache = make(map[rowKey]string)
	}
	if len(l.cache) > 4096 {
		clear(l.cache)
	}
	header := fmt.Sprintf("  %*s %*s %*s %s", l.layout.NumW()+1, "#", l.layout.ScoreW(), "score", l.layout.TokW(), "tok", "source")
	lines := []string{rc.st.TableHeader.Render(draw.PadRight(header, rc.width))}
	if len(l.rows) == 0 {
		empty := " no documents at this stage"
		if rc.filtered {
			empty = " no document matches the filter (esc clears it)"
		}
		if rc.ev == nil {
			empty = " computing…"
		}
		lines = append(lines, rc.st.Muted.Render(empty))
		return draw.FitLines(strings.Join(lines, "\n"), rc.width, height)
	}
	body := height - 1
	l.scrollTo(body)
	end := min(len(l.rows), l.Offset+body)
	for i := l.Offset; i < end; i++ {
		r := l.rows[i]
		doc := r.Index()
		key := rowKey{doc: doc, gen: rc.gen, width: rc.width, stage: int(rc.stage), selected: i == l.Cursor && rc.focused,
			cursorMark: i == l.Cursor, changed: rc.changed[doc], versus: rc.versus[scenarioIndex(rc.ev, doc)], filterVer: rc.filterVer, themeID: rc.themeID}
		line, ok := l.cache[key]
		if !ok {
			line = renderRow(rc, l.layout, r, l.from.Look(r), key)
			l.cache[key] = line
		}
		lines = append(lines, line)
	}
	return draw.FitLines(strings.Join(lines, "\n"), rc.width, height)
}

// renderRow draws one row, which looks as look: glyph, number, score,
// tokens, source, note.
func renderRow(rc listRenderContext, layout rows.Layout, row rows.Row, r rows.Look, key rowKey) string {
	st := rc.st
	doc := rc.ev.Documents[row.Index()]
	sourceW, noteW, wordy := layout.Columns(rc.width)
	source := draw.Source(doc.Source)
	if source == "" {
		source = "(no source)"
	}
	lead := " "
	if key.cursorMark {
		lead = "▸"
	}
	numbers := fmt.Sprintf(" %*d %*s %*s ", layout.NumW(), rows.DisplayNumber(rc.ev, row.Index()), layout.ScoreW(), numfmt.Score(r.Score(), layout.ScoreDigits()), layout.TokW(), numfmt.Thousands(r.Tokens()))
	// A URL's scheme says nothing in a column of URLs; its host does.
	scheme := 0
	for _, prefix := range []string{"https://", "http://"} {
		if strings.HasPrefix(source, prefix) {
			scheme = len(prefix)
		}
	}
	src, elided := draw.ElideMiddle(source[scheme:], sourceW)
	kept := func(i int) int { return elided(i - scheme) }
	note := draw.Truncate(r.Shown(wordy), noteW)
	// Without colour a struck-out duplicate's source says so in plain
	// text: combining strokes render badly in many terminals and are
	// read out by screen readers.
	monoDup := st.Mono && r.Tone() == rows.ToneDuplicate && row.Gone()
	if monoDup {
		elidedSrc, _ := draw.ElideMiddle(source[scheme:], max(1, sourceW-len(rows.DuplicateMark)))
		src = rows.DuplicateMark + elidedSrc
	}

	if key.selected {
		return st.Selected.Render(draw.PadRight(lead+r.Glyph()+numbers+draw.PadRight(src, sourceW)+" "+note, rc.width))
	}
	tone := r.Tone().Style(st)
	glyph := tone.Render(r.Glyph())
	nums := st.Text.Render(numbers)
	srcStyled := highlightMatches(st, src, keptMatches(rc.matches[row.Index()], kept), st.Text)
	switch {
	case monoDup:
		srcStyled = st.Duplicate.UnsetStrikethrough().Render(src)
		nums = st.Faint.Render(numbers)
	case r.Tone() == rows.ToneDuplicate && row.Gone():
		// Struck out by the terminal.
		srcStyled = st.Duplicate.Render(src)
		nums = st.Faint.Render(numbers)
	case row.Gone():
		srcStyled = st.Filtered.Render(src)
		nums = st.Filtered.Render(numbers)
	}
	noteStyled := tone.Render(note)
	// Against a pinned baseline the lasting mark wins over the momentary ◆.
	switch {
	case key.versus != "":
		mark, style := versusMark(st, key.versus)
		noteStyled = style.Render(mark + " " + draw.Truncate(r.ShownWithoutRank(wordy), noteW-len([]rune(mark))-1))
	case key.changed:
		noteStyled = st.Changed.Render("◆ " + draw.Truncate(r.Shown(wordy), noteW-2))
	}
	return draw.PadRight(st.Accent.Render(lead)+glyph+nums+draw.PadRight(srcStyled, sourceW)+" "+noteStyled, rc.width)
}

// keptMatches maps a filter's matched rune indexes through an elision,
// dropping those cut.
func keptMatches(matched []int, kept func(int) int) []int {
	if len(matched) == 0 {
		return nil
	}
	out := make([]int, 0, len(matched))
	for _, i := range matched {
		if j := kept(i); j >= 0 {
			out = append(out, j)
		}
	}
	return out
}

// highlightMatches styles the matched runes of a fuzzy filter.
func highlightMatches(st *themes.Styles, s string, matched []int, base lipgloss.Style) string {
	if len(matched) == 0 {
		return base.Render(s)
	}
	hit := make(map[int]bool, len(matched))
	for _, m := range matched {
		hit[m] = true
	}
	var b strings.Builder
	for i, r := range []rune(s) {
		if hit[i] {
			b.WriteString(st.Match.Render(string(r)))
		} else {
			b.WriteString(base.Render(string(r)))
		}
	}
	return b.String()
}

// selectDoc puts the cursor on document doc's row; false when no row
// shows it.
func (l *docList) selectDoc(doc int) bool {
	for i, r := range l.rows {
		if r.Index() == doc {
			l.Cursor = i
			return true
		}
	}
	return false
}
