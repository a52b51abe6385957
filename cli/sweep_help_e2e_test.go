package cli_test

import (
	"strings"
	"testing"

	"ctxlab/core/sweep"
)

// sweep's and eval's help list every sweepable knob with its values, from
// the knob table: eval's listed three of the four by hand, top-k left out.
func TestSweepHelpListsEverySweepableKnob(t *testing.T) {
	t.Parallel()
	sweepHelp, _, _ := run(t, "", "sweep", "--help")
	evalHelp, _, _ := run(t, "", "eval", "--help")
	for _, k := range sweep.Knobs() {
		evalName := k.Flag
		if k.ID == "rag" {
			evalName = "budget"
		}
		first := strings.Fields(k.Sweep.Describe)[0] + " "
		for _, want := range []struct{ help, line string }{{sweepHelp, "--knob " + k.Flag}, {evalHelp, "--sweep " + evalName}} {
			at := strings.Index(want.help, "  "+want.line+" ")
			if at < 0 || !strings.Contains(want.help[at:min(len(want.help), at+80)], first) {
				t.Errorf("help lacks %q with its values:\n%s", want.line, want.help)
			}
		}
		if !strings.Contains(evalHelp, "|"+evalName) && !strings.Contains(evalHelp, evalName+"|") {
			t.Errorf("eval's usage line lacks %s", evalName)
		}
	}
}
