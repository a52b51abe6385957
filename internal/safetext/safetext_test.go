package safetext

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"plain text":            "plain text",
		"line\nbreak\tand tab":  "line\nbreak\tand tab",
		"\x1b[31mred\x1b[0m":    "␛[31mred␛[0m",
		"bell\a and cr\r":       "bell␇ and cr␍",
		"del\x7f":               "del␡",
		"csi\u009b2J":           "csi<U+009B>2J",
		"rtl\u202eevil":         "rtl<U+202E>evil",
		"bad\xffbyte":           "bad\uFFFDbyte",
		"osc\x1b]0;title\x07":   "osc␛]0;title␇",
		"emoji 🙂 and accents é": "emoji 🙂 and accents é",
		"thumbs 👍🏽 family 👨‍👩‍👧 heart ❤️": "thumbs 👍 family 👨👩👧 heart ❤",
	}
	for in, want := range cases {
		if got := Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLine(t *testing.T) {
	if got := Line("a\nb\tc\x1b"); got != "a b c␛" {
		t.Errorf("Line = %q", got)
	}
}

// A line with nothing to change is returned as it is: a 50 MB preset
// name shown in a listing was copied twice by every call.
func TestLineOfCleanTextDoesNotCopy(t *testing.T) {
	clean := strings.Repeat("preset name é ", 1000)
	if allocs := testing.AllocsPerRun(10, func() { _ = Line(clean) }); allocs != 0 {
		t.Errorf("Line of clean text made %v allocations, want 0", allocs)
	}
}

func FuzzSanitize(f *testing.F) {
	f.Add("\x1b[2J\x9b\u202e")
	f.Fuzz(func(t *testing.T, s string) {
		out := Sanitize(s)
		for _, r := range out {
			if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || isInvisibleControl(r) {
				t.Fatalf("control %U survived in %q", r, out)
			}
		}
		if strings.ContainsRune(Line(s), '\n') {
			t.Fatal("newline survived Line")
		}
	})
}
