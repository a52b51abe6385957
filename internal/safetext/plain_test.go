package safetext

import "testing"

func TestPlain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, want string
		removed  int
	}{
		{"plain text\nwith a tab\t, é 漢", "plain text\nwith a tab\t, é 漢", 0},
		{"\x1b[31mred\x1b[0m", "red", 2},
		{"\x1b]0;evil title\x07after", "after", 1},
		{"\x1b]52;c;ZXZpbA==\x1b\\after", "after", 1},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link", 2},
		{"\x1bPq#0;2;0;0;0\x1b\\dcs", "dcs", 1},
		{"\x1b_apc\x1b\\x", "x", 1},
		{"over\rwrite\bx\x7f", "overwritex", 3},
		{"c1 \u009b2J csi \u009d0;t\u009c osc", "c1  csi  osc", 2},
		{"bidi \u202eevil\u202c", "bidi evil", 2},
		{"bad \xff byte", "bad  byte", 1},
		{"cut \x1b[", "cut ", 1},
	}
	for _, c := range cases {
		got, removed := Plain(c.in)
		if got != c.want || removed != c.removed {
			t.Errorf("Plain(%q) = %q, %d; want %q, %d", c.in, got, removed, c.want, c.removed)
		}
	}
}
