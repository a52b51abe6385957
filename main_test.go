package main

// Smoke tests of the real binary: it starts, main.go passes cli.Main's
// exit code to the shell, and the workbench works in a terminal (the tmux
// tests). What each command does is tested in-process in package cli.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ctxlabBin is the binary under test, built once by TestMain.
var ctxlabBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ctxlab-bin")
	if err != nil {
		panic(err)
	}
	ctxlabBin = filepath.Join(dir, "ctxlab")
	build := exec.Command("go", "build", "-o", ctxlabBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building ctxlab: " + err.Error())
	}
	code := m.Run()
	tmux("kill-server").Run() // the tmux tests' private server, if one started
	os.RemoveAll(dir)
	os.Exit(code)
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
