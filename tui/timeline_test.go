package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/trajectory"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/request"
	scenarioload "ctxlab/loaders/scenario"
	loadtraj "ctxlab/loaders/trajectory"
	"ctxlab/tui/timeline"
)

// tauBench is the 62-message tau-bench airline trajectory: 30 turns.
var tauBench = filepath.Join("..", "loaders", "trajectory", "testdata", "taubench", "airline-task2-62-messages.json")

// newTimelineModel opens the workbench on a trajectory file as
// ctxlab --trajectory does: turn start as the scenario, the Timeline
// view replaying every policy.
func newTimelineModel(t testing.TB, path string, opts request.Options, theme string, width, height int) Model {
	t.Helper()
	bodies, err := loadtraj.ReadBodies(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := loadtraj.Build(path, bodies, opts)
	if err != nil {
		t.Fatal(err)
	}
	return newTimelineModelOf(t, tr, func(i int) (*core.Scenario, error) {
		return request.Parse(path, bodies[i].Body, opts)
	}, opts, theme, width, height)
}

func newTimelineModelOf(t testing.TB, tr *trajectory.Trajectory, open func(int) (*core.Scenario, error), opts request.Options, theme string, width, height int) Model {
	t.Helper()
	price, _, ok := tokens.DefaultPrices().Lookup(tr.Model)
	replay := trajectory.Options{Window: opts.Window, Reserve: opts.Reserve, Rules: tokens.CacheRulesFor(tr.Model, tr.Provider), Price: price, PriceKnown: ok}
	start := len(tr.Turns) - 1
	sc, err := open(start)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{
		Scenario:      sc,
		Theme:         theme,
		Now:           func() time.Time { return fixedNow },
		ExportDir:     t.TempDir(),
		WriteScenario: scenarioload.Write,
		Trajectory:    &TrajectoryConfig{Source: timeline.Source{Trajectory: tr, Options: replay}, Open: func(i int, _ trajectory.Policy) (*core.Scenario, error) { return open(i) }, Start: start},
	})
	m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	return settle(t, m, m.Init())
}

func screenOf(m Model) string { return ansi.Strip(m.View()) }

// The workbench opens a trajectory on the Timeline view: the turn's
// line, the bars, the window, the first turn over it, and every policy
// side by side.
func TestTimelineOpensOnTheTrajectory(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", size[0], size[1])
		if m.view != viewTimeline {
			t.Fatalf("%v: opened on view %d", size, m.view)
		}
		screen := screenOf(m)
		wants := []string{"7 Timeline: airline-task2-62-messages.json, 30 turns", "turn 30/30 (message 61) ● open",
			"as-sent:", "$203.32 per 1,000 trajectories", "4 over (first 27", "11k─", "▲", "↑30"}
		if size[0] == 80 {
			// Narrow, the same figures in fewer words.
			wants = []string{"7 Timeline: airline-task2-62-messages.json, 30 turns", "turn 30/30 ● open",
				"as-sent:", "$203.32/1k", "4 over (1st 27", "11k─", "▲", "↑30"}
		}
		for _, want := range wants {
			if !strings.Contains(screen, want) {
				t.Errorf("%v: the timeline lacks %q:\n%s", size, want, screen)
			}
		}
		if size[0] == 200 {
			for _, want := range []string{"watermark:0.8/0.6:", "no overflow, 89% cached, $224.03 per 1,000", "drop-oldest:", "clear-tool-results:3:",
				"compact:0.8:", "last:20:", "▓ tools", "░ tool results", "━ cached prefix ends", "▲ first turn over it"} {
				if !strings.Contains(screen, want) {
					t.Errorf("%v: the timeline lacks %q:\n%s", size, want, screen)
				}
			}
		}
		for i, line := range strings.Split(screen, "\n") {
			if w := ansi.StringWidth(line); w > size[0] {
				t.Errorf("%v: line %d is %d wide: %q", size, i+1, w, line)
			}
		}
		if n := strings.Count(screen, "\n") + 1; n != size[1] {
			t.Errorf("%v: %d lines", size, n)
		}
	}
}

// ←/→ choose a turn, g and G the ends, o the first turn over the window.
func TestTimelineArrowsChooseTheTurn(t *testing.T) {
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 120, 40)
	steps := []struct {
		key, want string
	}{
		{"left", "turn 29/30 (message 59) · as-sent"},
		{"left", "turn 28/30 (message 57)"},
		{"right", "turn 29/30"},
		{"g", "turn 1/30 (message 3) · as-sent: 2,660 tokens, 0 cached · enter opens it"},
		{"right", "turn 2/30 (message 5)"},
		{"o", "turn 27/30 (message 55) · as-sent: 10,026 tokens ▲ over the window with the 1,000 reserve, refused"},
		{"G", "turn 30/30"},
		{"right", "turn 30/30"},
	}
	for _, s := range steps {
		m = keys(t, m, s.key)
		if screen := screenOf(m); !strings.Contains(screen, s.want) {
			t.Fatalf("after %s: the timeline lacks %q:\n%s", s.key, s.want, screen)
		}
	}
}

