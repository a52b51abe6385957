// Package picker is the workbench's trace picker: the traces of an OTLP
// JSON traces file, one row each (start, service, model, LLM spans,
// tokens counted and billed, ▲ on a trace that overflows or whose count
// differs from its bill), filtered fuzzily as the user types. A trace
// expands to its spans; enter on a span asks to open it (OpenSpanMsg),
// enter on an expanded trace asks to open the trace as a trajectory
// (OpenTraceMsg). The root model answers both; the picker reads no file.
package picker

import (
	"fmt"
	"sort"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/sahilm/fuzzy"

	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// Span is one span of a trace as the picker lists it: an LLM span, or a
// retrieval span (Retrieval) with its query and number of documents.
type Span struct {
	ID, Name, Model string
	Start           time.Time
	// Counted is ctxlab's count of the request as sent, nil when the
	// span holds usage only; Billed the input tokens it recorded, nil
	// when none.
	Counted, Billed *int
	// Overflows: the request does not fit the model's window less the
	// reply reserve. Differs: the count is off the bill by more than the
	// counting rules' tolerance.
	Overflows, Differs bool
	Note               string
	Retrieval          bool
	Query              string
	Documents          int
}

// Marked says the span overflows or its count differs from its bill.
func (s Span) Marked() bool { return s.Overflows || s.Differs }

// Trace is one trace of the file.
type Trace struct {
	ID, Service string
	Start       time.Time
	// AllSpans counts every span of the trace; LLM are its LLM spans and
	// Retrievals its retrieval spans, each in time order.
	AllSpans        int
	LLM, Retrievals []Span
}

// Model is the model its LLM spans asked for: one name, or the first
// and how many more.
func (t Trace) Model() string {
	var names []string
	for _, s := range t.LLM {
		if s.Model != "" && !contains(names, s.Model) {
			names = append(names, s.Model)
		}
	}
	switch len(names) {
	case 0:
		return "—"
	case 1:
		return names[0]
	}
	return fmt.Sprintf("%s +%d", names[0], len(names)-1)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Tokens are the sums of its LLM spans' counts and bills; ok is false
// when a span has none, and the sum then covers the others.
func (t Trace) Tokens() (counted, billed int, countedAll, billedAll bool) {
	countedAll, billedAll = true, true
	for _, s := range t.LLM {
		if s.Counted != nil {
			counted += *s.Counted
		} else {
			countedAll = false
		}
		if s.Billed != nil {
			billed += *s.Billed
		} else {
			billedAll = false
		}
	}
	return counted, billed, countedAll, billedAll
}

// Marked says one of its LLM spans overflows or differs from its bill.
func (t Trace) Marked() bool {
	for _, s := range t.LLM {
		if s.Marked() {
			return true
		}
	}
	return false
}

// OpenSpanMsg asks the root model to open a span: an LLM span as the
// request, a retrieval span as its documents and query.
type OpenSpanMsg struct {
	TraceID string
	Span    Span
}

// OpenTraceMsg asks the root model to open a trace as a trajectory: its
// LLM spans, in time order.
type OpenTraceMsg struct {
	Trace Trace
}

// row is one line of the list: a trace, or one of an expanded trace's
// spans (span >= 0).
type row struct {
	trace, span int
}

// Model is the picker.
type Model struct {
	// Name is the file's name as the title shows it.
	Name   string
	traces []Trace
	// keys are what each trace is filtered by (keyOf), made once, and
	// lower their lowercase forms.
	keys, lower fuzzyKeys
	// version numbers the queries typed; filtering says the newest is
	// being matched in a command.
	version   int
	filtering bool
	// shown are the traces the filter keeps, by index, best match first
	// (the file's order of start with no filter).
	shown    []int
	expanded map[int]bool
	rows     []row
	cursor   int
	top      int
	query    string
	// Status is a line the root model sets, shown above the keys.
	Status        string
	width, height int
	// idShort is how many characters of a trace id tell the file's traces
	// apart (at least shortIDWidth), idFull the longest id; spanShort the
	// same for the spans' ids (distinctPrefix).
	idShort, idFull, spanShort int
}

// New makes a picker of the traces, listed by their start.
func New(name string, traces []Trace) Model {
	sorted := append([]Trace(nil), traces...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Start.Before(sorted[b].Start) })
	m := Model{Name: name, traces: sorted, expanded: map[int]bool{}, width: 80, height: 24, keys: make(fuzzyKeys, len(sorted))}
	m.lower = make(fuzzyKeys, len(sorted))
	for i, t := range sorted {
		m.keys[i] = keyOf(t)
		m.lower[i] = strings.ToLower(m.keys[i])
	}
	var ids, spans []string
	for _, t := range sorted {
		ids = append(ids, t.ID)
		m.idFull = max(m.idFull, len([]rune(safetext.Line(t.ID))))
		for _, s := range t.LLM {
			spans = append(spans, s.ID)
		}
		for _, s := range t.Retrievals {
			spans = append(spans, s.ID)
		}
	}
	m.idShort = min(distinctPrefix(ids, shortIDWidth), m.idFull)
	m.spanShort = distinctPrefix(spans, shortIDWidth)
	m.apply(matchTraces("", m.keys, m.lower))
	return m
}

// distinctPrefix is the fewest characters, at least least, whose start
// of each id tells the ids apart: UUIDv7 ids (LangSmith) share their
// first digits, the time they were made, and differ further on. An id
// shorter than that is told by itself whole.
func distinctPrefix(ids []string, least int) int {
	distinct := map[string]bool{}
	for _, id := range ids {
		distinct[id] = true
	}
	n := least
	for {
		seen := map[string]bool{}
		whole, clash := true, false
		for id := range distinct {
			r := []rune(safetext.Line(id))
			if len(r) > n {
				whole = false
				r = r[:n]
			}
			k := string(r)
			if seen[k] && len(r) == n {
				clash = true
			}
			seen[k] = true
		}
		if !clash || whole {
			return n
		}
		n++
	}
}

// spanIDCell is a span's id as its row shows it: whole when it is no
// longer than an OTLP span id (16 hex digits), which --span-id takes,
// else its first n characters, enough to tell the file's spans apart.
func spanIDCell(id string, n int) string {
	id = safetext.Line(id)
	if r := []rune(id); len(r) > 16 && len(r) > n {
		return string(r[:n]) + "…"
	}
	return id
}

// SetSize sets the screen the picker draws on.
func (m *Model) SetSize(width, height int) { m.width, m.height = width, height; m.scroll() }

// Query is the filter typed so far.
func (m Model) Query() string { return m.query }

// Shown is the ids of the traces the filter keeps, in the order listed.
func (m Model) Shown() []string {
	out := make([]string, len(m.shown))
	for i, t := range m.shown {
		out[i] = m.traces[t].ID
	}
	return out
}

// keyOf is what a trace is filtered by: its start, service, models,
// trace id and its spans' ids and names.
func keyOf(t Trace) string {
	var b strings.Builder
	b.WriteString(t.Start.UTC().Format("2006-01-02 15:04:05"))
	b.WriteString(" " + t.Service + " " + t.Model() + " " + t.ID)
	for _, s := range append(append([]Span(nil), t.LLM...), t.Retrievals...) {
		b.WriteString(" " + s.ID + " " + s.Name)
		if s.Model != "" {
			b.WriteString(" " + s.Model)
		}
	}
	return safetext.Line(b.String())
}

// matchSpan bounds how spread out a match may be, in bytes per rune of
// the query.
const matchSpan = 3

type fuzzyKeys []string

func (k fuzzyKeys) String(i int) string { return k[i] }
func (k fuzzyKeys) Len() int            { return len(k) }

// syncFilterLimit is the most traces filtered as a key is typed; a
// longer list is filtered in a command, its result taken only if no key
// was typed since (FilteredMsg), so typing never waits on the match.
var syncFilterLimit = 5000

// FilteredMsg is the traces a query kept, for the query of its version:
// the root model hands it to the picker whatever it shows.
type FilteredMsg struct {
	version int
	shown   []int
}

// matchTraces are the traces query keeps (sahilm/fuzzy over keys, lower
// their lowercase forms), best first; an empty query keeps all.
func matchTraces(query string, keys, lower fuzzyKeys) []int {
	var shown []int
	if query == "" {
		shown = make([]int, len(keys))
		for i := range shown {
			shown[i] = i
		}
		return shown
	}
	n := len([]rune(query))
	kept := map[int]bool{}
	for _, match := range fuzzy.FindFrom(query, keys) {
		// A subsequence scattered over the whole key (a span name here,
		// a hex id there) matches almost any short query and says
		// nothing: the matched characters must lie close.
		if idx := match.MatchedIndexes; len(idx) > 0 && idx[len(idx)-1]-idx[0] <= matchSpan*n {
			shown = append(shown, match.Index)
			kept[match.Index] = true
		}
	}
	// fuzzy keeps the first subsequence it finds, which may be the
	// scattered one: a key holding the query whole matches too.
	q := strings.ToLower(query)
	for i, k := range lower {
		if !kept[i] && strings.Contains(k, q) {
			shown = append(shown, i)
		}
	}
	return shown
}

// refilter keeps the traces the query matches, at once for a short list
// and in a command (returned) for a long one.
func (m *Model) refilter() tea.Cmd {
	m.version++
	if len(m.traces) > syncFilterLimit {
		version, query, keys, lower := m.version, m.query, m.keys, m.lower
		m.filtering = true
		return func() tea.Msg { return FilteredMsg{version: version, shown: matchTraces(query, keys, lower)} }
	}
	m.apply(matchTraces(m.query, m.keys, m.lower))
	return nil
}

// apply shows the traces a filter kept, the cursor on the first.
func (m *Model) apply(shown []int) {
	m.shown, m.filtering = shown, false
	m.cursor, m.top = 0, 0
	m.rebuild()
}

// rebuild lays out the rows: each trace shown, and the spans of those
// expanded.
func (m *Model) rebuild() {
	m.rows = m.rows[:0]
	for _, t := range m.shown {
		m.rows = append(m.rows, row{trace: t, span: -1})
		if m.expanded[t] {
			for s := range m.spansOf(t) {
				m.rows = append(m.rows, row{trace: t, span: s})
			}
		}
	}
	m.cursor = min(m.cursor, max(0, len(m.rows)-1))
	m.scroll()
}

// spansOf are a trace's spans as expanded: the LLM spans, then the
// retrieval spans.
func (m Model) spansOf(t int) []Span {
	tr := m.traces[t]
	return append(append([]Span(nil), tr.LLM...), tr.Retrievals...)
}

// Selected is the row under the cursor: the trace's id and the span's
// (empty on a trace row); ok is false when nothing is listed.
func (m Model) Selected() (traceID, spanID string, ok bool) {
	if len(m.rows) == 0 {
		return "", "", false
	}
	r := m.rows[m.cursor]
	if r.span < 0 {
		return m.traces[r.trace].ID, "", true
	}
	return m.traces[r.trace].ID, m.spansOf(r.trace)[r.span].ID, true
}

// listHeight is the rows the list has: the screen less the title, the
// filter, the column header, the status and the keys.
func (m Model) listHeight() int { return max(1, m.height-5) }

func (m *Model) scroll() {
	h := m.listHeight()
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+h {
		m.top = m.cursor - h + 1
	}
	m.top = max(0, min(m.top, max(0, len(m.rows)-h)))
}

func (m *Model) move(d int) {
	if len(m.rows) == 0 {
		return
	}
	m.cursor = max(0, min(len(m.rows)-1, m.cursor+d))
	m.scroll()
}

// setExpanded opens or folds the trace under the cursor, the cursor
// staying on the trace.
func (m *Model) setExpanded(open bool) {
	if len(m.rows) == 0 {
		return
	}
	t := m.rows[m.cursor].trace
	m.expanded[t] = open
	m.rebuild()
	for i, r := range m.rows {
		if r.trace == t && r.span < 0 {
			m.cursor = i
			break
		}
	}
	m.scroll()
}

// Update handles a key: printable keys type the filter.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
	case FilteredMsg:
		if msg.version == m.version {
			m.apply(msg.shown)
		}
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m Model) key(msg tea.KeyMsg) (Model, tea.Cmd) {
	switch msg.Type {
	case tea.KeyCtrlC:
		return m, tea.Quit
	case tea.KeyEsc:
		if m.query != "" {
			m.query = ""
			return m, m.refilter()
		}
		return m, tea.Quit
	case tea.KeyUp, tea.KeyCtrlP:
		m.move(-1)
	case tea.KeyDown, tea.KeyCtrlN:
		m.move(1)
	case tea.KeyPgUp:
		m.move(-m.listHeight())
	case tea.KeyPgDown:
		m.move(m.listHeight())
	case tea.KeyHome:
		m.move(-len(m.rows))
	case tea.KeyEnd:
		m.move(len(m.rows))
	case tea.KeyRight:
		if len(m.rows) > 0 && m.rows[m.cursor].span < 0 {
			m.setExpanded(true)
		}
	case tea.KeyLeft:
		m.setExpanded(false)
	case tea.KeyEnter:
		return m, m.enter()
	case tea.KeyBackspace:
		if r := []rune(m.query); len(r) > 0 {
			m.query = string(r[:len(r)-1])
			return m, m.refilter()
		}
	case tea.KeyCtrlU:
		m.query = ""
		return m, m.refilter()
	case tea.KeyRunes, tea.KeySpace:
		if msg.Alt {
			return m, nil
		}
		m.query += safetext.Line(string(msg.Runes))
		return m, m.refilter()
	}
	return m, nil
}

