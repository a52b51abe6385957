package core_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"ctxlab/core"
	"ctxlab/loaders/scenario"
)

// TestTwoEditsOfOneItemAreRefused: an item dropped twice, cut twice, or
// dropped and cut is refused, both edits named, on the command line's
// spelling and the scenario file's; edits of different items, or of a
// message and a tool result of one number, stand.
func TestTwoEditsOfOneItemAreRefused(t *testing.T) {
	for _, c := range []struct {
		name            string
		drops, truncate []string
		want, wantYAML  string // "" when the settings stand
	}{
		{name: "dropped twice", drops: []string{"tool_result:2", "tool_result:2"},
			want:     "--drop-item tool_result:2 and --drop-item tool_result:2 both edit tool result 2; give one edit per item",
			wantYAML: "edits.drop[1] tool_result:2 and edits.drop[2] tool_result:2 both edit tool result 2; give one edit per item"},
		{name: "dropped and cut", drops: []string{"tool_result:2"}, truncate: []string{"tool_result:2=50"},
			want:     "--drop-item tool_result:2 and --truncate-item tool_result:2=50 both edit tool result 2; give one edit per item",
			wantYAML: "edits.drop[1] tool_result:2 and edits.truncate[1] tool_result:2=50 both edit tool result 2; give one edit per item"},
		{name: "cut twice", truncate: []string{"message:1=80", "tool_result:1=9", "message:1=40"},
			want:     "--truncate-item message:1=80 and --truncate-item message:1=40 both edit message 1; give one edit per item",
			wantYAML: "edits.truncate[1] message:1=80 and edits.truncate[3] message:1=40 both edit message 1; give one edit per item"},
		{name: "different items", drops: []string{"tool_result:1", "message:1"}, truncate: []string{"tool_result:2=50", "message:2=9"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := core.DefaultSettings()
			s.DropItems, s.TruncateItems = c.drops, c.truncate
			err := s.Validate()
			var opt *core.OptionError
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "":
			case err == nil:
				t.Fatal("accepted")
			case !errorAs(err, &opt) || "--"+opt.Option+" "+opt.Problem != c.want:
				t.Errorf("flags: %v\nwant %s", err, c.want)
			}
			yamlText := "query: q\nhistory:\n  - {role: user, content: hello there}\n  - {role: assistant, content: hi}\n" +
				"tool_results:\n  - {name: a, content: one}\n  - {name: b, content: two}\nedits:\n"
			for key, list := range map[string][]string{"drop": c.drops, "truncate": c.truncate} {
				if len(list) > 0 {
					yamlText += "  " + key + ": [" + strings.Join(list, ", ") + "]\n"
				}
			}
			_, err = scenario.LoadFS(fstest.MapFS{"s.yaml": {Data: []byte(yamlText)}}, "s.yaml")
			switch {
			case c.wantYAML == "" && err != nil:
				t.Errorf("the scenario file is refused: %v", err)
			case c.wantYAML != "" && (err == nil || !strings.Contains(err.Error(), c.wantYAML)):
				t.Errorf("scenario file: %v\nwant %s", err, c.wantYAML)
			}
		})
	}
}

func errorAs(err error, target **core.OptionError) bool {
	opt, ok := err.(*core.OptionError)
	*target = opt
	return ok
}
