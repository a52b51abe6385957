package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScenarioFromDownloadsCannotReadHome: run from the home folder, a
// scenario in ~/Downloads naming ../passwords.txt (documents) or
// ../run.jsonl (eval) is refused by every command that reads scenarios,
// in one line naming the scenario, the field and the path; each accepts
// --allow-outside to read it anyway.
func TestScenarioFromDownloadsCannotReadHome(t *testing.T) {
	home := t.TempDir()
	if err := os.Mkdir(filepath.Join(home, "Downloads"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"passwords.txt":     "bank hunter2 and several more secret words\n",
		"run.jsonl":         `{"qid": "a", "query": "refunds", "docs": [{"id": "x", "text": "Refunds go back to the card within five business days."}]}` + "\n",
		"Downloads/s.yaml":  "name: s\nquery: q\ndocuments: ../passwords.txt\n",
		"Downloads/ev.yaml": "name: ev\ntokenizer: heuristic\neval:\n  run: ../run.jsonl\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(home, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(home)
	s, ev := filepath.Join("Downloads", "s.yaml"), filepath.Join("Downloads", "ev.yaml")
	docsRefused := s + `: line 3, column 12: documents path "../passwords.txt" leads outside the scenario's folder; --allow-outside allows it`
	evalRefused := ev + `: line 4, column 8: eval.run path "../run.jsonl" leads outside the scenario's folder; --allow-outside allows it`
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"assemble", "--scenario", s}, docsRefused},
		{[]string{"diff", s, s}, docsRefused},
		{[]string{"eval", "--scenario", ev}, evalRefused},
	} {
		stdout, stderr, code := run(t, "", c.args...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || strings.Contains(stdout+stderr, "hunter2") {
			t.Errorf("%s: exit %d, stderr %q; want one line with %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
		args := append(c.args[:1:1], append([]string{"--allow-outside"}, c.args[1:]...)...)
		if _, stderr, code := run(t, "", args...); code != 0 {
			t.Errorf("%s: exit %d, stderr %q", strings.Join(args, " "), code, stderr)
		}
	}
}
