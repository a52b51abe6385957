package cli

import (
	"strings"
	"testing"
)

// TestWorkbenchWatchRefusals: the workbench's --watch refuses what it
// cannot follow, each with what to do, before the screen is taken.
func TestWorkbenchWatchRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--watch"}, "the bundled sample has none"},
		{[]string{"--watch", "--docs", "-"}, "stdin is read once"},
		{[]string{"--watch", "--run", "../sample/eval/run.trec", "--corpus", "../sample/eval/corpus.jsonl"}, "ctxlab eval --run FILE --watch"},
	} {
		env := testEnv()
		env.StdoutIsTTY, env.StdinIsTTY = true, true
		err := runWorkbench(env, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}
