package safetext

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapeJSON(t *testing.T) {
	t.Parallel()
	hostile := "a\u009b31mb\u009dc\u009cd\x7fe\u202ef\u200bg\u200dh\ufeffi\u2066j\x1b[2Jk"
	data, err := json.Marshal(map[string]string{"text": hostile, "plain": "héllo 漢"})
	if err != nil {
		t.Fatal(err)
	}
	got := EscapeJSON(data)
	for _, r := range []rune{0x9b, 0x9d, 0x9c, 0x7f, 0x202e, 0x200b, 0x200d, 0xfeff, 0x2066, 0x1b} {
		if strings.ContainsRune(string(got), r) {
			t.Errorf("U+%04X is still raw in %s", r, got)
		}
	}
	if !strings.Contains(string(got), `\u009b`) || !strings.Contains(string(got), "héllo 漢") {
		t.Errorf("escaped %s", got)
	}
	var back map[string]string
	if err := json.Unmarshal(got, &back); err != nil || back["text"] != hostile || back["plain"] != "héllo 漢" {
		t.Errorf("the value changed: %q, %v", back, err)
	}
	clean := []byte(`{"a":"plain text, é"}`)
	if out := EscapeJSON(clean); &out[0] != &clean[0] {
		t.Error("clean JSON was copied")
	}
}

// Every character EscapeJSON rewrites begins with a byte firstToEscape
// stops at, and text around one, at every offset from a word's start, is
// found at the right place.
func TestMayStartEscapeCoversEveryEscape(t *testing.T) {
	t.Parallel()
	for r := rune(0); r <= 0x10ffff; r++ {
		if jsonEscapes(r) && !mayStartEscape[utf8.AppendRune(nil, r)[0]] {
			t.Fatalf("U+%04X is escaped but its first byte is not in mayStartEscape", r)
		}
	}
	for _, r := range []rune{0x7f, 0x85, 0x061c, 0x200b, 0x202e, 0x2066, 0xfeff} {
		for pad := range 20 {
			data := []byte(strings.Repeat("a", pad) + "é漢\u2028" + string(r) + "tail")
			if got, want := firstToEscape(data), pad+len("é漢\u2028"); got != want {
				t.Fatalf("U+%04X after %d bytes: found at %d, want %d", r, pad, got, want)
			}
		}
	}
	if got := firstToEscape([]byte(strings.Repeat("plain é 漢 \u2028 ", 9))); got != -1 {
		t.Fatalf("clean text: found an escape at %d", got)
	}
}
