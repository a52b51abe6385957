package picker

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/themes"
)

func intp(n int) *int { return &n }

var t0 = time.Date(2026, 12, 6, 1, 43, 31, 0, time.UTC)

// fixture: three traces as cli makes them of a listing.
func fixture() []Trace {
	return []Trace{
		{ID: "868d333a5f9cba7e5c03b30a54a0f6ae", Service: "support-bot", Start: t0.Add(time.Minute), AllSpans: 2,
			LLM: []Span{{ID: "e1870fd24b61c7fc", Name: "OpenAI Chat Completions", Model: "gpt-4o", Start: t0.Add(time.Minute), Counted: intp(71), Billed: intp(71)}}},
		{ID: "01c91249c9db3576dcf24e2996bb9907", Service: "file-agent", Start: t0, AllSpans: 4,
			LLM: []Span{
				{ID: "d0e72f35d0eccf2d", Name: "OpenAI Chat Completions", Model: "gpt-4o", Start: t0, Counted: intp(71), Billed: intp(71)},
				{ID: "bc779477e426c81e", Name: "OpenAI Chat Completions", Model: "gpt-4o", Start: t0.Add(time.Second), Counted: intp(135), Billed: intp(133)},
			},
			Retrievals: []Span{{ID: "414488568e5cc959", Name: "KeywordRetriever", Retrieval: true, Query: "transformer architectures", Documents: 4, Start: t0.Add(2 * time.Second)}}},
		{ID: "a474d48f26b66432eb1286d364496f53", Service: "billing-agent", Start: t0.Add(2 * time.Minute), AllSpans: 2,
			LLM: []Span{{ID: "f020148a18480986", Name: "chat claude", Model: "claude-sonnet-4-5", Start: t0.Add(2 * time.Minute), Counted: intp(9000), Billed: intp(12000), Differs: true}}},
	}
}

