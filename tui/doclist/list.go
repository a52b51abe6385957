package doclist

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/themes"
	"ctxlab/tui/cursor"
	"ctxlab/tui/draw"
	"ctxlab/tui/filter"
	"ctxlab/tui/rows"
	"ctxlab/tui/views"
)

// list is the document list: rows for the selected stage, a cursor and
// a scroll offset. Only the visible rows are rendered, and each rendered
// row is cached by (document, width, generation, state), so scrolling a
// 10,000-document list costs the same as scrolling a short one.
type list struct {
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

// Listed are the rows the list shows, in its order.
func (l *list) Listed() []rows.Row { return l.rows }

// ScoreDigits is how many decimals the score column shows, which the
// inspector shows a score with too.
func (l *list) ScoreDigits() int { return l.layout.ScoreDigits() }

// OwnCache gives the list a row cache of its own: View fills the cache,
// so a copy of the list drawn elsewhere (the export's screen, in a
// command) must share no map with the list on screen.
func (l *list) OwnCache() { l.cache = make(map[rowKey]string) }

// setRows replaces the rows, keeping the cursor on the same document when
// it is still listed.
func (l *list) setRows(next []rows.Row) {
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

// SelectFirstPresent puts the cursor on the first document still in play,
// so the inspector opens on a document of the context, not a removed one.
func (l *list) SelectFirstPresent() {
	for i, r := range l.rows {
		if !r.Gone() {
			l.Cursor = i
			return
		}
	}
}

// Selected is the document under the cursor, -1 for an empty list.
func (l *list) Selected() int {
	if l.Cursor < len(l.rows) {
		return l.rows[l.Cursor].Index()
	}
	return -1
}

// Move moves the cursor by delta rows, height of them visible.
func (l *list) Move(delta, height int) { l.Rows.Move(delta, height, len(l.rows)) }

// SelectDocument puts the cursor on a document's row and scrolls to it;
// false when the rows do not list it.
func (l *list) SelectDocument(doc, height int) bool {
	for i, r := range l.rows {
		if r.Index() == doc {
			l.Cursor = i
			l.ScrollTo(height)
			return true
		}
	}
	return false
}

// NextChanged moves the cursor to the next row after it, wrapping round,
// whose document changed fate; false when no listed row did.
func (l *list) NextChanged(changed map[int]bool, height int) bool {
	for step := 1; step <= len(l.rows); step++ {
		i := (l.Cursor + step) % len(l.rows)
		if changed[l.rows[i].Index()] {
			l.Cursor = i
			l.ScrollTo(height)
			return true
		}
	}
	return false
}

// SelectVisibleRow puts the cursor on the row-th row on screen.
func (l *list) SelectVisibleRow(row int) { l.Rows.SelectVisibleRow(row, len(l.rows)) }

// ScrollTo keeps the cursor within the visible rows.
func (l *list) ScrollTo(height int) { l.Rows.ScrollTo(height, len(l.rows)) }

// Context is everything drawing the rows depends on besides the list:
// the styles and their theme, the evaluation and its generation, the
// width, whether the list has the focus, the documents the last change
// moved (by evaluated index) and their changes against the baseline (by
// input index; nil without one).
type Context struct {
	Styles  *themes.Styles
	ThemeID int
	Eval    *core.Evaluation
	Gen     int
	Width   int
	Focused bool
	Changed map[int]bool
	Versus  map[int]core.DocumentChangeKind
}

// view renders height lines: a column header and the visible rows.
func (l *list) view(rc Context, stage rows.Stage, filter *filter.Pane, height int) string {
	// View runs on a copy of the model: the map is shared with the
	// model's, a new map here would not outlive the frame. So it is made
	// in Refresh and only emptied here.
	if l.cache == nil {
		l.cache = make(map[rowKey]string)
	}
	if len(l.cache) > 4096 {
		clear(l.cache)
	}
	header := fmt.Sprintf("  %*s %*s %*s %s", l.layout.NumW()+1, "#", l.layout.ScoreW(), "score", l.layout.TokW(), "tok", "source")
	lines := []string{rc.Styles.TableHeader.Render(draw.PadRight(header, rc.Width))}
	if len(l.rows) == 0 {
		empty := " no documents at this stage"
		if filter.Active() {
			empty = " no document matches the filter (esc clears it)"
		}
		if rc.Eval == nil {
			empty = " computing…"
		}
		lines = append(lines, rc.Styles.Muted.Render(empty))
		return draw.FitLines(strings.Join(lines, "\n"), rc.Width, height)
	}
	body := height - 1
	l.ScrollTo(body)
	end := min(len(l.rows), l.Offset+body)
	for i := l.Offset; i < end; i++ {
		r := l.rows[i]
		doc := r.Index()
		key := rowKey{doc: doc, gen: rc.Gen, width: rc.Width, stage: int(stage), selected: i == l.Cursor && rc.Focused,
			cursorMark: i == l.Cursor, changed: rc.Changed[doc], versus: rc.Versus[rc.Eval.InputIndex(doc)], filterVer: filter.Version(), themeID: rc.ThemeID}
		line, ok := l.cache[key]
		if !ok {
			line = renderRow(rc, filter.Hits(), l.layout, r, l.from.Look(r), key)
			l.cache[key] = line
		}
		lines = append(lines, line)
	}
	return draw.FitLines(strings.Join(lines, "\n"), rc.Width, height)
}

// renderRow draws one row, which looks as look: glyph, number, score,
// tokens, source, note.
func renderRow(rc Context, matches map[int][]int, layout rows.Layout, row rows.Row, r rows.Look, key rowKey) string {
	st := rc.Styles
	doc := rc.Eval.Documents[row.Index()]
	sourceW, noteW, wordy := layout.Columns(rc.Width)
	source := draw.Source(doc.Source)
	if source == "" {
		source = "(no source)"
	}
	lead := " "
	if key.cursorMark {
		lead = "▸"
	}
	numbers := fmt.Sprintf(" %*d %*s %*s ", layout.NumW(), rows.DisplayNumber(rc.Eval, row.Index()), layout.ScoreW(), numfmt.Score(r.Score(), layout.ScoreDigits()), layout.TokW(), numfmt.Thousands(r.Tokens()))
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
		return st.Selected.Render(draw.PadRight(lead+r.Glyph()+numbers+draw.PadRight(src, sourceW)+" "+note, rc.Width))
	}
	tone := r.Tone().Style(st)
	glyph := tone.Render(r.Glyph())
	nums := st.Text.Render(numbers)
	srcStyled := highlightMatches(st, src, keptMatches(matches[row.Index()], kept), st.Text)
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
		mark, style := views.ChangeLook(st, key.versus)
		noteStyled = style.Render(mark + " " + draw.Truncate(r.ShownWithoutRank(wordy), noteW-len([]rune(mark))-1))
	case key.changed:
		noteStyled = st.Changed.Render("◆ " + draw.Truncate(r.Shown(wordy), noteW-2))
	}
	return draw.PadRight(st.Accent.Render(lead)+glyph+nums+draw.PadRight(srcStyled, sourceW)+" "+noteStyled, rc.Width)
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

// SelectDoc puts the cursor on document doc's row; false when no row
// shows it.
func (l *list) SelectDoc(doc int) bool {
	for i, r := range l.rows {
		if r.Index() == doc {
			l.Cursor = i
			return true
		}
	}
	return false
}
