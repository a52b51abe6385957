package tokens

import (
	"strings"
	"testing"
)

// Python's bytes.decode("utf-8", errors="replace"), which tiktoken's
// decode uses, on the sequences a token boundary leaves at either end
// of a cut and on a few it never does; the wants are Python 3's output.
func TestDecodeReplacingIsPythons(t *testing.T) {
	cases := []struct{ in, want string }{
		{"\xe4\xbd", "\uFFFD"},
		{"\xbd\xa0abc", "\uFFFD\uFFFDabc"},
		{"\xf0\x9f\xab", "\uFFFD"},
		{"\x9f\xab\xa0x", "\uFFFD\uFFFD\uFFFDx"},
		{"a\xed\xa0\x80b", "a\uFFFD\uFFFD\uFFFDb"},
		{"\xe0\x80", "\uFFFD\uFFFD"},
		{"\xf4\x90\x80", "\uFFFD\uFFFD\uFFFD"},
		{"\xc0\xaf", "\uFFFD\uFFFD"},
		{"\xff", "\uFFFD"},
		{"ok \uFFFD kept", "ok \uFFFD kept"},
		{"plain", "plain"},
	}
	for _, c := range cases {
		if got := DecodeReplacing(c.in); got != c.want {
			t.Errorf("DecodeReplacing(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// o200k_base splits 𝔘 (four bytes) over several tokens. tiktoken's
// decode of the kept tokens gives U+FFFD for the bytes of the split
// character, one for a lead byte with its continuations (kept start),
// one per stray continuation byte (kept end); Truncate drops them.
func TestTruncateReplacingAsTiktokenDecodes(t *testing.T) {
	tok, err := ByName(TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	const text = "ab 𝔘𝔙 cd"
	cases := []struct {
		max        int
		keep       Keep
		want, drop string
	}{
		{3, KeepStart, "ab \uFFFD", "ab "},
		{6, KeepStart, "ab 𝔘\uFFFD", "ab 𝔘"},
		{3, KeepEnd, "\uFFFD\uFFFD cd", " cd"},
		{5, KeepEnd, "\uFFFD𝔙 cd", "𝔙 cd"},
		// Cuts on a character's edge are the same either way.
		{5 - 1, KeepEnd, "𝔙 cd", "𝔙 cd"},
		{8, KeepStart, "ab 𝔘𝔙", "ab 𝔘𝔙"},
		{9, KeepStart, text, text},
	}
	for _, c := range cases {
		if got := TruncateReplacing(tok, text, c.max, c.keep); got != c.want {
			t.Errorf("max %d keep %d: got %q, want %q", c.max, c.keep, got, c.want)
		}
		if got := tok.Truncate(text, c.max, c.keep); got != c.drop {
			t.Errorf("Truncate max %d keep %d: got %q, want %q", c.max, c.keep, got, c.drop)
		}
		if got := TruncateReplacing(NewMemo(tok), text, c.max, c.keep); got != c.want {
			t.Errorf("through a Memo, max %d: got %q, want %q", c.max, got, c.want)
		}
	}
	// The heuristic cuts between words and never splits a character.
	if got := TruncateReplacing(Heuristic{}, "龘 龘 龘 龘", 2, KeepStart); strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("heuristic cut %q", got)
	}
}