func keys(m Model, ks ...string) (Model, []tea.Msg) {
	var msgs []tea.Msg
	for _, k := range ks {
		var msg tea.KeyMsg
		switch k {
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "right":
			msg = tea.KeyMsg{Type: tea.KeyRight}
		case "left":
			msg = tea.KeyMsg{Type: tea.KeyLeft}
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "backspace":
			msg = tea.KeyMsg{Type: tea.KeyBackspace}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		var cmd tea.Cmd
		m, cmd = m.Update(msg)
		if cmd != nil {
			msgs = append(msgs, cmd())
		}
	}
	return m, msgs
}

func screen(m Model, w, h int) string {
	m.SetSize(w, h)
	return m.View(themes.New(themes.Default(true, false)))
}

func TestPickerDraws(t *testing.T) {
	m := New("traces.jsonl", fixture())
	m, _ = keys(m, "right")
	for _, w := range []int{80, 160} {
		out := screen(m, w, 24)
		t.Logf("\n%s", out)
		lines := strings.Split(out, "\n")
		if len(lines) != 24 {
			t.Errorf("width %d: %d lines; want 24", w, len(lines))
		}
		for i, l := range lines {
			if cells := ansi.StringWidth(l); cells > w {
				t.Errorf("width %d: line %d is %d cells: %q", w, i+1, cells, l)
			}
		}
	}
}

// Traces are listed by their start; typing filters them with fuzzy
// matching, best first; backspace and esc widen it again.
func TestPickerFilters(t *testing.T) {
	m := New("traces.jsonl", fixture())
	if got := strings.Join(m.Shown(), " "); got != "01c91249c9db3576dcf24e2996bb9907 868d333a5f9cba7e5c03b30a54a0f6ae a474d48f26b66432eb1286d364496f53" {
		t.Fatalf("listed %s; want by start", got)
	}
	m, _ = keys(m, "b", "i", "l", "l")
	if got := m.Shown(); len(got) != 1 || got[0] != "a474d48f26b66432eb1286d364496f53" || m.Query() != "bill" {
		t.Errorf("bill: %v", got)
	}
	// A span's id matches its trace.
	m, _ = keys(m, "esc", "b", "c", "7", "7", "9")
	if got := m.Shown(); len(got) != 1 || got[0] != "01c91249c9db3576dcf24e2996bb9907" {
		t.Errorf("bc779: %v", got)
	}
	m, _ = keys(m, "z", "z", "z")
	if len(m.Shown()) != 0 || !strings.Contains(screen(m, 80, 24), "no trace matches bc779zzz; esc clears the filter") {
		t.Errorf("bc779zzz: %v\n%s", m.Shown(), screen(m, 80, 24))
	}
	m, _ = keys(m, "backspace", "backspace", "backspace")
	if len(m.Shown()) != 1 {
		t.Errorf("after backspace: %v", m.Shown())
	}
	// Typed text reaches the screen inert.
	m, _ = keys(m, "esc", "\x1b[2J")
	if out := screen(m, 80, 24); strings.Contains(out, "\x1b[2J") {
		t.Errorf("an escape sequence typed reached the screen")
	}
	// esc with no filter quits.
	m, _ = keys(m, "esc")
	if _, msgs := keys(m, "esc"); len(msgs) != 1 || msgs[0] != tea.Quit() {
		t.Errorf("esc on an empty filter: %v", msgs)
	}
}

// → and enter expand a trace to its spans, ← folds it; enter on an LLM
// span asks to open it as a request, on a retrieval span its documents,
// and on an expanded trace the trace as a trajectory.
func TestPickerExpandsAndOpens(t *testing.T) {
	m := New("traces.jsonl", fixture())
	m, msgs := keys(m, "enter")
	if len(msgs) != 0 || !strings.Contains(screen(m, 80, 24), "└ d0e72f35d0eccf2d") {
		t.Fatalf("enter on a folded trace: %v\n%s", msgs, screen(m, 80, 24))
	}
	m, _ = keys(m, "left")
	if strings.Contains(screen(m, 80, 24), "└ d0e72f35d0eccf2d") {
		t.Fatal("← did not fold the trace")
	}
	m, _ = keys(m, "right", "down", "down")
	if tr, sp, _ := m.Selected(); tr != "01c91249c9db3576dcf24e2996bb9907" || sp != "bc779477e426c81e" {
		t.Fatalf("selected %s %s", tr, sp)
	}
	m, msgs = keys(m, "enter")
	if open, ok := msgs[0].(OpenSpanMsg); !ok || open.Span.ID != "bc779477e426c81e" || open.TraceID != "01c91249c9db3576dcf24e2996bb9907" || open.Span.Retrieval {
		t.Errorf("enter on a span: %#v", msgs)
	}
	m, msgs = keys(m, "down", "enter")
	if open, ok := msgs[0].(OpenSpanMsg); !ok || open.Span.ID != "414488568e5cc959" || !open.Span.Retrieval {
		t.Errorf("enter on a retrieval span: %#v", msgs)
	}
	// ← on a span folds its trace, the cursor back on the trace.
	m, _ = keys(m, "left")
	if tr, sp, _ := m.Selected(); tr != "01c91249c9db3576dcf24e2996bb9907" || sp != "" {
		t.Errorf("after ←: %s %s", tr, sp)
	}
	m, _ = keys(m, "right")
	_, msgs = keys(m, "enter")
	if open, ok := msgs[0].(OpenTraceMsg); !ok || open.Trace.ID != "01c91249c9db3576dcf24e2996bb9907" || len(open.Trace.LLM) != 2 {
		t.Errorf("enter on an expanded trace: %#v", msgs)
	}
}

// A trace is marked ▲ when a span overflows or its count differs from
// the bill; a usage-only span counts —.
func TestPickerMarks(t *testing.T) {
	traces := fixture()
	traces[0].LLM[0].Counted = nil // support-bot's only span
	out := screen(New("f", traces), 100, 24)
	for _, want := range []string{"▲▸ 2026-12-06 01:45:31  billing-agent", "  ▸ 2026-12-06 01:44:31  support-bot", "—        71"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// What the file says (a service, a span's name, a query) and what is
// typed reach the screen inert.
func TestPickerDrawsInputInert(t *testing.T) {
	traces := fixture()
	traces[0].Service = "evil\x1b]52;c;aGk=\x07"
	traces[1].LLM[0].Name = "name\x1b[2J"
	traces[1].Retrievals[0].Query = "query\u009b31m"
	m := New("f\x1b[31m.jsonl", traces)
	m, _ = keys(m, "right", "x\x1b[H")
	m, _ = keys(m, "backspace", "backspace", "backspace", "backspace")
	for _, w := range []int{80, 200} {
		out := screen(m, w, 24)
		if strings.ContainsAny(out, "\x1b\x07\u009b") {
			t.Errorf("width %d: a control character reached the screen:\n%q", w, out)
		}
	}
}

// A long list is filtered in a command: the screen says it is matching,
// and only the newest query's result is taken.
func TestPickerFiltersALongListInACommand(t *testing.T) {
	defer func(n int) { syncFilterLimit = n }(syncFilterLimit)
	syncFilterLimit = 2
	m := New("traces.jsonl", fixture())
	m, stale := keys(m, "b")
	m, fresh := keys(m, "i", "l", "l")
	if !strings.Contains(screen(m, 80, 24), "filter: bill▏  matching…") || len(m.Shown()) != 3 {
		t.Fatalf("before the result:\n%s", screen(m, 80, 24))
	}
	m, _ = m.Update(fresh[len(fresh)-1])
	m, _ = m.Update(stale[0])
	if got := m.Shown(); len(got) != 1 || got[0] != "a474d48f26b66432eb1286d364496f53" || strings.Contains(screen(m, 80, 24), "matching") {
		t.Errorf("after the results: %v\n%s", got, screen(m, 80, 24))
	}
}
