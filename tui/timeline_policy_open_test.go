package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/loaders/request"
	scenarioload "ctxlab/loaders/scenario"
	loadtraj "ctxlab/loaders/trajectory"
	"ctxlab/tui/timeline"
)

// enter on a turn while a policy is chosen opens the request that
// policy sends at that turn, not the recorded one: the workbench counts
// what the replay counts for the policy's turn, and the header names the
// policy.
func TestTimelineEnterOpensThePolicysRequest(t *testing.T) {
	t.Parallel()
	opts := request.Options{Window: 11000, Reserve: 1000}
	bodies, err := loadtraj.ReadBodies(tauBench)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := loadtraj.Build(tauBench, bodies, opts)
	if err != nil {
		t.Fatal(err)
	}
	price, _, ok := tokens.DefaultPrices().Lookup(tr.Model)
	replay := trajectory.Options{Window: opts.Window, Reserve: opts.Reserve, Rules: tokens.CacheRulesFor(tr.Model, tr.Provider), Price: price, PriceKnown: ok}
	cfg := &TrajectoryConfig{Source: timeline.Source{Trajectory: tr, Options: replay}, Start: len(tr.Turns) - 1}
	cfg.Open = func(i int, p trajectory.Policy) (*core.Scenario, error) {
		data := bodies[i].Body
		if p.Kind != trajectory.KindAsSent {
			var err error
			if data, err = loadtraj.PolicyTurnBody(tauBench, bodies[:i+1], opts, p, cfg.Source.Options); err != nil {
				return nil, err
			}
		}
		return request.Parse(tauBench, data, opts)
	}
	sc, err := cfg.Open(cfg.Start, trajectory.Policy{Kind: trajectory.KindAsSent})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Scenario: sc, Theme: "mono", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(),
		WriteScenario: scenarioload.Write, Trajectory: cfg})
	m = send(t, m, tea.WindowSizeMsg{Width: 160, Height: 48})
	m = settle(t, m, m.Init())
	rep := m.timeline.Report()
	if rep == nil {
		t.Fatal("no replay")
	}
	m = keys(t, m, "down", "down", "down") // watermark:0.8/0.6
	p := rep.Policies[m.timeline.Policy()]
	if !strings.HasPrefix(p.Label, "watermark") {
		t.Fatalf("the chosen policy is %q", p.Label)
	}
	const turn = 30
	m = keys(t, m, "enter")
	want := p.Turns[turn-1].InputTokens
	if want >= rep.Turns[turn-1].InputTokens {
		t.Fatalf("the watermark sends %d at turn %d, as many as sent (%d): the test shows nothing", want, turn, rep.Turns[turn-1].InputTokens)
	}
	if m.eval == nil || m.eval.Assembly == nil {
		t.Fatalf("turn %d under %s: no evaluation", turn, p.Label)
	}
	if got := m.eval.Assembly.Used; got != want {
		t.Fatalf("turn %d under %s: the workbench counts %d; the replay %d", turn, p.Label, got, want)
	}
	screen := screenOf(m)
	for _, s := range []string{"turn 30 of 30 · " + p.Label, "turn 30 under " + p.Label} {
		if !strings.Contains(screen, s) {
			t.Errorf("the screen lacks %q:\n%s", s, screen)
		}
	}
}

// A turn opens at the top of the Context view, wherever the last turn's
// text was scrolled to.
func TestTimelineTurnOpensAtTheTop(t *testing.T) {
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 120, 40)
	m = keys(t, m, "enter")
	m = keys(t, m, "pgdown", "pgdown", "pgdown")
	if m.views.vp.YOffset == 0 {
		t.Fatal("pgdown did not scroll the Context view")
	}
	m = keys(t, m, "7", "left", "enter")
	if m.view != viewContext || m.views.vp.YOffset != 0 {
		t.Errorf("the next turn opened at line %d of the Context view", m.views.vp.YOffset)
	}
}
