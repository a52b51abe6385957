package docs_test

import (
	"strings"
	"testing"
)

func TestMatchesElisionsAndPrefixes(t *testing.T) {
	got := []string{"head", "a", "b", "c", "tail line  ", ""}
	for _, c := range []struct {
		want string
		ok   bool
	}{
		{"head\na\nb\nc\ntail line", true},
		{"head\n...\ntail line", true},
		{"...\nc\ntail line", true},
		{"head\n...", true},
		{"head\na\n...\na\n...", false},
		{"head\n...\nb\n...\ntail...", true},
		{"head\nta...", false},
		{"head\na\nb\nc", false},
		{"head\na\nb\nc\ntail line\nmore", false},
		{"head\nb\n...", false},
		{"hea\n...", false},
	} {
		ok, where := matches(strings.Split(c.want, "\n"), append([]string(nil), got...))
		if ok != c.ok {
			t.Errorf("matches(%q) = %v (%s), want %v", c.want, ok, where, c.ok)
		}
		if !ok && where == "" {
			t.Errorf("matches(%q) failed without saying where", c.want)
		}
	}
}

func TestConsoleBlocksParse(t *testing.T) {
	text := "Intro\n\n```console\n$ ctxlab eval --run 'a b.trec' \\\n    --budget 1000\nline one\n...\n[exit 3]\n$ ctxlab version\nctxlab 0.1.0\n```\n\n```text\n$ cat x\n```\n"
	runs, err := consoleBlocks("x.md", text)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 {
		t.Fatalf("got %d runs, want 2: %+v", len(runs), runs)
	}
	first := runs[0]
	if first.line != 4 || first.exit != 3 || strings.Join(first.args, "|") != "eval|--run|a b.trec|--budget|1000" || strings.Join(first.expected, "|") != "line one|..." {
		t.Errorf("first run = %+v", first)
	}
	if runs[1].exit != 0 || strings.Join(runs[1].expected, "|") != "ctxlab 0.1.0" {
		t.Errorf("second run = %+v", runs[1])
	}
	for _, bad := range []string{
		"```console\n$ cat lean.yaml\n```\n",
		"```console\n$ ctxlab build | head\n```\n",
		"```console\nno command\n```\n",
		"```console\n$ ctxlab version\n",
	} {
		if _, err := consoleBlocks("x.md", bad); err == nil {
			t.Errorf("consoleBlocks(%q) took it", bad)
		}
	}
}
