package cli

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/summarize"
	"ctxlab/llm"
)

// failing fails every call with err and counts the calls.
type failing struct {
	err   error
	calls int
}

func (f *failing) Summarize(context.Context, summarize.Request) (string, error) {
	f.calls++
	return "", f.err
}

func TestBreakerAndFallbackLog(t *testing.T) {
	req := summarize.Request{Purpose: summarize.PurposeChunk, Text: "Order ORD-1 ships on Friday."}
	for _, c := range []struct {
		kind      llm.ErrorKind
		wantCalls int
		wantLine  string
	}{
		{llm.KindHTTP, 1, "used the extractive summary instead, and for the 2 summary calls after it without asking the model again"},
		{llm.KindEmpty, 3, "used the extractive summary instead (3 summary calls)"},
	} {
		model := &failing{err: &llm.Error{Endpoint: "http://h/v1", Model: "m", Kind: c.kind, Detail: "went wrong"}}
		log := &fallbackLog{}
		sum := llm.WithFallback(&circuitBreaker{next: model}, summarize.ExtractiveSummarizer{}, log.report)
		for i := 0; i < 3; i++ {
			out, err := sum.Summarize(context.Background(), req)
			if err != nil || !strings.Contains(out, "ORD-1") {
				t.Fatalf("%s: call %d: %q, %v", c.kind, i, out, err)
			}
		}
		lines := log.Lines()
		if model.calls != c.wantCalls || len(lines) != 1 ||
			!strings.HasPrefix(lines[0], "ctxlab: LLM summarizer (http://h/v1, model m): went wrong; ") || !strings.HasSuffix(lines[0], c.wantLine) {
			t.Errorf("%s: model asked %d times (want %d); lines %q", c.kind, model.calls, c.wantCalls, lines)
		}
	}
	if tripsBreaker(errors.New("not an llm error")) {
		t.Error("a non-LLM error tripped the breaker")
	}
}

func TestParseLLMTimeout(t *testing.T) {
	for in, want := range map[string]string{"30s": "30s", "2m": "2m0s", "1.5": "1.5s", "0": "0s"} {
		if d, err := parseLLMTimeout(in); err != nil || d.String() != want {
			t.Errorf("%q: %v, %v", in, d, err)
		}
	}
	for _, in := range []string{"soon", "-1", "-2s", ""} {
		if _, err := parseLLMTimeout(in); err == nil || !strings.HasPrefix(err.Error(), "--llm-timeout") {
			t.Errorf("%q: err %v", in, err)
		}
	}
}

// buildLLM parses args as a command's LLM flags and builds the summarizer
// over env.
func buildLLM(t *testing.T, env map[string]string, args ...string) (*summarizerSetup, error) {
	t.Helper()
	var l llmFlags
	fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
	l.register(fs)
	if err := parseFlags(fs, args); err != nil {
		t.Fatal(err)
	}
	return l.build(Env{Getenv: func(k string) string { return env[k] }}, fs, false)
}

func TestLLMAPIKeyFile(t *testing.T) {
	const fileKey, envKey, namedKey = "sk-file-SECRET-1", "sk-env-SECRET-2", "sk-named-SECRET-3"
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "openai.key")
	if err := os.WriteFile(keyFile, []byte(fileKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	local := []string{"--llm-base-url", "http://127.0.0.1:9/v1"}
	env := map[string]string{llm.EnvAPIKey: envKey, llm.EnvOpenAIAPIKey: envKey, "MY_KEY": namedKey}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"the file wins over the variables", []string{"--llm-api-key-file", keyFile}, fileKey},
		{"--llm-api-key-env without the file", []string{"--llm-api-key-env", "MY_KEY"}, namedKey},
		{"the default variables", nil, envKey},
	} {
		setup, err := buildLLM(t, env, append(local, c.args...)...)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := setup.LLM.Config().APIKey.Reveal(); got != c.want {
			t.Errorf("%s: key %q, want %q", c.name, got, c.want)
		}
	}
	// The OpenAI API needs a key; one from a file is one.
	if _, err := buildLLM(t, nil, "--summarizer", "llm", "--llm-api-key-file", keyFile); err != nil {
		t.Errorf("OpenAI with a key file: %v", err)
	}
	// Nothing asks a model: the file is not read, as the variables are not.
	if _, err := buildLLM(t, nil, "--llm-api-key-file", filepath.Join(dir, "missing")); err != nil {
		t.Errorf("extractive summarizer with a missing key file: %v", err)
	}
}

func TestLLMAPIKeyFileErrors(t *testing.T) {
	const secret = "sk-proj-NEVERSHOWN-5d1e"
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.key", secret+"\n")
	empty := write("empty.key", "\n")
	twoLines := write("two.key", secret+"\n"+secret+"\n")
	local := []string{"--llm-base-url", "http://127.0.0.1:9/v1", "--llm-api-key-file"}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"missing file", append(local, filepath.Join(dir, "nope.key")), `--llm-api-key-file "` + filepath.Join(dir, "nope.key") + `": no such file`},
		{"empty file", append(local, empty), `--llm-api-key-file "` + empty + `": the file is empty; expected the API key`},
		{"two lines", append(local, twoLines), `--llm-api-key-file "` + twoLines + `": the file has 2 lines; expected the API key alone on one line`},
		{"a directory", append(local, dir), `--llm-api-key-file "` + dir + `": is a directory; expected a file holding the API key`},
		{"an empty value", append(local, ""), "--llm-api-key-file is empty: expected the path of a file holding the API key"},
		{"the key where the file belongs", append(local, secret+"-0123456789abcdef"), "--llm-api-key-file: no such file; it takes the path of a file holding the API key, not the key itself"},
		{"both flags", []string{"--llm-api-key-file", good, "--llm-api-key-env", "MY_KEY"}, "--llm-api-key-file and --llm-api-key-env both say where the API key is: give one"},
		{"control characters in the path", append(local, dir+"/\x1b[2J.key"), `--llm-api-key-file "` + dir + `/␛[2J.key": no such file`},
	} {
		_, err := buildLLM(t, nil, c.args...)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, err, c.want)
		}
		if strings.Contains(err.Error(), "NEVERSHOWN") {
			t.Errorf("%s: the key is in the error: %s", c.name, err)
		}
	}
}
