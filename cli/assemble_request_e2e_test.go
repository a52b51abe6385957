package cli_test

// ctxlab assemble on imported requests and cassettes.

import (
	"strings"
	"testing"

	"ctxlab/internal/testcorpus"
)

func TestAssembleImportedRequest(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", hitlCassette, "--format", "json")
	if code != 0 {
		t.Fatalf("measured: exit %d: %s", code, stderr)
	}
	measured := parseAssemble(t, stdout)
	if measured.Assembly.Mode != "measure" || measured.Measured != nil || measured.Model == "" {
		t.Errorf("measured: mode %q, model %q, measured beside it %v", measured.Assembly.Mode, measured.Model, measured.Measured != nil)
	}
	for _, c := range measured.Assembly.Components {
		if c.Truncated {
			t.Errorf("measured request cut %s", c.Name)
		}
	}
	if len(measured.Tools) == 0 {
		t.Error("a measured request sends its tools beside the messages")
	}

	stdout, stderr, code = run(t, "", "assemble", "--request", hitlCassette, "--preset", "support_chat", "--format", "json")
	if code != 0 {
		t.Fatalf("budgeted: exit %d: %s", code, stderr)
	}
	budgeted := parseAssemble(t, stdout)
	if budgeted.Assembly.Mode != "budgeted" || budgeted.Measured == nil || budgeted.Metrics.UseCase != "support_chat" {
		t.Fatalf("budgeted: mode %q, use case %q, measured beside it %v", budgeted.Assembly.Mode, budgeted.Metrics.UseCase, budgeted.Measured != nil)
	}
	if budgeted.Measured.Used != measured.Assembly.Used {
		t.Errorf("as-sent line %d tokens, the measured run %d", budgeted.Measured.Used, measured.Assembly.Used)
	}

	stdout, stderr, code = run(t, "", "assemble", "--request", hitlCassette, "--preset", "support_chat")
	if code != 0 {
		t.Fatalf("budgeted text: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"As sent (measured, nothing cut)", "Budgeted (support_chat)", "preset support_chat", "Messages ("} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
}

func TestAssembleInteractionOutOfRange(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", hitlCassette, "--interaction", "99")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "99") || !strings.Contains(stderr, "test_prefect_agent_with_hitl_tool.yaml") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestAssembleRequestReserveFlagOverridesTheDefault(t *testing.T) {
	t.Parallel()
	path := testcorpus.Path("functionary-tool-chat/test_case.json")
	stdout, stderr, code := run(t, "", "assemble", "--request", path, "--window", "4000", "--reserve", "1000")
	if code != 0 || !strings.Contains(stdout, "reserve 1,000 · max input 3,000") || strings.Contains(stdout, "4,096 tokens reserved") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestAssembleComparesRecordedUsage: a cassette's recorded usage is
// reported beside the count, in text and JSON; with another model given,
// it is told, not compared.
func TestAssembleComparesRecordedUsage(t *testing.T) {
	cassette := hitlCassette
	stdout, stderr, code := run(t, "", "assemble", "--request", cassette)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "Billed: counted 71 · billed 71 (the same) · usage.prompt_tokens · openai convention: prompt_tokens includes cached_tokens · the count is the bill") {
		t.Errorf("no comparison:\n%s", stdout)
	}
	stdout, _, _ = run(t, "", "assemble", "--request", cassette, "--format", "json")
	if rec := parseAssemble(t, stdout).Assembly.RecordedUsage; rec == nil || rec.InputTokens != 71 {
		t.Errorf("recorded_usage %+v", rec)
	}
	stdout, _, _ = run(t, "", "assemble", "--request", cassette, "--model", "claude-sonnet-4-5")
	if strings.Contains(stdout, "Billed:") || strings.Contains(stdout, "Recorded by the provider") || !strings.Contains(stdout, "the cassette recorded 71 input tokens for gpt-4o; not compared") {
		t.Errorf("another model's count was compared:\n%s", stdout[:min(len(stdout), 800)])
	}
}
