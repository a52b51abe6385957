//go:build e2e

package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ctxlabBin is the binary under test and crashBin the same built with
// the ctxlab_crashtest tag, whose ! key panics where CTXLAB_CRASHTEST
// says; TestMain builds both once, before any test starts.
var ctxlabBin, crashBin string

// TestMain builds the two binaries and runs the tests from the module's
// root, where the paths they give (sample/..., internal/testcorpus/...)
// are relative to.
func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	dir, err := os.MkdirTemp("", "ctxlab-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	ctxlabBin = filepath.Join(dir, "ctxlab")
	crashBin = filepath.Join(dir, "ctxlab-crashtest")
	// One after the other: the second build finds every package but the
	// tagged ones in the build cache.
	for _, build := range [][]string{
		{"build", "-o", ctxlabBin, "."},
		{"build", "-tags", "ctxlab_crashtest", "-o", crashBin, "."},
	} {
		cmd := exec.Command("go", build...)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: go %s: %v\n", strings.Join(build, " "), err)
			return 1
		}
	}
	defer tmux("kill-server").Run() // the tmux tests' private server, if one started
	return m.Run()
}

// run executes the binary with the test's environment, less its LLM
// variables so a developer's CTXLAB_LLM_MODEL or OPENAI_API_KEY does not
// change what is tested, and returns stdout, stderr and the exit code.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(ctxlabBin, args...)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "CTXLAB_LLM_") || strings.HasPrefix(kv, "OPENAI_") {
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

// TestBinaryExitCodes: each of the exit codes a script can act on reaches
// the shell, with its output on the right stream.
func TestBinaryExitCodes(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "version")
	if code != 0 || !strings.HasPrefix(stdout, "ctxlab ") || stderr != "" {
		t.Errorf("version: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, "", "build", "--docs", "/nonexistent/docs.jsonl")
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "ctxlab: ") || !strings.Contains(stderr, "/nonexistent/docs.jsonl") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("bad input: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	stdout, stderr, code = run(t, "", "assemble", "--scenario", "sample/overflow.yaml", "--mode", "measure", "--format", "json")
	if code != 3 || !strings.HasPrefix(stdout, "{") || !regexp.MustCompile(`^Context exceeds budget: \d+ > \d+\n$`).MatchString(stderr) {
		t.Errorf("overflow: exit %d, stderr %q, stdout %.200q", code, stderr, stdout)
	}
}
