package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"ctxlab/core"
	"ctxlab/loaders/scenario"
	"ctxlab/tui/rows"
)

// These flows drive the real program loop (commands in goroutines,
// messages through the event loop, the standard renderer) and read what
// it draws, where the Update-level tests call the model directly.

// flowTimeout is only how long a failing flow waits before it reports: a
// passing one goes on as soon as the screen shows what it waits for. It
// is generous because a CI machine may be shared by many jobs on few
// cores, where a deadline of 10 s is too short for TestFlowFilter.
const (
	flowTimeout  = 60 * time.Second
	flowInterval = 10 * time.Millisecond
)

// startFlow runs the workbench on the support_chat sample at 120x40 and
// waits for the first picture: the sample's dedup stage removes six.
func startFlow(t *testing.T, cfg Config) *teatest.TestModel {
	t.Helper()
	cfg.Scenario = sampleScenario(t, "support_chat")
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return fixedNow }
	}
	if cfg.ExportDir == "" {
		cfg.ExportDir = t.TempDir()
	}
	cfg.Theme = "dark"
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(120, 40))
	// A failed wait must not leave the program running.
	t.Cleanup(func() { _ = tm.Quit() })
	waitForOutput(t, tm, "Dedup −6")
	return tm
}

// waitForOutput waits until the output drawn since the previous wait
// contains every one of want.
func waitForOutput(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
		for _, w := range want {
			if !bytes.Contains(out, []byte(w)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(flowTimeout), teatest.WithCheckInterval(flowInterval))
}

// sendKeys sends keys as the terminal would deliver them.
func sendKeys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(keyMsg(k))
	}
}

// quitFlow quits with q and returns the model the program ended with.
func quitFlow(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	sendKeys(tm, "q")
	final, ok := tm.FinalModel(t, teatest.WithFinalTimeout(flowTimeout)).(Model)
	if !ok {
		t.Fatal("the program did not end with a Model")
	}
	return final
}

// TestFlowLoweringThresholdCatchesAnotherDuplicate: open the sample, turn
// the dedup threshold down one step (0.85 -> 0.80) and see the duplicate
// count change on screen.
func TestFlowLoweringThresholdCatchesAnotherDuplicate(t *testing.T) {
	tm := startFlow(t, Config{})
	sendKeys(tm, "c", "left")
	waitForOutput(t, tm, "Dedup −7", "◂0.80▸")
	final := quitFlow(t, tm)
	if got := final.settings.Pipeline.DedupThreshold; got != 0.80 {
		t.Errorf("threshold = %v, want 0.80", got)
	}
	if got := final.eval.Build.DuplicatesRemoved; got != 7 {
		t.Errorf("duplicates removed = %d, want 7", got)
	}
}

// TestFlowRaisingThresholdReleasesADuplicate: raise the threshold one
// step (0.85 -> 0.90): the shipping-times copy (J=0.865) is no longer a
// duplicate and the count on screen drops.
func TestFlowRaisingThresholdReleasesADuplicate(t *testing.T) {
	tm := startFlow(t, Config{})
	sendKeys(tm, "c", "right")
	waitForOutput(t, tm, "Dedup −5", "◂0.90▸")
	final := quitFlow(t, tm)
	if got := final.eval.Build.DuplicatesRemoved; got != 5 {
		t.Errorf("duplicates removed = %d, want 5", got)
	}
}

// TestFlowFilter: / and a query narrow the list to the documents about
// gift cards, with the query in the list's title.
func TestFlowFilter(t *testing.T) {
	tm := startFlow(t, Config{})
	sendKeys(tm, "/")
	tm.Type("gift")
	// The title counts the rows once "gift" itself has been matched;
	// until then it says it is matching and the rows are an earlier
	// query's.
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
		return regexp.MustCompile(`filter "gift": [0-9]`).Match(out)
	}, teatest.WithDuration(flowTimeout), teatest.WithCheckInterval(flowInterval))
	sendKeys(tm, "enter") // keep the filter, leave the input: q quits again
	final := quitFlow(t, tm)

	if !final.filter.Active() || final.filter.Query() != "gift" {
		t.Fatalf("filter active %v with query %q", final.filter.Active(), final.filter.Query())
	}
	listed := map[string]bool{}
	for _, r := range final.list.Listed() {
		d := final.eval.Documents[r.Index()]
		listed[d.Source] = true
		// The filter matches content too, so an article that mentions
		// gift cards is listed; so is a source that fuzzy-matches the
		// query, as sahilm/fuzzy does (size-Guides/Footwear has g…i…f…t).
		// Anything else has no business here.
		if !strings.Contains(strings.ToLower(d.Source+" "+d.Content), "gift") && !isSubsequence("gift", strings.ToLower(d.Source)) {
			t.Errorf("row #%d %s does not match %q", r.Index()+1, d.Source, "gift")
		}
	}
	for _, d := range final.eval.Documents {
		if strings.Contains(d.Source, "gift-card") && !listed[d.Source] {
			t.Errorf("gift-card article %s is not listed", d.Source)
		}
	}
	if n := len(final.list.Listed()); n == 0 || n >= len(final.eval.Documents) {
		t.Errorf("filter kept %d of %d documents", n, len(final.eval.Documents))
	}
}

