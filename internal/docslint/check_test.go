package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestRulesFindHistory(t *testing.T) {
	for _, line := range []string{
		"Measured in session 18, alternately with the binary before.",
		"the session-18 sweep's gen.py",
		"round 3 of the audit",
		"Rows marked fixed here failed and were fixed in this round.",
		"the clock (22-51 ms) at load 13-14 is noise",
		"at a load average of 15 to 20",
		"a load of 15 on 2 cores",
		"written to /tmp/stress.json",
		"see `/work/main/README.md`",
		"on 2026-12-01 from 15:05 to 15:25 UTC",
		"(08:33 UTC)",
		"issue 11's rule",
		"Against issue 11's rule",
		"as issues 9 and 11 ask",
		"this fixes #12",
		"it used to be refused",
		"previously it took 2 s",
		"Before this change the list was copied.",
		"the figure now measures the whole run",
	} {
		if got := checkText("x.md", 1, line); len(got) == 0 {
			t.Errorf("%q: no finding", line)
		}
	}
}

func TestRulesLeaveWhatIsAlone(t *testing.T) {
	for _, line := range []string{
		"a chat session with the support assistant",
		"detached tmux sessions run in parallel",
		"Unique across sessions: the session's start time",
		"two scores that round to 1.00",
		"a Go toolchain bug, golang/go#75804, fails the fuzz coordinator",
		"the current refund policy (#15) dropped while #34 is sent as [2]",
		"the upload is no longer held once it is parsed",
		"a 429 reply's Retry-After header",
		"the heap is loaded in blocks of 4 MB",
		"prices taken 2026-12-01 from https://platform.openai.com/docs/pricing",
		"Timestamp is RFC 3339, in UTC.",
		"paths under sample/docs/ and the system's temporary folder",
		"the key used for the cache",
	} {
		if got := checkText("x.md", 1, line); len(got) != 0 {
			t.Errorf("%q: %v", line, got)
		}
	}
}

func TestCheckReadsDocsAndGoComments(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", "# x\n\nMeasured at load 3.\n")
	write("docs/internals/a.md", "fine\nsession 4 found it\n")
	write("docs/notes.txt", "session 5 is not Markdown\n")
	write("pkg/a.go", "package pkg\n\n// F is fine.\nfunc F() string {\n\treturn \"session 6 in a string\"\n}\n\n/* G\n   used to panic */\nfunc G() {}\n")
	write("pkg/testdata/b.go", "package b // session 7\n")
	write(".hidden/c.go", "package c // session 8\n")
	findings, err := Check(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, f.File+":"+strconv.Itoa(f.Line))
	}
	want := "README.md:3 docs/internals/a.md:2 pkg/a.go:9"
	if strings.Join(got, " ") != want {
		t.Errorf("findings at %v, want %s", got, want)
	}
}
