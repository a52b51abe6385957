package prices

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writePriceFile(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "prices.yaml")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadPricesOverridesTheBundledFigures(t *testing.T) {
	path := writePriceFile(t, "date: 2027-01-15\nsource: our contract\nmodels:\n  gpt-4o: {input: 2, output: 8}\n  acme-large:\n    input: 0.5\n    cached_input: 0.1\n    output: 1.5\n")
	prices, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if p, _, _ := prices.Lookup("gpt-4o"); p.Input != 2 || p.Output != 8 || !math.IsNaN(p.CachedInput) {
		t.Errorf("gpt-4o %+v: a rate left out is unknown", p)
	}
	if p, _, ok := prices.Lookup("acme-large-2027"); !ok || p.CachedInput != 0.1 {
		t.Errorf("acme-large %+v", p)
	}
	if p, _, _ := prices.Lookup("claude-haiku-4-5"); p.Input != 1 {
		t.Errorf("the bundled figures were lost: %+v", p)
	}
	if prices.Date != "2027-01-15" || prices.Sources[0] != "our contract" {
		t.Errorf("date %q sources %v", prices.Date, prices.Sources)
	}
}

func TestLoadPricesRefusals(t *testing.T) {
	for _, tc := range []struct{ content, want string }{
		{"models:\n  gpt-4o: {input: -1}\n", "line 2, column 19: models.gpt-4o.input -1 is negative"},
		{"models:\n  gpt-4o: {inptu: 1}\n", `unknown key "inptu" in models.gpt-4o (did you mean "input"?)`},
		{"models:\n  gpt-4o: {input: cheap}\n", "models.gpt-4o.input is"},
		{"date: 2027-01-15\n", "no models: key"},
		{"prices: []\n", `unknown key "prices"`},
	} {
		_, err := Load(writePriceFile(t, tc.content))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "prices.yaml") {
			t.Errorf("%q: %v, want %q", tc.content, err, tc.want)
		}
	}
}
