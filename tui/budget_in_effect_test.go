package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/window"
)

// A window too small for the reserve is measured as sent whatever the
// assembly control says: the control shows the mode in effect, and the
// status line explains why the components' counts moved.
func TestInvalidWindowShowsTheAssemblyInEffect(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 160, 48)
	if m.eval.Assembly.Mode != window.Budgeted {
		t.Fatalf("sample assembled %q", m.eval.Assembly.Mode)
	}
	tools, _ := m.eval.Assembly.Component("tools")
	m = keys(t, m, ":")
	m = typeText(t, m, "window")
	m = keys(t, m, "enter", "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "1000")
	m = keys(t, m, "enter")
	if m.eval.Settings.Budget.TotalWindow != 1000 || m.eval.Assembly.Mode != window.MeasureOnly {
		t.Fatalf("window %d assembled %q", m.eval.Settings.Budget.TotalWindow, m.eval.Assembly.Mode)
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "assembly ◂budgeted▸ (measure in effect)") {
		t.Errorf("the assembly control does not say what is in effect:\n%s", screen)
	}
	if !strings.Contains(screen, "measured as sent instead of budgeted") {
		t.Errorf("the banner does not say the budget is not applied:\n%s", screen)
	}
	after, _ := m.eval.Assembly.Component("tools")
	if after.Used != tools.Used && !strings.Contains(m.status.text, "measured as sent, not budgeted: ") {
		t.Errorf("the components' counts moved with nothing said: %q", m.status.text)
	}
	if !strings.Contains(m.status.text, "history ") {
		t.Errorf("the status line does not name the history's move: %q", m.status.text)
	}

	// A window that fits budgets again: the mark goes.
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "128000")
	m = keys(t, m, "enter")
	if strings.Contains(ansi.Strip(m.View()), "in effect") {
		t.Error("the in-effect mark stayed once the budget applies")
	}
	if !strings.Contains(m.status.text, "budgeted again") {
		t.Errorf("status %q", m.status.text)
	}
}
