package cli_test

// ctxlab assemble --suggest: every fix's flags, pasted into the same
// command, do what the fix says (exit 0 when it says it fits).

import (
	"encoding/json"
	"strings"
	"testing"
)

type suggestionsOutput struct {
	Suggestions *[]struct {
		Kind        string   `json:"kind"`
		Description string   `json:"description"`
		Flags       []string `json:"flags"`
		TokensSaved int      `json:"tokens_saved"`
		Fits        bool     `json:"fits"`
	} `json:"suggestions"`
	Assembly struct {
		Used int `json:"used"`
	} `json:"assembly"`
}

func TestAssembleSuggestFlagsMakeTheRequestFit(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"overflow sample": {"--scenario", "../sample/overflow.yaml"},
		// 73 tokens as sent; a window 54 tokens above the 4,096 reserve
		// the request's missing max_tokens implies.
		"agent request": {"--request", hitlCassette, "--window", "4150"},
		// Budgeted, every allocation filled: the framing pushes it over.
		"budgeted": {"--window", "200", "--reserve", "100", "--system-budget", "10", "--tools-budget", "10", "--history-budget", "10", "--rag-budget", "10", "--tool-results-budget", "10", "--query-budget", "10"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json", "--suggest"}, args...)...)
			if code != 3 {
				t.Fatalf("exit %d, want 3 (overflow); stderr %q", code, stderr)
			}
			var out suggestionsOutput
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatal(err)
			}
			if out.Suggestions == nil || len(*out.Suggestions) == 0 || !(*out.Suggestions)[0].Fits {
				t.Fatalf("no fix that fits first: %+v", out.Suggestions)
			}
			for _, s := range *out.Suggestions {
				if s.Description == "" || len(s.Flags) == 0 {
					t.Errorf("%s: description %q, flags %q", s.Kind, s.Description, s.Flags)
				}
				fixed := append(append([]string{"assemble", "--format", "json"}, args...), s.Flags...)
				stdout, stderr, code := run(t, "", fixed...)
				want := 3
				if s.Fits {
					want = 0
				}
				if code != want {
					t.Errorf("%s: %q exits %d, want %d (fits %v); stderr %q", s.Kind, s.Flags, code, want, s.Fits, stderr)
					continue
				}
				var after suggestionsOutput
				if err := json.Unmarshal([]byte(stdout), &after); err != nil {
					t.Fatal(err)
				}
				if saved := out.Assembly.Used - after.Assembly.Used; saved != s.TokensSaved {
					t.Errorf("%s: %q saves %d tokens, the suggestion says %d", s.Kind, s.Flags, saved, s.TokensSaved)
				}
			}
		})
	}
}

// The text report ends with the fixes; the apply line, pasted, fits.
func TestAssembleSuggestText(t *testing.T) {
	t.Parallel()
	args := []string{"assemble", "--scenario", "../sample/overflow.yaml", "--suggest"}
	stdout, _, code := run(t, "", args...)
	if code != 3 {
		t.Fatalf("exit %d, want 3", code)
	}
	_, fixes, ok := strings.Cut(stdout, "\nSuggested fixes (")
	if !ok {
		t.Fatalf("no Suggested fixes section:\n%s", stdout)
	}
	// The window the scenario sets is below its model's: measuring
	// against the model's own changes nothing sent, so it comes first.
	for _, want := range []string{"1. Measure against gpt-4o's own 128,000-token window (--window 128000) instead of the 16,000 set: nothing sent changes.",
		"lost: nothing sent is cut or dropped\n", "apply: --window 128000\n",
		"2. Drop tool result 2 (get_fulfillment_events), the largest tool result at 56,071 tokens",
		"request: 66,151 → 10,092 tokens of 14,000 max input (56,059 tokens saved) · fits", "apply: --drop-item tool_result:2\n",
		"4. Cut tool result 2 (get_fulfillment_events)", "apply: --truncate-item tool_result:2=",
		"3. Assemble within the allocations", "request: 66,151 → 9,378 tokens of 14,000 max input (56,773 tokens saved) · fits",
		"✓ resolves the overflow; no margin: 1 token under the max input",
		"▲ does not fix the overflow: the request stays over by 52,150 tokens",
		"tool results 56,253 → 2,000 (−54,253)", "#15 kb/returns/refund-policy.md not sent → sent", "apply: --mode budgeted\n"} {
		if !strings.Contains(fixes, want) {
			t.Errorf("fixes lack %q:\n%s", want, fixes)
		}
	}
	_, applyLine, _ := strings.Cut(fixes, "apply: ")
	applyLine, _, _ = strings.Cut(applyLine, "\n")
	if _, stderr, code := run(t, "", append(args[:4], strings.Fields(applyLine)...)...); code != 0 {
		t.Errorf("pasting %q: exit %d, stderr %q", applyLine, code, stderr)
	}
}

func TestAssembleSuggestOnlyWhenAsked(t *testing.T) {
	t.Parallel()
	stdout, _, _ := run(t, "", "assemble", "--format", "json", "--scenario", "../sample/overflow.yaml")
	if strings.Contains(stdout, `"suggestions"`) {
		t.Error("suggestions without --suggest")
	}
	stdout, _, code := run(t, "", "assemble", "--request", hitlCassette, "--suggest", "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"suggestions": []`) {
		t.Errorf("a fitting request with --suggest: exit %d, no empty suggestions list", code)
	}
	stdout, _, code = run(t, "", "assemble", "--request", hitlCassette, "--suggest")
	if code != 0 || !strings.Contains(stdout, "Suggested fixes (0, best first)\n  none needed: the request fits and nothing was cut or lost\n") {
		t.Errorf("a fitting request: exit %d, report ends:\n%s", code, stdout[max(0, len(stdout)-300):])
	}
}
