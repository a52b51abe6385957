package main

import (
	"strings"
	"testing"
)

// screenWith is a 40-row screen with the given header and body.
func screenWith(header, body string) string {
	lines := make([]string, rows)
	lines[0] = header
	lines[1] = body
	return strings.Join(lines, "\n")
}

// TestFinalWaitsForTheSettledScreen: a first frame (the count pending, a
// job computing, the inspector counting) is not taken; the settled one
// is, whatever its documents say.
func TestFinalWaitsForTheSettledScreen(t *testing.T) {
	drawn := "1 Documents · Budget ── content ── tokens   heuristic 206"
	for _, c := range []struct {
		screen string
		want   bool
	}{
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base) · window 128,000", drawn+" the refund is pending"), true},
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base pending, heuristic estimate)", drawn), false},
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base)   computing… ? help", drawn), false},
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base)   loading o200k_base… (esc stops)", drawn), false},
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base)", "1 Documents · Budget ── content ── tokens   counting under every tokenizer…"), false},
		{screenWith(" ctxlab · support_chat · gpt-4o (o200k_base)", "1 Documents · Budget"), false},
		{"", false},
	} {
		if got := final(c.screen); got != c.want {
			t.Errorf("final(%.120q) = %v, want %v", c.screen, got, c.want)
		}
	}
}
