package draw

import (
	"testing"

	"github.com/mattn/go-runewidth"
)

func TestElideMiddleKeepsTheEnd(t *testing.T) {
	cases := []struct {
		in    string
		width int
		want  string
	}{
		{"kb/refunds.md", 20, "kb/refunds.md"},
		{"internal/billing/proration_test.go", 24, "intern…proration_test.go"},
		{"https://arxiv.org/abs/2501.12345", 22, "https://arx…2501.12345"},
		{"pr-412.diff#internal/billing/proration.go", 26, "pr-412.diff#i…proration.go"},
		{"日本語のドキュメント/設定.md", 14, "日本語…設定.md"},
		{"abcdefghij", 5, "abcd…"},
	}
	for _, c := range cases {
		got, _ := ElideMiddle(c.in, c.width)
		if got != c.want {
			t.Errorf("ElideMiddle(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if w := runewidth.StringWidth(got); w > c.width {
			t.Errorf("ElideMiddle(%q, %d) is %d cells", c.in, c.width, w)
		}
	}
	out, kept := ElideMiddle("internal/billing/proration.go", 20)
	runes, src := []rune(out), []rune("internal/billing/proration.go")
	for i, r := range src {
		if j := kept(i); j >= 0 && runes[j] != r {
			t.Errorf("rune %d %q maps to %d %q", i, r, j, runes[j])
		}
	}
	if kept(len(src)-1) != len(runes)-1 || kept(0) != 0 {
		t.Error("the first and last runes are not kept in place")
	}
}
