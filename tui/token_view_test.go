package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"ctxlab/core/tokens"
	"ctxlab/themes"
)

// TestGoldenTokenView pins the text as tokens: the inspector at 80×24
// (full width) and the Context view at 160×48, in colour and without.
func TestGoldenTokenView(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {160, 48}} {
		for _, theme := range []string{"dark", "mono"} {
			t.Run(fmt.Sprintf("%s_%dx%d_inspector", theme, size.w, size.h), func(t *testing.T) {
				m := keys(t, newTestModel(t, "support_chat", theme, size.w, size.h), "T", "enter")
				golden.RequireEqual(t, []byte(m.View()))
			})
			t.Run(fmt.Sprintf("%s_%dx%d_context", theme, size.w, size.h), func(t *testing.T) {
				m := keys(t, newTestModel(t, "support_chat", theme, size.w, size.h), "3", "T")
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

// Hostile text stays inert as tokens: an escape sequence is shown as
// its control picture, never sent to the terminal, and without colour the
// tokens are parted by a visible mark.
func TestTokenViewIsSafeAndVisibleWithoutColour(t *testing.T) {
	bpe, err := tokens.ByName(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	writeTokens(&b, themes.New(themes.Mono), bpe, "title\x1b]0;pwned\x07 {\"url\": \"https://x.io\"}\nend", 60)
	out := b.String()
	if strings.ContainsAny(ansi.Strip(out), "\x1b\x07") {
		t.Errorf("a control character reached the output: %q", out)
	}
	plain := ansi.Strip(out)
	for _, want := range []string{"␛", tokenSeparator, "↵", "token ids: "} {
		if !strings.Contains(plain, want) {
			t.Errorf("output lacks %q:\n%s", want, plain)
		}
	}
	if n := strings.Count(plain, tokenSeparator); n != bpe.Count("title\x1b]0;pwned\x07 {\"url\": \"https://x.io\"}\nend")-1 {
		t.Errorf("%d separators for the tokens", n)
	}
}
