package tui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// BenchmarkTimelineFrame draws the workbench's whole frame with the
// Timeline view of a 2,000-turn trajectory on screen, every policy
// replayed, in true colour (each style's escapes written around runs of
// cells) and without colour:
//
//	go test ./tui -run '^$' -bench TimelineFrame -benchtime 200x
func BenchmarkTimelineFrame(b *testing.B) {
	open := generatedTimeline(b, 2000)
	for _, c := range []struct {
		theme         string
		width, height int
		profile       termenv.Profile
	}{
		{"dark", 200, 50, termenv.TrueColor},
		{"mono", 200, 50, termenv.Ascii},
		{"dark", 80, 24, termenv.TrueColor},
	} {
		m := open(c.theme, c.width, c.height)
		if m.timeline.Report() == nil {
			b.Fatal("the replay did not finish")
		}
		b.Run(fmt.Sprintf("turns=2000/%dx%d/%s", c.width, c.height, c.theme), func(b *testing.B) {
			lipgloss.SetColorProfile(c.profile)
			defer lipgloss.SetColorProfile(termenv.Ascii)
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkTimelineView draws the Timeline view's content alone, the
// part of the frame the view adds.
func BenchmarkTimelineView(b *testing.B) {
	m := generatedTimeline(b, 2000)("dark", 200, 50)
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for b.Loop() {
		_ = m.timeline.View(m.styles, 198, 36)
	}
}
