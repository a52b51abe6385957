package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// longSource is a long source of the sample: at 160 columns the list
// shows it whole, its notes short, rather than cut it for their words.
const longSource = "kb/returns/_drafts/holiday-returns-2026.md"

func TestListNotesAreInWordsWhenTheListIsWide(t *testing.T) {
	words := []string{
		"[1] sent whole · rank 1 after dedup", "[10] cut inside the retrieved context", "[11] lost in the assembler's cut",
		"[12] 87 of 127 kept; the assembler cut it", "over budget · rank 25 after dedup",
		"= exact copy of #36", "≈ near copy of #2, similarity 0.93", "2 tokens, under the minimum of 5",
	}
	short := []string{"[1] rank 1", "[10] RAG cut inside", "[11] lost: RAG cut", "[12] cut 87/127 → lost", "over · rank 25", "= #36 exact", "≈ #2 J=0.93", "2 tok < min 5"}
	for _, tt := range []struct {
		width int
		want  []string
	}{{200, words}, {160, append(short, longSource)}, {120, short}} {
		m := newTestModel(t, "support_chat", "mono", tt.width, 48)
		screen := ansi.Strip(m.View())
		for _, w := range tt.want {
			if !strings.Contains(screen, w) {
				t.Errorf("%d columns: the list lacks %q:\n%s", tt.width, w, screen)
			}
		}
	}
}
