package cli

import (
	"io"
	"testing"

	"ctxlab/core"
	"ctxlab/core/tokens"
)

func parsedKnobFlags(t *testing.T, args ...string) (*knobFlags, *flagSet) {
	t.Helper()
	var kf knobFlags
	fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
	kf.register(fs, false)
	if err := parseFlags(fs, args); err != nil {
		t.Fatal(err)
	}
	return &kf, fs
}

func TestKnobFlagsOverrideOnlyWhatIsGiven(t *testing.T) {
	kf, fs := parsedKnobFlags(t, "--rag-budget", "0", "--window", "16000")
	s := core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err != nil {
		t.Fatal(err)
	}
	want := core.DefaultSettings()
	want.Budget.RetrievedContext, want.Budget.TotalWindow = 0, 16000
	if s.Budget != want.Budget || s.Pipeline.DedupThreshold != want.Pipeline.DedupThreshold {
		t.Errorf("applied = %+v\nwant      %+v", s.Budget, want.Budget)
	}
	if !kf.allocationGiven(fs) {
		t.Error("--rag-budget is an allocation flag")
	}
}

func TestKnobFlagsWindowAndReserveAreNotAllocations(t *testing.T) {
	kf, fs := parsedKnobFlags(t, "--window", "8000", "--reserve", "500")
	if kf.allocationGiven(fs) {
		t.Error("--window and --reserve change no allocation")
	}
	if kf.intGiven(fs, "window") != 8000 || kf.intGiven(fs, "system") != 0 {
		t.Errorf("window %d, system %d", kf.intGiven(fs, "window"), kf.intGiven(fs, "system"))
	}
}

func TestKnobFlagsRefuseNegative(t *testing.T) {
	kf, fs := parsedKnobFlags(t, "--history-budget", "-1")
	s := core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err == nil || err.Error() != "--history-budget -1 is negative; expected 0 or more tokens" {
		t.Errorf("err = %v", err)
	}
}

// A tokenizer given beside a model counts instead of the model's own (an
// estimate the evaluation notes), and the model still brings its window;
// the two together are not refused.
func TestKnobFlagsTokenizerBesideModelCounts(t *testing.T) {
	kf, fs := parsedKnobFlags(t, "--tokenizer", "o200k_base", "--model", "gpt-4")
	s := core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err != nil {
		t.Fatalf("err = %v", err)
	}
	if s.Pipeline.Tokenizer.Name() != "o200k_base" || s.Budget.TotalWindow != 8_192 || core.CountEstimateNote(s) == "" {
		t.Errorf("tokenizer %s, window %d, note %q", s.Pipeline.Tokenizer.Name(), s.Budget.TotalWindow, core.CountEstimateNote(s))
	}
	// The model brings its window unless --window is given.
	kf, fs = parsedKnobFlags(t, "--model", "gpt-4", "--window", "6000")
	s = core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err != nil || s.Budget.TotalWindow != 6000 || s.Pipeline.Tokenizer.Name() != tokens.TokenizerCL100K {
		t.Errorf("window %d tokenizer %s err %v", s.Budget.TotalWindow, s.Pipeline.Tokenizer.Name(), err)
	}
}
