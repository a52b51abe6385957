package sharedtext

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"
	"weak"
)

func join(parts ...string) string { return Join(slices.Values(parts)) }

// same reports whether two strings are the same bytes in memory.
func same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// TestJoinIsStringsJoin: whatever the parts, short or long, shared or
// not, Join is their concatenation.
func TestJoinIsStringsJoin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	long := strings.Repeat("ab\n", MinBytes/3+1)
	var kept []string // held, so later joins may share them
	for range 200 {
		var parts []string
		for range rng.IntN(6) {
			switch rng.IntN(4) {
			case 0:
				parts = append(parts, long[:rng.IntN(len(long))])
			case 1:
				parts = append(parts, long[rng.IntN(len(long)):])
			default:
				parts = append(parts, strings.Repeat("x", rng.IntN(40)))
			}
		}
		got := Join(slices.Values(parts))
		if want := strings.Join(parts, ""); got != want {
			t.Fatalf("Join of %d parts: %d bytes, want %d", len(parts), len(got), len(want))
		}
		kept = append(kept, got)
	}
	runtime.KeepAlive(kept)
}

// TestJoinSharesALongTextStillHeld: a long text joined again from other
// parts is the first join's string; its end, joined without the start,
// is a part of it; a text of the same length and other bytes is not.
func TestJoinSharesALongTextStillHeld(t *testing.T) {
	body := strings.Repeat("shared body ", MinBytes/12+1)
	first := join("Heading:\n", body[:100], body[100:])
	if again := join("Heading:\n", body); !same(again, first) {
		t.Error("the same text joined again is a new copy")
	}
	if tail := join(body); !same(tail, first[len("Heading:\n"):]) || tail != body {
		t.Error("the text without its heading is not the end of the first join")
	}
	other := join("Heading:\n", strings.Repeat("X", len(body)))
	if same(other, first) || other[len("Heading:\n"):] != strings.Repeat("X", len(body)) {
		t.Error("a text of the same length and other bytes took the first join")
	}
	short := strings.Repeat("s", MinBytes-1)
	if a, b := join(short), join(short); same(a, b) {
		t.Error("a text under MinBytes was shared; it should be written again")
	}
	runtime.KeepAlive(first)
}

// TestJoinKeepsNothingAlive: a long join no one holds is collected; the
// next join of the same parts writes it again, equal.
func TestJoinKeepsNothingAlive(t *testing.T) {
	body := strings.Repeat("collect me ", MinBytes/11+1)
	first := join("a", body)
	w := weak.Make(unsafe.StringData(first))
	first = ""
	for range 5 {
		runtime.GC()
	}
	if w.Value() != nil {
		t.Fatal("a joined text nothing holds was not collected: the cache keeps it alive")
	}
	if again := join("a", body); again != "a"+body {
		t.Error("joining a collected text again gave other bytes")
	}
}

// TestJoinConcurrently: joins of the same and of different texts from
// many goroutines are each their concatenation (run with -race).
func TestJoinConcurrently(t *testing.T) {
	texts := []string{strings.Repeat("1", MinBytes+5), strings.Repeat("2", MinBytes+5), strings.Repeat("3", MinBytes+7)}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				want := texts[(g+i)%len(texts)]
				if got := join(want[:10], want[10:]); got != want {
					t.Errorf("goroutine %d: a join of %d bytes gave other bytes", g, len(want))
					return
				}
			}
		}()
	}
	wg.Wait()
}
