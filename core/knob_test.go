package core

import (
	"math"
	"strings"
	"testing"
)

// TestKnobTableIsWellFormed: ids, flags and keys are unique, each knob
// has what its kind needs, and the defaults are in range.
func TestKnobTableIsWellFormed(t *testing.T) {
	seen := map[string]string{}
	claim := func(what, name, id string) {
		if name == "" {
			t.Errorf("%s has no %s", id, what)
			return
		}
		if other, dup := seen[what+" "+name]; dup {
			t.Errorf("%s %q is both %s's and %s's", what, name, other, id)
		}
		seen[what+" "+name] = id
	}
	defaults := DefaultSettings()
	for _, k := range Knobs() {
		claim("id", k.ID, k.ID)
		claim("flag", k.Flag, k.ID)
		claim("label", k.Label, k.ID)
		for _, key := range append([]string{k.Key}, k.AltKeys...) {
			claim("key", key, k.ID)
		}
		if k.Help == "" || k.Get == nil || k.Set == nil {
			t.Errorf("%s lacks help, Get or Set", k.ID)
		}
		if (k.Kind == KnobInt || k.Kind == KnobFloat) && k.Step == nil {
			t.Errorf("%s is a number without a step", k.ID)
		}
		if k.Kind == KnobChoice && k.Choices == nil {
			t.Errorf("%s is a choice without choices", k.ID)
		}
		if (k.Applies == nil) != (k.AppliesWhen == "") {
			t.Errorf("%s: Applies and AppliesWhen go together", k.ID)
		}
		if err := k.Check(k.Get(defaults)); err != nil {
			t.Errorf("%s: the default is refused: %v", k.ID, err)
		}
		if KnobByID(k.ID) != k {
			t.Errorf("KnobByID(%q) is another knob", k.ID)
		}
	}
	if err := defaults.Validate(); err != nil {
		t.Errorf("DefaultSettings: %v", err)
	}
}

// TestKnobRefusalsNameTheKnobTheirWay: a number's problem follows the name
// after a space, a choice's after a colon.
func TestKnobRefusalsNameTheKnobTheirWay(t *testing.T) {
	dedup := KnobByID("dedup")
	if got := dedup.Check(KnobValue{Float: 1.5}).Named("--dedup-threshold"); got != "--dedup-threshold 1.5 is outside [0, 1]" {
		t.Errorf("dedup: %s", got)
	}
	turns := KnobByID("max-turns")
	if got := turns.Check(KnobValue{Int: -1}).Named("memory.max_turns"); got != "memory.max_turns -1 is negative; expected 0 (the whole history) or more turns" {
		t.Errorf("max turns: %s", got)
	}
	memory := KnobByID("memory")
	if got := memory.Check(KnobValue{Text: "lru"}).Named("--memory"); !strings.HasPrefix(got, `--memory: unknown memory strategy "lru"`) {
		t.Errorf("memory: %s", got)
	}
	s := DefaultSettings()
	s.Pipeline.ShingleSize = 0
	if err := s.Validate(); err == nil || err.Error() != "shingle-size: 0 is outside [1, 10000]; expected a shingle of 1 to 10,000 words" {
		t.Errorf("Validate: %v", err)
	}
	// A knob that does not apply is not checked: dedup under the
	// article's builder does nothing.
	s = DefaultSettings()
	s.Builder, s.Pipeline.DedupThreshold = BuilderSimpleRAG, 2
	if err := s.Validate(); err != nil {
		t.Errorf("an inapplicable knob was checked: %v", err)
	}
}

func TestKnobIntNeverWrapsAround(t *testing.T) {
	window := KnobByID("window")
	s := DefaultSettings()
	s.Budget.TotalWindow = math.MaxInt64
	window.StepBy(&s, 1)
	if s.Budget.TotalWindow != math.MaxInt64 {
		t.Errorf("a step past the largest int made the window %d", s.Budget.TotalWindow)
	}
	if _, err := window.ParseText("99999999999999999999"); err == nil || err.Problem != `"99999999999999999999" is too large a number` {
		t.Errorf("ParseText of a too large number: %v", err)
	}
}
