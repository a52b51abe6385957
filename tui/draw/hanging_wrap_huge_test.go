//go:build heavy

package draw

import (
	"strings"
	"testing"
	"time"

	"github.com/mattn/go-runewidth"
)

// TestHangingWrapBreaksAVeryLongWordInOnePass: a word of 4 MB (a source
// or a base64 blob with no space) is broken into lines in one pass over
// it. Measured whole for each line it took hours (100 GB measured),
// inside the update loop: the workbench froze, Ctrl-C and a closed
// terminal included.
func TestHangingWrapBreaksAVeryLongWordInOnePass(t *testing.T) {
	word := strings.Repeat("ab漢", 4<<20/5)
	done := make(chan []string, 1)
	go func() { done <- HangingWrap(word, 80, 2) }()
	select {
	case lines := <-done:
		if got := strings.Join(lines, ""); got != word {
			t.Fatalf("the lines hold %d bytes of the %d-byte word", len(got), len(word))
		}
		for i, l := range lines[:len(lines)-1] {
			room := 80
			if i > 0 {
				room -= 2 // the indent
			}
			if w := runewidth.StringWidth(l); w > room || w < room-1 {
				t.Fatalf("line %d is %d cells; want it filled to %d (one less before a wide character)", i+1, w, room)
			}
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("wrapping a 4 MB word did not end")
	}
}