// enter expands a folded trace, opens an expanded one as a trajectory
// and a span as a request (or a retrieval's documents).
func (m *Model) enter() tea.Cmd {
	if len(m.rows) == 0 {
		return nil
	}
	r := m.rows[m.cursor]
	tr := m.traces[r.trace]
	if r.span >= 0 {
		msg := OpenSpanMsg{TraceID: tr.ID, Span: m.spansOf(r.trace)[r.span]}
		return func() tea.Msg { return msg }
	}
	if !m.expanded[r.trace] {
		m.setExpanded(true)
		return nil
	}
	if len(tr.LLM) == 0 {
		m.Status = "trace " + tr.ID + " has no LLM span to replay; enter on a retrieval span opens its documents"
		return nil
	}
	msg := OpenTraceMsg{Trace: tr}
	return func() tea.Msg { return msg }
}

// optCount is a count, or — for none.
func optCount(n int, all, some bool) string {
	if !some {
		return "—"
	}
	s := numfmt.Thousands(n)
	if !all {
		s += "+"
	}
	return s
}

// rowPrefix is the cells before a row's first column: the cursor, the
// mark (▲) and the fold (▸ folded, ▾ expanded), and a space.
const rowPrefix = 4

// columns are the widths of the list's columns at a screen width.
type columns struct {
	start, service, model, spans, counted, billed, id int
	// wide: the trace id is whole, and a span's row has room for its
	// start and note.
	wide bool
}

