package cli_test

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPricesListsTheTableWithItsDateAndSources(t *testing.T) {
	t.Parallel()
	stdout, _, code := run(t, "", "prices")
	for _, want := range []string{
		"List prices in US dollars per million tokens, taken 2026-12-01",
		"  model (prefix)       input  cached input  cache write   output  source",
		"  gpt-4o-mini          $0.15        $0.075        $0.15    $0.60  https://platform.openai.com/docs/pricing",
		"  o1-mini            unknown       unknown      unknown  unknown",
		"  claude-sonnet-4      $3.00         $0.30        $3.75   $15.00  https://platform.claude.com/docs/en/about-claude/pricing",
	} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("exit %d; lacks %q:\n%s", code, want, stdout)
		}
	}
}

func TestPricesFileOverridesAndJSON(t *testing.T) {
	t.Parallel()
	ours := writeFile(t, "prices.yaml", "date: 2027-01-15\nsource: our contract\nmodels:\n  gpt-4o: {input: 2, output: 8}\n")
	stdout, stderr, code := run(t, "", "prices", "--prices", ours, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Date   string `json:"date"`
		Prices []struct {
			Model       string   `json:"model"`
			Input       *float64 `json:"input_per_million"`
			CachedInput *float64 `json:"cached_input_per_million"`
			Source      string   `json:"source"`
		} `json:"prices"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Date != "2027-01-15" {
		t.Errorf("date %q", got.Date)
	}
	for _, p := range got.Prices {
		if p.Model == "gpt-4o" && (p.Input == nil || *p.Input != 2 || p.CachedInput != nil || p.Source != "our contract") {
			t.Errorf("gpt-4o %+v", p)
		}
	}
	bad := writeFile(t, "bad.yaml", "models:\n  gpt-4o: {input: -2}\n")
	_, stderr, code = run(t, "", "prices", "--prices", bad)
	if code != 1 || !strings.Contains(stderr, "--prices ") || !strings.Contains(stderr, "models.gpt-4o.input -2 is negative") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// build prices its context block at --model's list price, in the text
// report and in the JSON beside the reference's keys.
func TestBuildPricesTheBlock(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "build", "--docs", "../sample/docs/support_kb.jsonl", "--model", "gpt-4o", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		TokensUsed int `json:"tokens_used"`
		Cost       struct {
			Known      bool     `json:"known"`
			PerRequest *float64 `json:"input_cost_per_request"`
		} `json:"cost"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if want := float64(got.TokensUsed) * 2.50 / 1e6; !got.Cost.Known || got.Cost.PerRequest == nil || *got.Cost.PerRequest != want {
		t.Errorf("cost %+v, want %v for %d tokens", got.Cost, want, got.TokensUsed)
	}
	text, _, _ := run(t, "", "build", "--docs", "../sample/docs/support_kb.jsonl")
	if !strings.Contains(text, "Cost (no model set, so no price: --model NAME prices the request)") {
		t.Errorf("text report:\n%s", text)
	}
}
