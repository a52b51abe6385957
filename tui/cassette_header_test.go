package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/internal/testcorpus"
	"ctxlab/loaders/request"
	"ctxlab/tui/views"
)

// TestCassetteSaysWhichInteraction: a cassette holds several requests;
// the header says which one is on screen and the Context view how to
// open another, under the request's description.
func TestCassetteSaysWhichInteraction(t *testing.T) {
	path := testcorpus.Path("pydantic-ai-llm-requests/test_complex_agent_run_in_flow.yaml")
	sc, err := request.Load(path, nil, request.Options{Interaction: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sc.Interaction != 2 || sc.Interactions < 2 {
		t.Fatalf("the cassette loaded as interaction %d of %d", sc.Interaction, sc.Interactions)
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	header := strings.Split(ansi.Strip(m.View()), "\n")[0]
	if want := "test_complex_agent_run_in_flow · interaction 2 of 3 ·"; !strings.Contains(header, want) {
		t.Errorf("the header %q lacks %q", header, want)
	}
	text := ansi.Strip(views.Context(m.styles, m.eval, sc, 400))
	for _, want := range []string{sc.Description, "Another of the cassette's 3 chat requests: ctxlab --request " + path + " --interaction N."} {
		if !strings.Contains(text, want) {
			t.Errorf("the Context view lacks %q:\n%s", want, text)
		}
	}
}
