package tokenview

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// noTick schedules nothing: the tests take a job's messages themselves.
func noTick(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }

// finish runs a job's command to its end.
func finish(t *testing.T, cmd tea.Cmd) DoneMsg {
	t.Helper()
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		msg = batch[0]()
	}
	done, ok := msg.(DoneMsg)
	if !ok {
		t.Fatalf("the job ended with %T", msg)
	}
	return done
}

// TestCounterStandsInCountsAndStops: an unloaded vocabulary is stood in
// for by the heuristic; a second job for another tokenizer replaces the
// first, whose message is then ignored; a stopped job says Stopped, and
// one left to finish says Counted and leaves the counts ready.
func TestCounterStandsInCountsAndStops(t *testing.T) {
	docs := []value.Document{{Content: "Refunds take five days.", Source: "kb/a"}, {Content: "Returns are free.", Source: "kb/b"}}
	analysis := pipeline.Analyze(docs)
	bpe, err := tokens.NewBPE(tokens.TokenizerO200K)
	if err != nil {
		t.Fatal(err)
	}
	var s core.Settings
	s.Pipeline.Tokenizer = bpe
	got, pending := StandIn(s, analysis, 40)
	if pending != tokens.TokenizerO200K || got.Pipeline.Tokenizer.Name() != (tokens.Heuristic{}).Name() {
		t.Fatalf("unloaded: pending %q, evaluating with %s", pending, got.Pipeline.Tokenizer.Name())
	}

	var c Counter
	first := c.Start(tokens.Heuristic{}, analysis, 40, noTick)
	if c.Start(tokens.Heuristic{}, analysis, 40, noTick) != nil {
		t.Error("a second start for the same tokenizer started another job")
	}
	stale := finish(t, first)
	run := c.Start(bpe, analysis, 40, noTick)
	if out, _ := c.Update(stale, noTick); out != Nothing || !c.Running() {
		t.Fatalf("the replaced job's end: outcome %v, running %v", out, c.Running())
	}
	if !strings.HasPrefix(c.Words(), "loading "+tokens.TokenizerO200K) {
		t.Errorf("words while loading: %q", c.Words())
	}
	c.Stop()
	done := finish(t, run)
	if out, _ := c.Update(done, noTick); out != Stopped || c.Running() || done.Tokenizer != tokens.TokenizerO200K {
		t.Fatalf("stopped: outcome %v, running %v, tokenizer %q", out, c.Running(), done.Tokenizer)
	}

	run = c.Start(bpe, analysis, 40, noTick)
	if out, _ := c.Update(finish(t, run), noTick); out != Counted || c.Words() != "" {
		t.Fatalf("finished: outcome %v, words %q", out, c.Words())
	}
	if _, pending := StandIn(s, analysis, 40); pending != "" {
		t.Errorf("counted and loaded, still pending %q", pending)
	}
}
