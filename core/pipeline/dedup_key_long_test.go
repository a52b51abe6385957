package pipeline

import (
	"strings"
	"testing"

	"ctxlab/internal/alloctest"
)

// TestCanonicalURLOfALongNonURL: a long source that is no URL (upper
// case, so lower-casing it would copy it) is refused without a copy, and
// schemes and addresses in any case are still told apart.
func TestCanonicalURLOfALongNonURL(t *testing.T) {
	for _, source := range []string{strings.Repeat("ACGT", 1<<20), "WWW" + strings.Repeat("X", 4<<20), strings.Repeat("HTTPS", 1<<20) + "://x.org"} {
		var ok bool
		if grew := alloctest.Least(1024, func() { _, ok = CanonicalURL(source) }); grew > 1024 {
			t.Errorf("%.20q…: %d bytes allocated to refuse it", source, grew)
		}
		if ok {
			t.Errorf("%.20q… is a URL", source)
		}
	}
	for raw, want := range map[string]string{"HTTPS://Example.org/a": "example.org/a", "WwW.Example.org": "example.org", "Http://x.org/": "x.org", "ftp://x.org": "", "W": "", "ww": "", "httpſ://x.org": ""} {
		if got, _ := CanonicalURL(raw); got != want {
			t.Errorf("CanonicalURL(%q) = %q, want %q", raw, got, want)
		}
	}
}
