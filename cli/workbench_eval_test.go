package cli

import (
	"strings"
	"testing"
)

// The workbench checks a retrieval run before it takes the screen: a
// run's companion files without the run, or a run that does not load,
// end with one line and no workbench.
func TestWorkbenchRefusesABadRunBeforeOpening(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--qrels", "../sample/eval/qrels.tsv"}, "--corpus, --queries and --qrels go with --run"},
		{[]string{"--run", "../sample/eval/run.trec"}, "is a TREC run, which names documents by id; expected --corpus"},
		{[]string{"--run", "../sample/eval/run.trec", "--corpus", "../sample/eval/queries.jsonl"}, `line 1: document "archive-2024-returns-window" is not in ../sample/eval/queries.jsonl`},
	}
	for _, c := range cases {
		env := testEnv()
		env.StdoutIsTTY, env.StdinIsTTY = true, true
		err := runWorkbench(env, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v, want %q", c.args, err, c.want)
		}
	}
}