func (m Model) columns() columns {
	c := columns{start: 19, service: 11, model: 12, spans: 4, counted: 8, billed: 8}
	// the cursor, mark and fold (rowPrefix) and the gaps between columns
	rest := m.width - (rowPrefix + c.start + c.service + c.model + c.spans + c.counted + c.billed + 10)
	switch {
	case rest >= m.idFull+2:
		c.id, c.wide = m.idFull, true
		rest -= m.idFull + 2
	case rest >= m.idShort-shortIDWidth-1:
		// Narrow: the id's first characters, 8 hex digits or as many as
		// tell the file's traces apart (distinctPrefix), which --trace-id
		// takes; the room comes from the token columns and the model
		// before the service.
		c.id = m.idShort
		rest -= m.idShort + 2
		if rest < 0 {
			c.counted, c.billed = 7, 7
			rest += 2
		}
		if rest < 0 {
			take := min(-rest, c.model-8)
			c.model -= take
			rest += take
		}
	}
	if rest > 0 {
		grow := rest / 2
		c.service += min(grow, 12)
		c.model += min(rest-grow, 12)
	}
	if rest < 0 {
		c.service = max(6, c.service+rest/2)
		c.model = max(6, c.model+rest-rest/2)
	}
	return c
}

// shortIDWidth is the fewest characters of an id a narrow picker shows:
// 8 hex digits, more when the file's ids share them (distinctPrefix).
const shortIDWidth = 8

