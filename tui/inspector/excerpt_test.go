package inspector

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestInspectorExcerpt: text within the limit is shown whole; a longer
// text is cut on a character boundary with a note of what was left out,
// reaching past a cut near the start and naming a cut beyond it.
func TestInspectorExcerpt(t *testing.T) {
	t.Parallel()
	if got, note := Excerpt("short text", -1); got != "short text" || note != "" {
		t.Errorf("short text: %q, note %q", got, note)
	}
	long := strings.Repeat("漢字 ", TextLimit/3) // 7 bytes a repeat: past the limit, in multibyte runes
	got, note := Excerpt(long, -1)
	if len(got) > TextLimit || len(got) < TextLimit-utf8.UTFMax || !utf8.ValidString(got) || !strings.HasPrefix(long, got) {
		t.Errorf("excerpt of %d bytes: %d bytes, valid UTF-8 %v", len(long), len(got), utf8.ValidString(got))
	}
	if !strings.Contains(note, "more bytes of this document are not shown") || strings.Contains(note, "the cut") {
		t.Errorf("note %q", note)
	}
	nearCut := TextLimit - 10
	if got, _ := Excerpt(long, nearCut); len(got) <= nearCut {
		t.Errorf("a cut at byte %d: the excerpt ends at %d, before the cut marker", nearCut, len(got))
	}
	if _, note := Excerpt(long+long+long+long+long, 4*TextLimit+1); !strings.Contains(note, "the cut is at byte") {
		t.Errorf("a cut past the excerpt is not named: %q", note)
	}
}
