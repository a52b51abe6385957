package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/window"
	"ctxlab/tui/views"
)

// TestContextSystemHeadingAddsUp: the Context view's first heading splits
// the system message into the figures the budget bars show, and they add
// up to the message's count.
func TestContextSystemHeadingAddsUp(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	a := m.eval.Assembly
	system, _ := a.Component(window.ComponentSystem)
	tools, _ := a.Component(window.ComponentTools)
	n := m.eval.Settings.Pipeline.Tokenizer.Count(a.Messages[0].Content)
	want := fmt.Sprintf("1 system · %d tokens (system prompt %d + tools %d + heading %d)", n, system.Used, tools.Used, n-system.Used-tools.Used)
	if tools.Used == 0 || n-system.Used-tools.Used <= 0 {
		t.Fatalf("the sample's system message: %d tokens, system %d, tools %d", n, system.Used, tools.Used)
	}
	if got := ansi.Strip(views.Context(m.styles, m.eval, m.cfg.Scenario, 160)); !strings.Contains(got, want) {
		t.Errorf("the Context view lacks %q:\n%s", want, got)
	}
}