// enter opens the chosen turn's request in every view: the window bar
// counts what ctxlab assemble counts for that turn's body (the replay's
// as-sent input, which TestReplayAsSentEqualsAssemble ties to assemble),
// and 7 returns to the timeline on the same turn.
func TestTimelineEnterOpensTheTurn(t *testing.T) {
	t.Parallel()
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 120, 40)
	rep := m.timeline.Report()
	if rep == nil {
		t.Fatal("no replay")
	}
	for _, turn := range []int{1, 14, 27} {
		m = keys(t, m, "g")
		for range turn - 1 {
			m = keys(t, m, "right")
		}
		m = keys(t, m, "enter")
		if m.view != viewContext || m.eval == nil || m.eval.Assembly == nil {
			t.Fatalf("turn %d: enter left view %d, evaluation %v", turn, m.view, m.eval != nil)
		}
		want := rep.Turns[turn-1].InputTokens
		if got := m.eval.Assembly.Used; got != want {
			t.Errorf("turn %d: the workbench counts %d tokens, the replay as sent %d", turn, got, want)
		}
		screen := screenOf(m)
		for _, s := range []string{fmt.Sprintf("turn %d of 30", turn), numfmt.Thousands(want) + " / ", "7 returns to the timeline"} {
			if !strings.Contains(screen, s) {
				t.Errorf("turn %d: the screen lacks %q:\n%s", turn, s, screen)
			}
		}
		for _, v := range []string{"d", "6", "f"} {
			m = keys(t, m, v)
			if m.eval.Assembly.Used != want {
				t.Errorf("turn %d: view %s shows another request", turn, v)
			}
			m = keys(t, m, "esc")
		}
		m = keys(t, m, "7")
		if m.view != viewTimeline || !strings.Contains(screenOf(m), fmt.Sprintf("turn %d/30 (message %d) ● open", turn, 2*turn+1)) {
			t.Fatalf("7 did not return to the timeline on turn %d:\n%s", turn, screenOf(m))
		}
	}
}

// ↑/↓ choose the policy the bars show; p pins it as the baseline and
// the others show their difference; P clears it.
func TestTimelinePoliciesChosenAndPinned(t *testing.T) {
	m := newTimelineModel(t, tauBench, request.Options{Window: 11000, Reserve: 1000}, "mono", 200, 50)
	m = keys(t, m, "down", "down", "down") // watermark:0.8/0.6
	screen := screenOf(m)
	if !strings.Contains(screen, "▸  watermark:0.8/0.6:") || !strings.Contains(screen, "turn 30/30 (message 61) ● open · watermark:0.8/0.6: ") {
		t.Fatalf("down did not choose the watermark:\n%s", screen)
	}
	if strings.Contains(screen, "▲ over the window") {
		t.Errorf("the watermark overflows no turn, yet the turn is marked over:\n%s", screen)
	}
	m = keys(t, m, "p")
	if m.baseline != nil {
		t.Fatal("p in the timeline pinned the settings, not a policy")
	}
	m = keys(t, m, "up", "up", "up") // as-sent, against the watermark
	screen = screenOf(m)
	for _, want := range []string{" B watermark:0.8/0.6:", "· the baseline", "▸  as-sent:", "vs B +4 over, +4 pts cached, −$20.71",
		"drop-oldest:", "vs B −10 pts cached, +$65.45"} {
		if !strings.Contains(screen, want) {
			t.Errorf("with the watermark pinned the screen lacks %q:\n%s", want, screen)
		}
	}
	m = keys(t, m, "P")
	if screen := screenOf(m); strings.Contains(screen, "vs B") || strings.Contains(screen, "the baseline") {
		t.Errorf("P left the baseline policy:\n%s", screen)
	}
}

// ? names the Timeline view among the views, and with a trajectory
// lists its keys.
func TestHelpNamesTheTimeline(t *testing.T) {
	m := keys(t, newTimelineModel(t, tauBench, request.Options{}, "mono", 200, 50), "?")
	screen := screenOf(m)
	for _, want := range []string{" 7  Timeline: a trajectory by turn", "Timeline (7): an agent's trajectory", "open the turn in every",
		"pin the policy as baseline"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the help lacks %q:\n%s", want, screen)
		}
	}
	m = keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "?")
	if screen := screenOf(m); !strings.Contains(screen, " 7  Timeline: a trajectory by turn") {
		t.Errorf("without a trajectory the help's first screen lacks the Timeline view:\n%s", screen)
	}
	m = keys(t, newTestModel(t, "support_chat", "mono", 80, 24), "7")
	if screen := screenOf(m); m.view != viewTimeline || !strings.Contains(screen, "No trajectory is loaded. ctxlab --trajectory FILE") {
		t.Errorf("7 without a trajectory:\n%s", screen)
	}
}
