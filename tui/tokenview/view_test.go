package tokenview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core/tokens"
	"ctxlab/themes"
)

// Hostile text stays inert as tokens: an escape sequence is shown as
// its control picture, never sent to the terminal, and without colour the
// tokens are parted by a visible mark.
func TestTokenViewIsSafeAndVisibleWithoutColour(t *testing.T) {
	bpe, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	Write(&b, themes.New(themes.Mono), bpe, "title\x1b]0;pwned\x07 {\"url\": \"https://x.io\"}\nend", 60)
	out := b.String()
	if strings.ContainsAny(ansi.Strip(out), "\x1b\x07") {
		t.Errorf("a control character reached the output: %q", out)
	}
	plain := ansi.Strip(out)
	for _, want := range []string{"␛", Separator, "↵", "token ids: "} {
		if !strings.Contains(plain, want) {
			t.Errorf("output lacks %q:\n%s", want, plain)
		}
	}
	if n := strings.Count(plain, Separator); n != bpe.Count("title\x1b]0;pwned\x07 {\"url\": \"https://x.io\"}\nend")-1 {
		t.Errorf("%d separators for the tokens", n)
	}
}
