package cli_test

// The end-to-end command tests run ctxlab in-process through cli.Main,
// the function main.go calls, with an Env of buffers: what they see is
// what the binary writes and the exit code it returns, without a process
// start and a tokenizer load per run, so they can run in parallel. The
// binary itself is tested by the smoke tests at the repository root.
//
// Relative paths resolve against the process's working folder, this
// package's, as the binary's do against the shell's: the bundled sample is
// ../sample and the corpus copies are in testdata/.

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ctxlab/cli"
	"ctxlab/internal/testcorpus"

	// As in main.go: headless commands must not query the terminal.
	_ "ctxlab/internal/termprobe"
)

// hitlCassette is a pydantic-ai cassette of an agent loop with a
// human-in-the-loop tool, copied from the shared corpus (see
// internal/testcorpus/README.md).
var hitlCassette = testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml")

// baseEnvironment is the test process's environment less its LLM
// variables, so a developer's CTXLAB_LLM_MODEL or OPENAI_API_KEY does not
// change what is tested.
var baseEnvironment = sync.OnceValue(func() map[string]string {
	vars := map[string]string{}
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "CTXLAB_LLM_") || strings.HasPrefix(name, "OPENAI_") {
			continue
		}
		vars[name] = value
	}
	return vars
})

// run runs ctxlab with args and stdin and returns stdout, stderr and the
// exit code.
func run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runEnv(t, nil, stdin, args...)
}

// runEnv is run with extra ("NAME=value") added to the environment the
// command sees; the test process's own environment is never changed.
func runEnv(t *testing.T, extra []string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	vars := map[string]string{}
	for name, value := range baseEnvironment() {
		vars[name] = value
	}
	for _, kv := range extra {
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			t.Fatalf("extra environment entry %q: expected NAME=value", kv)
		}
		vars[name] = value
	}
	var stdout, stderr bytes.Buffer
	code := cli.Main(cli.Env{
		Stdin:  strings.NewReader(stdin),
		Stdout: &stdout,
		Stderr: &stderr,
		Getenv: func(name string) string { return vars[name] },
	}, args)
	return stdout.String(), stderr.String(), code
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
