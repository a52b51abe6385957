package tui

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// BenchmarkTimelineFrame draws the workbench's whole frame with the
// Timeline view of a 2,000-turn trajectory on screen, every policy
// replayed: in true colour on a dark terminal (each style's escapes
// written around runs of cells), without colour, and with the profile
// BenchmarkView draws in (no escapes):
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
		{"dark", 80, 24, termenv.TrueColor},
		{"mono", 200, 50, termenv.Ascii},
		{"dark", 160, 48, termenv.Ascii},
	} {
		m := open(c.theme, c.width, c.height)
		m.cfg.DarkBackground = true // the terminal's background is the theme's
		if m.timeline.Report() == nil {
			b.Fatal("the replay did not finish")
		}
		name := fmt.Sprintf("turns=2000/%dx%d/%s", c.width, c.height, c.theme)
		if c.profile == termenv.Ascii {
			name += "/no-escapes"
		}
		b.Run(name, func(b *testing.B) {
			lipgloss.SetColorProfile(c.profile)
			defer lipgloss.SetColorProfile(termenv.Ascii)
			b.ReportAllocs()
			cpu := timelineProcessorTime(b)
			for b.Loop() {
				_ = m.View()
			}
			// Processor time, steadier than the clock on a busy machine.
			b.ReportMetric(float64(timelineProcessorTime(b)-cpu)/1e6/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkTimelineView draws the Timeline view's content alone, the
// part of the frame the view adds.
func BenchmarkTimelineView(b *testing.B) {
	m := generatedTimeline(b, 2000)("dark", 200, 50)
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	b.ReportAllocs()
	cpu := timelineProcessorTime(b)
	for b.Loop() {
		_ = m.timeline.View(m.styles, 198, 36)
	}
	b.ReportMetric(float64(timelineProcessorTime(b)-cpu)/1e6/float64(b.N), "cpu-ms/op")
}

// timelineProcessorTime is the process's user and system time so far.
func timelineProcessorTime(b *testing.B) time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		b.Fatal(err)
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}
