package diagnose

import (
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// wordTokens counts one token per word, so the tests state budgets in
// words and every figure in a message can be worked out by hand.
type wordTokens struct{}

func (wordTokens) Name() string          { return "words" }
func (wordTokens) Exact() bool           { return true }
func (wordTokens) Count(text string) int { return len(strings.Fields(text)) }
func (wordTokens) Truncate(text string, maxTokens int, keep tokens.Keep) string {
	words := strings.Fields(text)
	if len(words) <= maxTokens {
		return text
	}
	if keep == tokens.KeepEnd {
		return strings.Join(words[len(words)-maxTokens:], " ")
	}
	return strings.Join(words[:maxTokens], " ")
}

// buildInput runs the reference pipeline on docs with the word tokenizer
// and returns the findings' input for it.
func buildInput(t *testing.T, docs []value.Document, budget int, tweak func(*pipeline.Options)) Input {
	t.Helper()
	opts := pipeline.DefaultOptions()
	opts.Tokenizer = wordTokens{}
	opts.Budget = budget
	if tweak != nil {
		tweak(&opts)
	}
	res, err := pipeline.Build(pipeline.Analyze(docs), opts)
	if err != nil {
		t.Fatal(err)
	}
	return Input{Documents: docs, Build: res, Pipeline: opts.Settings, RAGBudget: budget}
}

// findingsWith returns the findings of one code.
func findingsWith(fs []Finding, code string) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Code == code {
			out = append(out, f)
		}
	}
	return out
}

// onlyFinding fails unless exactly one finding has the code.
func onlyFinding(t *testing.T, fs []Finding, code string) Finding {
	t.Helper()
	got := findingsWith(fs, code)
	if len(got) != 1 {
		t.Fatalf("want one %s finding, got %d in %s", code, len(got), describe(fs))
	}
	return got[0]
}

func describe(fs []Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n  " + string(f.Severity) + " " + f.Code + ": " + f.Message + " " + refLabels(f.Refs))
	}
	return b.String()
}

// refLabels lists refs by their labels, a component by its name, so the
// list reads unambiguously with spaces between.
func refLabels(refs []Ref) string {
	labels := make([]string, len(refs))
	for i, r := range refs {
		labels[i] = r.Label()
		if r.Kind == RefComponent {
			labels[i] = r.Name
		}
	}
	return "[" + strings.Join(labels, " ") + "]"
}

func wantContains(t *testing.T, f Finding, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(f.Message, p) {
			t.Errorf("%s message lacks %q:\n  %s", f.Code, p, f.Message)
		}
	}
}

func wantRefs(t *testing.T, f Finding, want string) {
	t.Helper()
	if got := refLabels(f.Refs); got != want {
		t.Errorf("%s refs = %s, want %s", f.Code, got, want)
	}
}

func pipelineWith(tok tokens.Tokenizer) pipeline.Settings {
	s := pipeline.DefaultOptions().Settings
	s.Tokenizer = tok
	return s
}
