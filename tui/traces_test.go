package tui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/loaders/request"
	loadtraj "ctxlab/loaders/trajectory"
	"ctxlab/tui/picker"
	"ctxlab/tui/timeline"
)

// settleAny is settle for any model: commands run and their messages
// fed back until none is left.
func settleAny(t *testing.T, m tea.Model, cmd tea.Cmd) tea.Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0 && steps < 200; steps++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg, ok := runCmd(c)
		if !ok || msg == nil {
			continue
		}
		if batch, isBatch := msg.(tea.BatchMsg); isBatch {
			queue = append(queue, batch...)
			continue
		}
		if _, quit := msg.(tea.QuitMsg); quit {
			continue
		}
		var more tea.Cmd
		m, more = m.Update(msg)
		queue = append(queue, more)
	}
	return m
}

func pressAny(t *testing.T, m tea.Model, ks ...string) tea.Model {
	t.Helper()
	for _, k := range ks {
		next, cmd := m.Update(keyMsg(k))
		m = settleAny(t, next, cmd)
	}
	return m
}

func intp(n int) *int { return &n }

// tracesFixture is a picker of two traces whose spans open as sample
// scenarios named after the span; opened records what was asked.
func tracesFixture(t *testing.T, opened *[]string) tea.Model {
	t0 := time.Date(2026, 12, 6, 1, 43, 31, 0, time.UTC)
	traces := []picker.Trace{
		{ID: "01c91249c9db3576dcf24e2996bb9907", Service: "file-agent", Start: t0, AllSpans: 3, LLM: []picker.Span{
			{ID: "d0e72f35d0eccf2d", Name: "chat", Model: "gpt-4o", Start: t0, Counted: intp(71), Billed: intp(71)},
			{ID: "bc779477e426c81e", Name: "chat", Model: "gpt-4o", Start: t0.Add(time.Second), Counted: intp(135), Billed: intp(133)},
		}},
		{ID: "868d333a5f9cba7e5c03b30a54a0f6ae", Service: "support-bot", Start: t0.Add(time.Minute), AllSpans: 2, LLM: []picker.Span{
			{ID: "e1870fd24b61c7fc", Name: "chat", Model: "gpt-4o", Start: t0.Add(time.Minute), Counted: intp(71), Billed: intp(71)},
		}},
	}
	open := func(traceID string, span picker.Span) (*core.Scenario, error) {
		*opened = append(*opened, traceID+"/"+span.ID)
		if span.ID == "e1870fd24b61c7fc" {
			return nil, errors.New("no such span")
		}
		sc := sampleScenario(t, "support_chat")
		sc.Name = "opened " + span.ID
		return sc, nil
	}
	// A trace opens as a trajectory: the tau-bench conversation's turns
	// stand in for its spans.
	openTrace := func(traceID string) (*core.Scenario, *TrajectoryConfig, error) {
		*opened = append(*opened, traceID)
		opts := request.Options{Window: 11000, Reserve: 1000}
		bodies, err := loadtraj.ReadBodies(tauBench)
		if err != nil {
			return nil, nil, err
		}
		tr, err := loadtraj.Build(tauBench, bodies, opts)
		if err != nil {
			return nil, nil, err
		}
		price, _, ok := tokens.DefaultPrices().Lookup(tr.Model)
		last := len(tr.Turns) - 1
		sc, err := request.Parse(tauBench, bodies[last].Body, opts)
		return sc, &TrajectoryConfig{
			Source: timeline.Source{Trajectory: tr, Options: trajectory.Options{Window: opts.Window, Reserve: opts.Reserve,
				Rules: tokens.CacheRulesFor(tr.Model, tr.Provider), Price: price, PriceKnown: ok}},
			Open: func(i int, _ trajectory.Policy) (*core.Scenario, error) {
				return request.Parse(tauBench, bodies[i].Body, opts)
			},
			Start: last,
		}, err
	}
	m := NewTraces(Config{Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()}, Traces{Name: "traces.jsonl", Traces: traces, OpenSpan: open, OpenTrace: openTrace})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return next
}

