package diagnosis

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDropSourceAsReplaceAll: dropping a labelled source is
// strings.ReplaceAll of label and source by the label, on random
// sentences of overlapping labels and sources, without writing the
// needle for a long source.
func TestDropSourceAsReplaceAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 1))
	pieces := []string{"#1", "#1 ", " ", "a", "aa", "#", "1", ", ", "x"}
	for range 5000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		source := strings.Repeat("a", rng.IntN(3)) + []string{"", "#1", " a"}[rng.IntN(3)]
		if got, want := dropSource(b.String(), "#1", source), strings.ReplaceAll(b.String(), "#1 "+source, "#1"); got != want {
			t.Fatalf("dropSource(%q, #1, %q) = %q, want %q", b.String(), source, got, want)
		}
	}

	source := "kb/" + strings.Repeat("a", 4<<20)
	sentence := "#1 " + source + ", sent as [1], is mostly its citation header."
	var got string
	if grew := allocatedBy(func() { got = dropSource(sentence, "#1", source) }); grew > 4096 {
		t.Errorf("dropping a %d-byte source allocated %d bytes", len(source), grew)
	}
	if got != "#1, sent as [1], is mostly its citation header." {
		t.Errorf("got %q", got)
	}
}