// traceIDCell is a trace's id in a column of width cells: whole when it
// fits, else its first width characters (a prefix, as git abbreviates).
func traceIDCell(id string, width int) string {
	id = safetext.Line(id)
	if r := []rune(id); len(r) > width {
		return string(r[:width])
	}
	return id
}

// View draws the picker.
func (m Model) View(st *themes.Styles) string {
	w := max(20, m.width)
	var b strings.Builder
	llm := 0
	for _, t := range m.traces {
		llm += len(t.LLM)
	}
	title := fmt.Sprintf(" ctxlab · traces · %s · %s · %s", safetext.Line(m.Name), numfmt.Count(len(m.traces), "trace", "traces"), numfmt.Count(llm, "LLM span", "LLM spans"))
	b.WriteString(st.Header.Render(draw.PadRight(draw.Truncate(title, w), w)) + "\n")
	filter := " filter: " + m.query + "▏"
	switch {
	case m.query == "":
		filter += st.Muted.Render("type to filter")
	case m.filtering:
		filter += st.Muted.Render("  matching…")
	default:
		filter += st.Muted.Render(fmt.Sprintf("  %s of %s", numfmt.Thousands(len(m.shown)), numfmt.Count(len(m.traces), "trace", "traces")))
	}
	b.WriteString(draw.PadRight(filter, w) + "\n")
	c := m.columns()
	head := strings.Repeat(" ", rowPrefix) + draw.PadRight("start (UTC)", c.start) + "  " + draw.PadRight("service", c.service) + "  " + draw.PadRight("model", c.model) +
		"  " + draw.PadLeft("LLM", c.spans) + "  " + draw.PadLeft("counted", c.counted) + "  " + draw.PadLeft("billed", c.billed)
	if c.id > 0 {
		head += "  " + draw.PadRight("trace", c.id)
	}
	b.WriteString(st.TableHeader.Render(draw.PadRight(head, w)) + "\n")
	h := m.listHeight()
	for i := m.top; i < m.top+h; i++ {
		if i >= len(m.rows) {
			b.WriteString("\n")
			continue
		}
		line := m.rowText(m.rows[i], c, w)
		if i == m.cursor {
			line = st.Selected.Render(draw.PadRight("›"+line[1:], w))
		}
		b.WriteString(line + "\n")
	}
	if len(m.rows) == 0 {
		// The first list row says why it is empty.
		out := strings.Split(b.String(), "\n")
		out[3] = st.Muted.Render(draw.PadRight("  no trace matches "+safetext.Line(m.query)+"; esc clears the filter", w))
		b.Reset()
		b.WriteString(strings.Join(out, "\n"))
	}
	status := m.Status
	if status == "" {
		status = "▲ a trace whose request overflows its window, or whose count differs from the bill by more than 2%"
	}
	b.WriteString(st.Muted.Render(draw.PadRight(" "+draw.Truncate(safetext.Line(status), w-1), w)) + "\n")
	b.WriteString(st.HelpDesc.Render(draw.Truncate(" "+m.keysLine(), w)))
	return b.String()
}

