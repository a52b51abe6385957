package cli

import (
	"io"
	"strings"
	"testing"

	"ctxlab/core"
)

func TestBudgetFlagsOverrideOnlyWhatIsGiven(t *testing.T) {
	var b budgetFlags
	fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
	b.register(fs)
	if err := parseFlags(fs, []string{"--rag-budget", "0", "--window", "16000"}); err != nil {
		t.Fatal(err)
	}
	o, err := b.overrides(fs)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := core.Preset(core.PresetSupportChat)
	got := o.Apply(base)
	want := base
	want.RetrievedContext, want.TotalWindow = 0, 16000
	if got != want {
		t.Errorf("applied = %+v\nwant      %+v", got, want)
	}
	if !b.allocationSet(fs) {
		t.Error("--rag-budget is an allocation flag")
	}
}

func TestBudgetFlagsWindowAndReserveAreNotAllocations(t *testing.T) {
	var b budgetFlags
	fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
	b.register(fs)
	if err := parseFlags(fs, []string{"--window", "8000", "--reserve", "500"}); err != nil {
		t.Fatal(err)
	}
	if b.allocationSet(fs) {
		t.Error("--window and --reserve change no allocation")
	}
}

func TestBudgetFlagsRefuseNegative(t *testing.T) {
	var b budgetFlags
	fs := newFlagSet(Env{Stdout: io.Discard}, "assemble", "")
	b.register(fs)
	if err := parseFlags(fs, []string{"--history-budget", "-1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.overrides(fs); err == nil || !strings.Contains(err.Error(), "--history-budget -1 is negative") {
		t.Errorf("err = %v", err)
	}
}
