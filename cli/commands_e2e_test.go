package cli_test

// The command line as a whole: version, help, and the smaller commands' input errors.

import (
	"strings"
	"testing"
)

func TestVersionAndHelp(t *testing.T) {
	t.Parallel()
	stdout, _, code := run(t, "", "version")
	if code != 0 || !strings.HasPrefix(stdout, "ctxlab ") {
		t.Errorf("version: exit %d, %q", code, stdout)
	}
	for _, args := range [][]string{{"--help"}, {"build", "--help"}} {
		stdout, _, code := run(t, "", args...)
		if code != 0 || !strings.Contains(stdout, "Usage:") {
			t.Errorf("%v: exit %d, %q", args, code, stdout)
		}
	}
	_, stderr, code := run(t, "", "biuld")
	if code != 1 || !strings.Contains(stderr, `unknown command "biuld"; did you mean build?`) {
		t.Errorf("typo: exit %d, %q", code, stderr)
	}
}

// TestMistypedFlagsNameWhatWasMeant: an unknown option names the options
// it is a typo or a prefix of, so the user need not read --help.
func TestMistypedFlagsNameWhatWasMeant(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--dedup-treshold", "0.7"}, `build: unknown option "--dedup-treshold"; did you mean --dedup-threshold? (run ctxlab build --help)`},
		{[]string{"build", "--dedup", "0.7"}, `did you mean --dedup-key or --dedup-threshold?`},
		{[]string{"assemble", "--windw", "3"}, `did you mean --window?`},
		{[]string{"sweep", "--zzzz"}, `sweep: unknown option "--zzzz" (run ctxlab sweep --help)`},
	} {
		_, stderr, code := run(t, "", c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want one line containing %q", c.args, code, stderr, c.want)
		}
	}
}

func TestOtherCommandsBadInput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"presets", "--validate", "/nonexistent/budgets.yaml"}, "/nonexistent/budgets.yaml"},
		{[]string{"presets", "--format", "csv"}, "expected text or json"},
		{[]string{"tokens", "/nonexistent/a.txt"}, "/nonexistent/a.txt"},
		{[]string{"monitor"}, "no metrics log"},
		{[]string{"monitor", "/nonexistent/m.jsonl"}, "/nonexistent/m.jsonl"},
	}
	for _, c := range cases {
		stdout, stderr, code := run(t, "", c.args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
	}
	bad := writeFile(t, "m.jsonl", "{\"request_id\": \"x\"}\n")
	_, stderr, code := run(t, "", "monitor", bad)
	if code != 1 || !strings.Contains(stderr, "m.jsonl") {
		t.Errorf("malformed log: exit %d, %q", code, stderr)
	}
}

func TestNewCommandsHelp(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"assemble", "presets", "tokens", "monitor"} {
		stdout, _, code := run(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(stdout, "Usage:\n  ctxlab "+cmd) || !strings.Contains(stdout, "Options:") {
			t.Errorf("%s --help: exit %d:\n%s", cmd, code, stdout)
		}
	}
	stdout, _, _ := run(t, "", "--help")
	for _, cmd := range []string{"assemble", "presets", "tokens", "monitor"} {
		if !strings.Contains(stdout, "  "+cmd+" ") {
			t.Errorf("ctxlab --help does not list %s", cmd)
		}
	}
}