// keysLine names the keys that do something on the row under the
// cursor.
func (m Model) keysLine() string {
	open := "enter/→ spans"
	if len(m.rows) > 0 {
		r := m.rows[m.cursor]
		switch {
		case r.span >= 0 && m.spansOf(r.trace)[r.span].Retrieval:
			open = "enter open documents · ← fold"
		case r.span >= 0:
			open = "enter open request · ← fold"
		case m.expanded[r.trace]:
			open = "enter open trajectory · ← fold"
		}
	}
	quit := "esc quit"
	if m.query != "" {
		quit = "esc clear filter"
	}
	return "↑/↓ move · " + open + " · type to filter · " + quit
}

// rowText is a row's plain text, a leading space for the cursor mark.
func (m Model) rowText(r row, c columns, w int) string {
	t := m.traces[r.trace]
	if r.span < 0 {
		counted, billed, countedAll, billedAll := t.Tokens()
		anyCounted, anyBilled := false, false
		for _, s := range t.LLM {
			anyCounted = anyCounted || s.Counted != nil
			anyBilled = anyBilled || s.Billed != nil
		}
		mark := " "
		if t.Marked() {
			mark = "▲"
		}
		fold := "▸"
		if m.expanded[r.trace] {
			fold = "▾"
		}
		line := " " + mark + fold + " " + draw.PadRight(t.Start.UTC().Format("2006-01-02 15:04:05"), c.start) + "  " +
			draw.PadRight(draw.Truncate(safetext.Line(t.Service), c.service), c.service) + "  " +
			draw.PadRight(draw.Truncate(safetext.Line(t.Model()), c.model), c.model) + "  " +
			draw.PadLeft(numfmt.Thousands(len(t.LLM)), c.spans) + "  " +
			draw.PadLeft(optCount(counted, countedAll, anyCounted), c.counted) + "  " +
			draw.PadLeft(optCount(billed, billedAll, anyBilled), c.billed)
		if c.id > 0 {
			line += "  " + traceIDCell(t.ID, c.id)
		}
		return draw.PadRight(line, w)
	}
	s := m.spansOf(r.trace)[r.span]
	mark := " "
	if s.Marked() {
		mark = "▲"
	}
	if s.Retrieval {
		line := fmt.Sprintf(" %s  └ retrieval %s  %s · %s · %s", mark, spanIDCell(s.ID, m.spanShort), safetext.Line(s.Name),
			numfmt.Count(s.Documents, "document", "documents"), safetext.Line(s.Query))
		return draw.PadRight(draw.Truncate(line, w), w)
	}
	counted, billed := "—", "—"
	if s.Counted != nil {
		counted = numfmt.Thousands(*s.Counted)
	}
	if s.Billed != nil {
		billed = numfmt.Thousands(*s.Billed)
	}
	// The span's id and name where the start and service are; its
	// model and tokens under the trace's.
	left := fmt.Sprintf("└ %s %s", spanIDCell(s.ID, m.spanShort), safetext.Line(s.Name))
	if c.wide {
		left = s.Start.UTC().Format("15:04:05") + " " + left
	}
	line := " " + mark + "  " + draw.PadRight(draw.Truncate(left, c.start+2+c.service), c.start+2+c.service) + "  " +
		draw.PadRight(draw.Truncate(safetext.Line(s.Model), c.model), c.model) + "  " +
		draw.PadLeft("", c.spans) + "  " + draw.PadLeft(counted, c.counted) + "  " + draw.PadLeft(billed, c.billed)
	if c.wide && s.Note != "" {
		line += "  " + draw.Truncate(safetext.Line(s.Note), max(0, w-len([]rune(line))-2))
	}
	return draw.PadRight(line, w)
}
