package cli_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"ctxlab/core"
)

// Every knob eval takes as a flag appears in its JSON settings, under the
// last part of its scenario key (a section's in an object of the
// section's name): the settings say what every query ran under. They
// listed eight by hand and left out the six retrieval knobs added later.
func TestEvalSettingsNameEveryKnobItTakes(t *testing.T) {
	t.Parallel()
	help, _, _ := run(t, "", "eval", "--help")
	stdout, stderr, code := run(t, "", append(append([]string{}, sampleEvalArgs...), "--rerank", "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Settings map[string]json.RawMessage `json:"settings"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	taken := 0
	for _, k := range core.Knobs() {
		if !regexp.MustCompile(`(?m)^\s+-` + regexp.QuoteMeta(k.Flag) + `\b`).MatchString(help) {
			continue
		}
		taken++
		section, name, inSection := strings.Cut(k.Key, ".")
		raw, ok := out.Settings[k.Key]
		if inSection {
			raw, ok = out.Settings[name]
		}
		if inSection && section != "pipeline" {
			var fields map[string]json.RawMessage
			if err := json.Unmarshal(out.Settings[section], &fields); err != nil || fields == nil {
				t.Errorf("--%s: settings.%s is %s, want an object", k.Flag, section, out.Settings[section])
				continue
			}
			raw, ok = fields[name]
			if name == "enabled" {
				raw, ok = out.Settings[section], true
			}
		}
		if !ok || len(raw) == 0 {
			t.Errorf("--%s: no %s in eval's settings %s", k.Flag, k.Key, stdout[:min(len(stdout), 600)])
		}
	}
	if taken < 15 {
		t.Errorf("%d knobs found in eval's help, want its pipeline knobs and reranking", taken)
	}
}
