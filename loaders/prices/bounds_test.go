package prices

import (
	"strings"
	"testing"
)

// TestLoadPricesRefusesRatesOutOfRange: a rate above 10,000 US dollars per
// million tokens (1e17 wrapped the money formatter around, 1e308 made
// every JSON cost +Inf), or not a finite number, is refused when the file
// is read, in one line naming the file, the line and the field.
func TestLoadPricesRefusesRatesOutOfRange(t *testing.T) {
	for _, tc := range []struct{ content, want string }{
		{"models:\n  gpt-4o: {input: 1e17}\n", "line 2, column 19: models.gpt-4o.input 1e17 is above 10,000; expected US dollars per million tokens, from 0 to 10,000"},
		{"models:\n  gpt-4o:\n    output: 1e308\n", "line 3, column 13: models.gpt-4o.output 1e308 is above 10,000"},
		{"models:\n  gpt-4o: {cached_input: 10000.01}\n", "line 2, column 26: models.gpt-4o.cached_input 10000.01 is above 10,000"},
		{"models:\n  gpt-4o: {input: .nan}\n", "line 2, column 19: models.gpt-4o.input .nan is not a finite number"},
		{"models:\n  gpt-4o: {output: .inf}\n", "line 2, column 20: models.gpt-4o.output .inf is not a finite number"},
		{"models:\n  gpt-4o: {input: -.inf}\n", "line 2, column 19: models.gpt-4o.input -.inf is not a finite number"},
		{"models:\n  gpt-4o: {input: -0.5}\n", "line 2, column 19: models.gpt-4o.input -0.5 is negative; expected US dollars per million tokens, from 0 to 10,000"},
	} {
		path := writePriceFile(t, tc.content)
		_, err := Load(path)
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line with %q", tc.content, err, tc.want)
		}
	}
	path := writePriceFile(t, "models:\n  gpt-4o: {input: 10000, cached_input: 0, output: 9999.5}\n")
	if _, err := Load(path); err != nil {
		t.Errorf("the bounds themselves: %v", err)
	}
}
