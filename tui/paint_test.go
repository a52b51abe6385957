package tui

import (
	"strings"
	"testing"

	"ctxlab/tui/draw"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// withTrueColor renders in colour for one test; the package's tests
// otherwise draw with the Ascii profile.
func withTrueColor(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Cleanup(func() { lipgloss.SetColorProfile(termenv.Ascii) })
}

// TestLightThemeOnDarkTerminalPaintsItsBackground: a theme made for the
// other kind of background paints its own, on every cell of every line,
// and a theme that matches the terminal leaves the terminal's alone.
func TestLightThemeOnDarkTerminalPaintsItsBackground(t *testing.T) {
	withTrueColor(t)
	const white = "48;2;255;255;255"
	m := newTestModel(t, "support_chat", "light", 100, 30)
	m.cfg.DarkBackground = true
	frame := m.View()
	lines := strings.Split(frame, "\n")
	if len(lines) != 30 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "\x1b[38;2;24;24;27;"+white+"m") {
			t.Fatalf("line %d does not start with the theme's colours: %q", i, l[:min(40, len(l))])
		}
		if w := ansi.StringWidth(l); w != 100 {
			t.Errorf("line %d is %d cells, not the full width", i, w)
		}
		// After every reset but the last, the colours are set again.
		if n, set := strings.Count(l, draw.SGRReset), strings.Count(l, draw.SGRReset+"\x1b[38;2;24;24;27;"+white+"m"); set != n-1 {
			t.Errorf("line %d: %d resets, %d followed by the theme's colours", i, n, set)
		}
	}

	m.cfg.DarkBackground = false // a light terminal: its own background
	if strings.Contains(m.View(), white) && strings.HasPrefix(m.View(), "\x1b[38;2;24;24;27;"+white) {
		t.Error("the light theme painted a background on a light terminal")
	}
	dark := newTestModel(t, "support_chat", "dark", 100, 30)
	dark.cfg.DarkBackground = false
	if !strings.Contains(dark.View(), "48;2;30;30;30") {
		t.Error("the dark theme on a light terminal did not paint its background")
	}
	for _, name := range []string{"high-contrast", "mono"} {
		hc := newTestModel(t, "support_chat", name, 100, 30)
		hc.cfg.DarkBackground = false
		if strings.HasPrefix(hc.View(), "\x1b[38;2") {
			t.Errorf("%s paints a background; it is made to read on any", name)
		}
	}
}

// The too-small notice is painted too, every line of the terminal, so a
// light theme on a dark terminal never shows a patch of the terminal's
// black.
func TestTooSmallNoticeIsPainted(t *testing.T) {
	withTrueColor(t)
	m := newTestModel(t, "support_chat", "light", 60, 20)
	m.cfg.DarkBackground = true
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 20 {
		t.Fatalf("%d lines, want the terminal's 20", len(lines))
	}
	for i, l := range lines {
		if !strings.Contains(l, "48;2;255;255;255") || ansi.StringWidth(l) != 60 {
			t.Errorf("line %d is not painted full width: %q", i, l)
		}
	}
}
