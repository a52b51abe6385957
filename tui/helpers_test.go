package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"ctxlab/core"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
)

func init() {
	// Goldens must not depend on the terminal running the tests.
	lipgloss.SetColorProfile(termenv.Ascii)
	// Timers never fire in Update-level tests; tests that need the
	// timer's message send it themselves.
	tickAfter = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
}

// fixedNow keeps exports and metrics timestamps stable.
var fixedNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func sampleScenario(t testing.TB, name string) *core.Scenario {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, ""+name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// newTestModel opens the workbench on a sample scenario at a size and
// theme, with the first evaluation and the inspector's counts settled.
func newTestModel(t testing.TB, scenario, theme string, width, height int) Model {
	t.Helper()
	m := New(Config{
		Scenario:      sampleScenario(t, scenario),
		Theme:         theme,
		Now:           func() time.Time { return fixedNow },
		ExportDir:     t.TempDir(),
		WriteScenario: scenarioload.Write,
	})
	m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	return settle(t, m, m.Init())
}

// send delivers one message and settles the commands it returns.
func send(t testing.TB, m Model, msg tea.Msg) Model {
	t.Helper()
	next, cmd := m.Update(msg)
	return settle(t, next.(Model), cmd)
}

// settle runs commands and feeds their messages back until none is left.
// Commands that wait (the status line's expiry) are not waited for.
func settle(t testing.TB, m Model, cmd tea.Cmd) Model {
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
		next, more := m.Update(msg)
		m = next.(Model)
		queue = append(queue, more)
	}
	return m
}

// runCmd runs a command, with a deadline so a hung command fails the
// test instead of hanging it.
func runCmd(c tea.Cmd) (tea.Msg, bool) {
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		return msg, true
	case <-time.After(20 * time.Second):
		return nil, false
	}
}

// namedKeys are the key names bindings use that are not plain runes.
var namedKeys = map[string]tea.KeyType{
	"tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab, "enter": tea.KeyEnter, "esc": tea.KeyEsc,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"ctrl+u": tea.KeyCtrlU, "ctrl+d": tea.KeyCtrlD, "ctrl+c": tea.KeyCtrlC, "ctrl+z": tea.KeyCtrlZ, "backspace": tea.KeyBackspace,
}

// keyMsg is the message the terminal sends for a key as bindings name it.
func keyMsg(s string) tea.KeyMsg {
	if s == "space" || s == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if t, ok := namedKeys[s]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// keys sends each key in turn.
func keys(t testing.TB, m Model, ks ...string) Model {
	t.Helper()
	for _, k := range ks {
		m = send(t, m, keyMsg(k))
	}
	return m
}

// typeText sends each rune of s as a key.
func typeText(t testing.TB, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		m = send(t, m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}
