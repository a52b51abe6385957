package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/request"
	loadtraj "ctxlab/loaders/trajectory"
)

// generatedTrajectory is n requests of an agent whose tool results grow
// turn by turn, as a JSON array of request bodies: each request the
// system prompt, the task, and its last few calls and results.
func generatedTrajectory(t testing.TB, n int) (*loadtrajBodies, request.Options) {
	t.Helper()
	bodies := make([]map[string]any, n)
	for i := range bodies {
		msgs := []map[string]any{
			{"role": "system", "content": "You are a travel agent. Follow the airline policy exactly."},
			{"role": "user", "content": "Rebook every flight of mine to economy."},
		}
		for k := max(1, i-2); k <= i; k++ {
			id := fmt.Sprintf("call_%d", k)
			msgs = append(msgs,
				map[string]any{"role": "assistant", "tool_calls": []map[string]any{{"id": id, "type": "function",
					"function": map[string]any{"name": "get_reservation", "arguments": fmt.Sprintf(`{"id":"R%05d"}`, k)}}}},
				map[string]any{"role": "tool", "tool_call_id": id, "content": strings.Repeat(fmt.Sprintf("seat %d ", k), 5+k%40)})
		}
		bodies[i] = map[string]any{"model": "gpt-4o", "messages": msgs, "max_tokens": 100}
	}
	data, err := json.Marshal(bodies)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := loadtraj.ParseBodies("generated.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return &loadtrajBodies{name: "generated.json", bodies: parsed}, request.Options{Window: 600}
}

type loadtrajBodies struct {
	name   string
	bodies []loadtraj.TurnBody
}

// generatedTimeline opens the workbench on a generated trajectory of n
// turns; open opens it again at another size or theme, on the same
// trajectory (a replay runs at a time).
func generatedTimeline(t testing.TB, n int) (open func(theme string, width, height int) Model) {
	t.Helper()
	g, opts := generatedTrajectory(t, n)
	tr, err := loadtraj.Build(g.name, g.bodies, opts)
	if err != nil {
		t.Fatal(err)
	}
	return func(theme string, width, height int) Model {
		return newTimelineModelOf(t, tr, func(i int) (*core.Scenario, error) {
			return request.Parse(g.name, g.bodies[i].Body, opts)
		}, opts, theme, width, height)
	}
}

// The view works from 2 turns to 2,000, at 80×24 and 200 columns, in
// every theme: every line fits, the chosen turn is labelled under its
// column, the window is drawn, and ←/→ move one turn even where a
// column holds several.
func TestTimelineFromTwoToTwoThousandTurns(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 2000} {
		open := generatedTimeline(t, n)
		for _, size := range [][2]int{{80, 24}, {200, 50}} {
			for _, theme := range []string{"mono", "dark", "light"} {
				m := open(theme, size[0], size[1])
				name := fmt.Sprintf("%d turns, %dx%d, %s", n, size[0], size[1], theme)
				screen := screenOf(m)
				last := numfmt.Thousands(n)
				if !strings.Contains(screen, "↑"+last) && !strings.Contains(screen, last+"↑") {
					t.Errorf("%s: the chosen turn is not labelled under its column:\n%s", name, screen)
				}
				for _, want := range []string{fmt.Sprintf("turn %s/%s", last, last), "cache│", "as-sent:", "─"} {
					if !strings.Contains(screen, want) {
						t.Errorf("%s: the screen lacks %q:\n%s", name, want, screen)
					}
				}
				if !strings.Contains(screen, "turn  1") {
					t.Errorf("%s: the first turn is not labelled:\n%s", name, screen)
				}
				lines := strings.Split(screen, "\n")
				if len(lines) != size[1] {
					t.Errorf("%s: %d lines", name, len(lines))
				}
				for i, line := range lines {
					if w := ansi.StringWidth(line); w > size[0] {
						t.Errorf("%s: line %d is %d wide", name, i+1, w)
					}
				}
				m = keys(t, m, "left")
				if want := "turn " + numfmt.Thousands(n-1) + "/"; !strings.Contains(screenOf(m), want) {
					t.Errorf("%s: ← did not choose turn %d:\n%s", name, n-1, screenOf(m))
				}
			}
		}
	}
}
