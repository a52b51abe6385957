package choice

import "testing"

type mode string

func TestParse(t *testing.T) {
	c := Of[mode]("budget mode", "reference", "strict")
	if got, err := c.Parse("strict"); err != nil || got != "strict" {
		t.Errorf("strict: %q, %v", got, err)
	}
	for in, want := range map[string]string{
		"strct":   `unknown budget mode "strct" (expected reference or strict; did you mean strict?)`,
		"STRICT":  `unknown budget mode "STRICT" (expected reference or strict; did you mean strict?)`,
		"loose":   `unknown budget mode "loose" (expected reference or strict)`,
		" strict": `unknown budget mode " strict" (expected reference or strict; did you mean strict?)`,
		"":        `unknown budget mode "" (expected reference or strict)`,
	} {
		if _, err := c.Parse(in); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", in, err, want)
		}
	}
	if s := Of[mode]("memory strategy", "sliding", "priority", "summary").String(); s != "sliding, priority or summary" {
		t.Errorf("String = %q", s)
	}
}
