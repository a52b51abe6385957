package cli_test

// Small windows are overflows, not refusals; unknown models and a
// tokenizer that is not the model's own are estimates, not refusals.

import (
	"strings"
	"testing"
)

// A request (no max_tokens: the 4,096 default reserve) in a 1,500-token
// window is measured and exits 3 with the cause and the flags that fix
// it, instead of refusing to load.
func TestAssembleWindowBelowReserveExits3(t *testing.T) {
	t.Parallel()
	req := writeFile(t, "big.json", `{"model": "gpt-4o", "messages": [{"role": "system", "content": "You answer questions."}, {"role": "user", "content": "What changed in the refund policy?"}]}`)
	for _, args := range [][]string{
		{"--request", req, "--window", "1500"},
		{"--request", req, "--window", "1500", "--rag-budget", "500"}, // budgeted
	} {
		t.Run(strings.Join(args[2:], " "), func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", append([]string{"assemble"}, args...)...)
			want := "the response reserve of 4,096 leaves no room in a 1,500-token window: lower --reserve or raise --window\n"
			if code != 3 || stderr != want {
				t.Fatalf("exit %d, stderr %q; want 3 and %q", code, stderr, want)
			}
			if !strings.Contains(stdout, "of 0 max input") || !strings.Contains(stdout, "▲ does not fit: the response reserve of 4,096 leaves no room in a 1,500-token window") {
				t.Errorf("the report does not explain the overflow:\n%s", stdout)
			}
			if strings.Contains(stdout+stderr, "-2,596") || strings.Contains(stdout+stderr, "-2596") {
				t.Errorf("a negative max input is printed:\n%s", stdout)
			}
		})
	}
	stdout, _, code := run(t, "", "assemble", "--format", "json", "--request", req, "--window", "1500", "--rag-budget", "500")
	out := parseAssemble(t, stdout)
	if code != 3 || out.Assembly.Fits || !strings.HasPrefix(out.Assembly.BudgetProblem, "the response reserve of 4,096") {
		t.Errorf("json: exit %d, fits %v, budget problem %q", code, out.Assembly.Fits, out.Assembly.BudgetProblem)
	}
}

// Allocations larger than the max input are an overflow too (exit 3),
// keeping the article's "Budget overflow" words and naming the flags; the
// request is measured as sent, and the article's "Context exceeds
// budget" line follows when that is over as well.
func TestAssembleAllocationsOverWindowExit3(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"allocation above the window", []string{"--rag-budget", "200000"},
			[]string{"Budget overflow: 207300 tokens allocated, max input is 126000 (preset support_chat, 2 of 6 allocations changed): lower the allocations (--system-budget,"}},
		{"allocation of MaxInt", []string{"--rag-budget", "9223372036854775807"},
			[]string{"Budget overflow: retrieved_context alone is 9223372036854775807 tokens, max input is 126000"}},
		{"allocations summing past MaxInt", []string{"--rag-budget", "4611686018427387904", "--history-budget", "4611686018427387904"},
			[]string{"Budget overflow: conversation_history alone is 4611686018427387904 tokens"}},
		{"allocations summing past a window of MaxInt", []string{"--window", "9223372036854775807", "--reserve", "0", "--rag-budget", "4611686018427387904", "--history-budget", "4611686018427387904"},
			[]string{"Budget overflow: more than 9223372036854775807 tokens allocated"}},
		{"allocations and the request over", []string{"--window", "5000", "--reserve", "1000"},
			[]string{"Budget overflow: 8850 tokens allocated, max input is 4000", "Context exceeds budget: 5621 > 4000"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", append([]string{"assemble"}, c.args...)...)
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if code != 3 || len(lines) != len(c.want) {
				t.Fatalf("exit %d, stderr %q; want 3 and %d lines", code, stderr, len(c.want))
			}
			for i, want := range c.want {
				if !strings.HasPrefix(lines[i], want) {
					t.Errorf("line %d = %q, want it to start %q", i+1, lines[i], want)
				}
			}
			if !strings.Contains(stdout, "▲ The budget was not applied: Budget overflow:") {
				t.Errorf("the report does not say the budget was not applied:\n%.600s", stdout)
			}
		})
	}
}

// Unknown models and tokenizers that are not the model's own are counted,
// with a note that says the counts are estimates, rather than refused.
func TestUnknownModelsAreEstimates(t *testing.T) {
	t.Parallel()
	docs := writeFile(t, "docs.jsonl", twoDocs)
	doc := writeFile(t, "contract.txt", longDocument())
	cases := []struct {
		name   string
		args   []string
		stream string // where the note is: "stdout" or "stderr"
		want   string
	}{
		{"assemble, unknown model", []string{"assemble", "--model", "llama-3"}, "stdout",
			`note: model "llama-3" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"assemble, unknown model and tokenizer", []string{"assemble", "--model", "llama-3", "--tokenizer", "cl100k_base"}, "stdout",
			`note: model "llama-3" is not in ctxlab's model table: token counts are cl100k_base estimates`},
		{"assemble, not the model's own", []string{"assemble", "--model", "gpt-4", "--tokenizer", "o200k_base", "--window", "128000"}, "stdout",
			`note: token counts are o200k_base estimates: model "gpt-4"'s own tokenizer is cl100k_base`},
		{"assemble, Claude counted with cl100k_base", []string{"assemble", "--model", "claude-sonnet-4-5", "--tokenizer", "cl100k_base"}, "stdout",
			"note: Anthropic's tokenizer is not public: token counts are cl100k_base estimates"},
		{"build, unknown model", []string{"build", "--docs", docs, "--model", "llama-3"}, "stderr",
			`ctxlab: note: model "llama-3" is not in ctxlab's model table: token counts are o200k_base estimates`},
		{"longdoc, unknown model with an escape", []string{"longdoc", doc, "--model", "llama\x1b]0;x\a"}, "stdout",
			`note: model "llama\x1b]0;x\a" is not in ctxlab's model table`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			stdout, stderr, code := run(t, "", c.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q; want 0", code, stderr)
			}
			got := map[string]string{"stdout": stdout, "stderr": stderr}[c.stream]
			if !strings.Contains(got, c.want) {
				t.Errorf("%s lacks %q:\n%.1500s", c.stream, c.want, got)
			}
			if strings.ContainsRune(stdout+stderr, '\x1b') {
				t.Error("an escape reached the terminal raw")
			}
		})
	}
}
