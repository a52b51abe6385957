package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryInputStopsAtTheFirstBadByte points every input of every
// command at /dev/zero and /dev/urandom: each must end at once with one
// line naming the device, not read it until memory runs out. (Random
// bytes may hold a newline before the first invalid one: any line.)
func TestEveryInputStopsAtTheFirstBadByte(t *testing.T) {
	t.Parallel()
	for _, dev := range []string{"/dev/zero", "/dev/urandom"} {
		if _, err := os.Stat(dev); err != nil {
			t.Skipf("%s: %v", dev, err)
		}
		scenario := writeFile(t, "scenario.yaml", "name: x\nquery: q\ndocuments: "+dev+"\n")
		historyScenario := writeFile(t, "history.yaml", "name: x\nquery: q\nhistory: "+dev+"\n")
		commands := [][]string{
			{"build", "--docs", dev},
			{"build", "--docs", "../sample/docs/support_kb.jsonl", "--history", dev},
			{"tokens", dev},
			{"longdoc", dev},
			{"monitor", dev},
			{"assemble", "--request", dev},
			{"assemble", "--scenario", dev},
			{"assemble", "--docs", dev, "--query", "q"},
			{"assemble", "--docs", "../sample/docs/support_kb.jsonl", "--history", dev, "--query", "q"},
			{"assemble", "--scenario", scenario, "--allow-outside"},
			{"assemble", "--scenario", historyScenario, "--allow-outside"},
			{"presets", "--validate", dev},
			{"assemble", "--scenario", "../sample/support_chat.yaml", "--prices", dev},
			{"diff", "--scenario", "../sample/support_chat.yaml", dev, dev},
			{"eval", "--run", dev},
			{"eval", "--run", "../sample/eval/run.trec", "--corpus", dev},
			{"eval", "--run", "../sample/eval/run.trec", "--corpus", "../sample/eval/corpus.jsonl", "--qrels", dev},
		}
		for _, args := range commands {
			_, stderr, code := run(t, "", args...)
			if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, dev+": line ") {
				t.Errorf("%s: exit %d, stderr %q; want exit 1 and one line naming %s at its first byte", strings.Join(args, " "), code, stderr, dev)
			}
		}
	}
}

// TestMaxInputSize raises and lowers the limit. It changes the
// process-wide limit through cli.Main, so it does not run in parallel.
func TestMaxInputSize(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(text, []byte(strings.Repeat("word ", 400)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := run(t, "", "tokens", "--max-input-size", "1KiB", text)
	want := "ctxlab: " + text + ": is larger than 1 KiB (1,024 bytes), the input size limit; raise it with --max-input-size if the input is meant to be this large\n"
	if code != 1 || stderr != want {
		t.Errorf("tokens over the limit: exit %d, stderr %q; want %q", code, stderr, want)
	}
	if _, stderr, code := run(t, "", "tokens", "--max-input-size", "2KiB", text); code != 0 {
		t.Errorf("tokens within a raised limit: exit %d, %s", code, stderr)
	}
	// The limit set by one run does not outlive it.
	if _, stderr, code := run(t, strings.Repeat("word ", 400), "tokens", "-"); code != 0 {
		t.Errorf("tokens after a run with a lower limit: exit %d, %s", code, stderr)
	}
	for _, bad := range []string{"0", "-1", "lots", "1.5GiB", "99999999999TiB"} {
		_, stderr, code := run(t, "", "build", "--max-input-size", bad, "--docs", text)
		if code != 1 || !strings.Contains(stderr, "max-input-size") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("--max-input-size %s: exit %d, stderr %q; want one line refusing the flag", bad, code, stderr)
		}
	}
}

// TestLongdocDropsTheByteOrderMark: a BOM is an editor's marker, not a
// token of the document, as the document loaders treat it.
func TestLongdocDropsTheByteOrderMark(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("A paragraph of the long document.\n\n", 40)
	plain := writeFile(t, "plain.txt", body)
	withBOM := writeFile(t, "bom.txt", "\uFEFF"+body)
	a, _, codeA := run(t, "", "longdoc", plain, "--format", "json")
	b, _, codeB := run(t, "", "longdoc", withBOM, "--format", "json")
	if codeA != 0 || codeB != 0 {
		t.Fatalf("exit %d and %d", codeA, codeB)
	}
	if strings.ReplaceAll(a, plain, withBOM) != b {
		t.Errorf("the plan of a document with a BOM differs from the plan without:\n%s\n---\n%s", a, b)
	}
}

// TestHostileLLMTimeouts: a timeout that would truncate to none, overflow
// or is not a number is refused on the flag itself, whether or not an
// endpoint is configured.
func TestHostileLLMTimeouts(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"0.0000000001": "is shorter than 1 millisecond",
		"NaN":          "is not a number of seconds",
		"1e300":        "is longer than 24 hours",
		"9223372037":   "is longer than 24 hours",
	}
	for value, want := range cases {
		for _, endpoint := range [][]string{nil, {"--llm-base-url", "http://127.0.0.1:9/v1"}} {
			args := append([]string{"assemble", "--llm-timeout", value}, endpoint...)
			_, stderr, code := run(t, "", args...)
			wantLine := "ctxlab: --llm-timeout \"" + value + "\" " + want
			if code != 1 || !strings.HasPrefix(stderr, wantLine) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s: exit %d, stderr %q; want one line starting %q", strings.Join(args, " "), code, stderr, wantLine)
			}
		}
	}
}

// TestScenarioPathOutsideIsRefused: a scenario may not read a file outside
// its own folder unless --allow-outside says so.
func TestScenarioPathOutsideIsRefused(t *testing.T) {
	t.Parallel()
	scenario := writeFile(t, "s.yaml", "name: x\nquery: q\ndocuments: ../../../../../../../../etc/passwd\n")
	_, stderr, code := run(t, "", "assemble", "--scenario", scenario)
	want := `line 3, column 12: documents path "../../../../../../../../etc/passwd" leads outside the scenario's folder; --allow-outside allows it`
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want %q", code, stderr, want)
	}
	if _, stderr, _ := run(t, "", "assemble", "--scenario", scenario, "--allow-outside"); strings.Contains(stderr, "leads outside") {
		t.Errorf("--allow-outside still refused: %s", stderr)
	}
}
