package themes

import (
	"fmt"
	"math"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

func TestDefault(t *testing.T) {
	if Default(true, true).Name != "mono" || Default(false, true).Name != "dark" || Default(false, false).Name != "light" {
		t.Error("Default does not follow NO_COLOR and the background")
	}
}

func TestNextCyclesAll(t *testing.T) {
	p := All[0]
	seen := map[string]bool{}
	for range All {
		seen[p.Name] = true
		p = Next(p)
	}
	if len(seen) != len(All) || p.Name != All[0].Name {
		t.Errorf("cycle visited %v", seen)
	}
}

func TestEveryThemeBuildsEveryComponentStyle(t *testing.T) {
	for _, p := range All {
		s := New(p)
		for _, c := range []string{CompSystem, CompTools, CompHistory, CompRAG, CompToolResults, CompQuery, CompFraming, CompReserve} {
			if _, ok := s.Component[c]; !ok {
				t.Errorf("%s: no style for %s", p.Name, c)
			}
		}
		if p.Name != "mono" && (p.Included == "" || p.Excluded == "" || p.Alert == "") {
			t.Errorf("%s: missing fate colours", p.Name)
		}
	}
	if _, ok := ByName("solarized"); ok {
		t.Error("unknown theme found")
	}
}

// contrast is the WCAG 2 contrast ratio of two "#RRGGBB" colours.
func contrast(t *testing.T, a, b lipgloss.Color) float64 {
	t.Helper()
	lum := func(c lipgloss.Color) float64 {
		var r, g, bl uint8
		if _, err := fmt.Sscanf(string(c), "#%02x%02x%02x", &r, &g, &bl); err != nil {
			t.Fatalf("colour %q: %v", c, err)
		}
		lin := func(v uint8) float64 {
			x := float64(v) / 255
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestTextContrast keeps every text colour, faint and filtered included,
// at 4.5:1 on the background the theme is for, the unfocused border at
// 3:1, and the free part of a bar visible but quieter than any text.
func TestTextContrast(t *testing.T) {
	cases := []struct {
		p  Palette
		bg lipgloss.Color
	}{{Dark, "#1E1E1E"}, {Dark, "#000000"}, {Light, "#FFFFFF"}}
	for _, c := range cases {
		p := c.p
		text := map[string]lipgloss.Color{
			"Text": p.Text, "Muted": p.Muted, "Faint": p.Faint, "Filtered": p.Filtered, "Accent": p.Accent,
			"Included": p.Included, "Partial": p.Partial, "Summarized": p.Summarized, "Excluded": p.Excluded,
			"Duplicate": p.Duplicate, "Warn": p.Warn, "Changed": p.Changed, "Citation": p.Citation,
		}
		for name, col := range text {
			if r := contrast(t, col, c.bg); r < 4.5 {
				t.Errorf("%s on %s: %s %s is %.2f:1, want 4.5:1", p.Name, c.bg, name, col, r)
			}
		}
		if r := contrast(t, p.Border, c.bg); p.Name == "light" && r < 3 {
			t.Errorf("%s: border %s is %.2f:1 on %s, want 3:1", p.Name, p.Border, r, c.bg)
		}
		if r := contrast(t, p.Free, c.bg); r < 1.5 || r > 2.5 {
			t.Errorf("%s: free %s is %.2f:1 on %s, want visible but quiet (1.5 to 2.5)", p.Name, p.Free, r, c.bg)
		}
	}
}

// TestColourThemesDoNotFadeFilteredText: filtered text is a grey, not a
// grey made fainter by the terminal.
func TestColourThemesDoNotFadeFilteredText(t *testing.T) {
	for _, p := range []Palette{Dark, Light, HighContrast} {
		s := New(p)
		if s.Filtered.GetFaint() || s.Faint.GetFaint() {
			t.Errorf("%s: filtered or faint text has the faint attribute", p.Name)
		}
	}
}

// TestHighContrastFollowsTheTerminal: the high-contrast theme must read on
// a light terminal as well as a dark one, so its text is the terminal's
// own foreground, never a bright ANSI colour, and the selection and header
// are reverse video.
func TestHighContrastFollowsTheTerminal(t *testing.T) {
	p := HighContrast
	for name, c := range map[string]lipgloss.Color{"Text": p.Text, "Muted": p.Muted, "Faint": p.Faint, "Border": p.Border, "Filtered": p.Filtered} {
		if c != "" {
			t.Errorf("high-contrast %s is %q, want the terminal's foreground", name, c)
		}
	}
	bright := map[lipgloss.Color]bool{"8": true, "9": true, "10": true, "11": true, "12": true, "13": true, "14": true, "15": true, "0": true, "7": true}
	for name, c := range map[string]lipgloss.Color{
		"Accent": p.Accent, "Included": p.Included, "Partial": p.Partial, "Summarized": p.Summarized, "Excluded": p.Excluded,
		"Duplicate": p.Duplicate, "Warn": p.Warn, "Changed": p.Changed, "Citation": p.Citation,
	} {
		if bright[c] {
			t.Errorf("high-contrast %s is ANSI %s, which vanishes on one of the backgrounds", name, c)
		}
	}
	s := New(p)
	if !s.Bold.GetBold() || !s.Selected.GetReverse() || !s.Header.GetReverse() || !s.ControlFocused.GetReverse() {
		t.Error("high-contrast: want bold emphasis and a reverse-video header, selection and focused control")
	}
}
