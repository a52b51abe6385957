package tui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestGoldenTokenView pins the text as tokens: the inspector at 80×24
// (full width) and the Context view at 160×48, in colour and without.
func TestGoldenTokenView(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		for _, theme := range []string{"dark", "mono"} {
			t.Run(fmt.Sprintf("%s_%dx%d_inspector", theme, size.w, size.h), func(t *testing.T) {
				m := keys(t, newTestModel(t, "support_chat", theme, size.w, size.h), "T", "enter")
				golden.RequireEqual(t, []byte(m.View()))
			})
			t.Run(fmt.Sprintf("%s_%dx%d_context", theme, size.w, size.h), func(t *testing.T) {
				m := keys(t, newTestModel(t, "support_chat", theme, size.w, size.h), "3", "T")
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}