// Enter on a span opens it in the workbench, o returns to the picker
// (but types in a text input), enter on an expanded trace opens its last
// LLM span, and a span that cannot open says why in the picker.
func TestTracesPickerOpensSpansAndReturns(t *testing.T) {
	t.Parallel()
	var opened []string
	m := tracesFixture(t, &opened)
	if v := m.View(); !strings.Contains(v, "ctxlab · traces · traces.jsonl · 2 traces · 3 LLM spans") {
		t.Fatalf("not the picker:\n%s", v)
	}
	m = pressAny(t, m, "enter", "down", "down", "enter")
	if len(opened) != 1 || opened[0] != "01c91249c9db3576dcf24e2996bb9907/bc779477e426c81e" {
		t.Fatalf("opened %v", opened)
	}
	v := m.View()
	if !strings.Contains(v, "opened bc779477e426c81e") || !strings.Contains(v, "span bc779477e426c81e · O returns to the traces") {
		t.Fatalf("the workbench is not on the span:\n%s", v)
	}
	if bench := m.(tracesModel).bench; bench == nil || bench.eval == nil {
		t.Fatal("the span's workbench has no evaluation")
	}
	// In the filter, o is a letter typed.
	m = pressAny(t, m, "/", "O")
	if m.(tracesModel).bench == nil {
		t.Fatal("O typed in the filter left the workbench")
	}
	m = pressAny(t, m, "esc", "O")
	if v := m.View(); !strings.Contains(v, "ctxlab · traces") || !strings.Contains(v, "└ bc779477e426c81e") {
		t.Fatalf("O did not return to the picker where it was:\n%s", v)
	}
	// The expanded trace opens as a trajectory, on the Timeline view.
	m = pressAny(t, m, "up", "up", "enter")
	if v := m.View(); len(opened) != 2 || opened[1] != "01c91249c9db3576dcf24e2996bb9907" ||
		!strings.Contains(v, "trace 01c91249c9db3576dcf24e2996bb9907, 2 LLM calls as turns") || !strings.Contains(v, "7 Timeline") ||
		!strings.Contains(v, "4 over (first 27") {
		t.Fatalf("enter on the trace: opened %v\n%s", opened, v)
	}
	m = pressAny(t, m, "O", "down", "down", "down", "right", "down", "enter")
	if v := m.View(); m.(tracesModel).bench != nil || !strings.Contains(v, "cannot open span e1870fd24b61c7fc: no such span") {
		t.Fatalf("a span that cannot open:\n%s", v)
	}
}

// Below 80×24 the picker says what size it needs, as the workbench does.
func TestTracesPickerTooSmall(t *testing.T) {
	var opened []string
	m := tracesFixture(t, &opened)
	next, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	if v := next.View(); !strings.Contains(v, tooSmall(60, 20)) || strings.Contains(v, "ctxlab · traces") {
		t.Errorf("at 60×20:\n%s", v)
	}
}

// A workbench closed with its first evaluation still on its way: the
// result, arriving after another span opened, is not taken for the new
// workbench's.
func TestTracesPickerDropsTheClosedWorkbenchsEvaluation(t *testing.T) {
	var opened []string
	m := tracesFixture(t, &opened)
	m = pressAny(t, m, "enter", "down")
	// Open the span, holding back what its workbench started.
	next, pending := m.Update(picker.OpenSpanMsg{TraceID: "01c91249c9db3576dcf24e2996bb9907", Span: picker.Span{ID: "d0e72f35d0eccf2d"}})
	m = pressAny(t, next, "O", "down", "enter")
	bench := m.(tracesModel).bench
	if bench == nil || bench.eval == nil || bench.cfg.Scenario.Name != "opened bc779477e426c81e" {
		t.Fatal("the second span did not open")
	}
	shown := bench.eval
	var late []tea.Msg
	queue := []tea.Cmd{pending}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg, _ := runCmd(c)
		if batch, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, batch...)
		} else if _, ok := msg.(evaluatedMsg); ok {
			late = append(late, msg)
		}
	}
	if len(late) == 0 {
		t.Fatal("the first workbench started no evaluation")
	}
	for _, msg := range late {
		next, _ = m.Update(msg)
		m = next
	}
	if b := m.(tracesModel).bench; b.eval != shown || b.evalErr != nil {
		t.Errorf("the closed workbench's evaluation replaced the open one's (err %v)", b.evalErr)
	}
}
