package cli

import (
	"io"
	"strings"
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

func TestKnobFlagsModelAndTokenizerMustAgree(t *testing.T) {
	kf, fs := parsedKnobFlags(t, "--model", "gpt-4", "--tokenizer", "o200k_base")
	s := core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err == nil || !strings.Contains(err.Error(), "--model gpt-4 uses cl100k_base but --tokenizer says o200k_base") {
		t.Errorf("err = %v", err)
	}
	// The model brings its window unless --window is given.
	kf, fs = parsedKnobFlags(t, "--model", "gpt-4", "--window", "6000")
	s = core.DefaultSettings()
	if err := kf.apply(fs, &s, core.KnobContext{}, nil); err != nil || s.Budget.TotalWindow != 6000 || s.Pipeline.Tokenizer.Name() != tokens.TokenizerCL100K {
		t.Errorf("window %d tokenizer %s err %v", s.Budget.TotalWindow, s.Pipeline.Tokenizer.Name(), err)
	}
}