// TestFlowFilterEscClears: Esc in the filter input drops the filter and
// lists every document again.
func TestFlowFilterEscClears(t *testing.T) {
	tm := startFlow(t, Config{})
	sendKeys(tm, "/")
	tm.Type("gift")
	// The title counts the rows once "gift" itself has been matched;
	// until then it says it is matching and the rows are an earlier
	// query's.
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
		return regexp.MustCompile(`filter "gift": [0-9]`).Match(out)
	}, teatest.WithDuration(flowTimeout), teatest.WithCheckInterval(flowInterval))
	sendKeys(tm, "esc")
	// The title is repainted without the filter; the plain title's border
	// follows the stage name directly.
	waitForOutput(t, tm, "1 Documents · Budget ━")
	final := quitFlow(t, tm)
	if final.filter.Active() || final.filter.Editing() || final.filter.Query() != "" {
		t.Errorf("filter still on: active %v, input %v, query %q", final.filter.Active(), final.filter.Editing(), final.filter.Query())
	}
	if all := len(rows.ForStage(final.eval, final.list.Stage(), final.list.HideGone())); len(final.list.Listed()) != all {
		t.Errorf("%d rows after Esc, want all %d", len(final.list.Listed()), all)
	}
}

// TestFlowExport: e writes the request, a scenario that loads back to the
// same assembly, and the screen.
func TestFlowExport(t *testing.T) {
	exportDir := t.TempDir()
	tm := startFlow(t, Config{ExportDir: exportDir, WriteScenario: scenario.Write})
	sendKeys(tm, "e")
	waitForOutput(t, tm, "exported")
	final := quitFlow(t, tm)

	dir := filepath.Join(exportDir, "ctxlab-export-"+fixedNow.Format("20060102-150405"))
	for _, name := range []string{"messages.json", "scenario.yaml", "report.txt"} {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: missing or empty (%v)", name, err)
		}
	}

	data, err := os.ReadFile(filepath.Join(dir, "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	var request struct {
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(data, &request); err != nil {
		t.Fatalf("messages.json: %v", err)
	}
	if len(request.Messages) == 0 {
		t.Error(`messages.json has no "messages"`)
	}

	exported, err := scenario.LoadFile(filepath.Join(dir, "scenario.yaml"), scenario.Options{})
	if err != nil {
		t.Fatalf("the exported scenario does not load: %v", err)
	}
	reopened, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: exported, Now: fixedNow}, exported.Settings)
	if err != nil {
		t.Fatal(err)
	}
	original := sampleScenario(t, "support_chat")
	want, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: original, Now: fixedNow}, original.Settings)
	if err != nil {
		t.Fatal(err)
	}
	if reopened.Assembly.Used != want.Assembly.Used {
		t.Errorf("reopened export assembles to %d tokens, the sample to %d", reopened.Assembly.Used, want.Assembly.Used)
		for i, c := range want.Assembly.Components {
			if i < len(reopened.Assembly.Components) && reopened.Assembly.Components[i].Used != c.Used {
				t.Errorf("  %s: %d tokens reopened, %d in the sample", c.Name, reopened.Assembly.Components[i].Used, c.Used)
			}
		}
	}
	if final.eval.Assembly.Used != want.Assembly.Used {
		t.Errorf("the workbench showed %d tokens, the sample assembles to %d", final.eval.Assembly.Used, want.Assembly.Used)
	}
}

// isSubsequence reports whether the runes of query appear in s in order,
// which is what a fuzzy match of query against s requires.
func isSubsequence(query, s string) bool {
	q := []rune(query)
	for _, r := range s {
		if len(q) > 0 && r == q[0] {
			q = q[1:]
		}
	}
	return len(q) == 0
}
