package fix_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"

	"ctxlab/core"
	"ctxlab/core/fix"
	"ctxlab/sample"
)

// Every fix on every sample scenario names, in its description, exactly
// the flags it applies: a fix that sets --budget-mode strict says so.
func TestEveryFixNamesTheFlagsItApplies(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(sample.FS, "*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no sample scenarios: %v", err)
	}
	checked := 0
	for _, name := range names {
		sc := sampleScenario(t, name)
		// As the sample comes, and with a window too small for it, so
		// the fixes for an overflow are offered as well.
		small := sc.Settings
		small.Budget.TotalWindow = small.Budget.ResponseReserve + small.Budget.Allocated()/2
		for _, s := range []core.Settings{sc.Settings, small} {
			_, _, fixes := suggestFor(t, sc, s)
			for _, f := range fixes {
				checked++
				applied := fix.FlagsNamed(f.Flags)
				named := fix.FlagsNamed(strings.Fields(f.Description))
				slices.Sort(applied)
				slices.Sort(named)
				if !slices.Equal(applied, named) {
					t.Errorf("%s, window %d: fix %s applies %v and names %v: %s", name, s.Budget.TotalWindow, f.Kind, applied, named, f.Description)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no fix offered on any sample scenario")
	}
}

// A fix that changes nothing sent ranks above every fix that cuts or
// drops: on the overflow sample, measured against the model's own window.
func TestFixesThatChangeNothingSentComeFirst(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "overflow.yaml")
	_, _, fixes := suggestFor(t, sc, sc.Settings)
	if len(fixes) < 2 || fixes[0].Kind != fix.ModelWindow || !fixes[0].Preview.SendsSame() {
		t.Fatalf("first fix is not the model's own window: %+v", fixes)
	}
	seenLossy := false
	for _, f := range fixes {
		if !f.Preview.Lossless() {
			seenLossy = true
		} else if seenLossy && f.Preview.SendsSame() {
			t.Errorf("fix %s changes nothing sent but ranks below one that cuts or drops", f.Kind)
		}
		if !f.Preview.Lossless() && !strings.Contains(f.Preview.Loss.Words(), "cut") && !strings.Contains(f.Preview.Loss.Words(), "dropped") && !strings.Contains(f.Preview.Loss.Words(), "no longer sent") {
			t.Errorf("fix %s loses something its preview does not name: %s", f.Kind, f.Preview.Loss.Words())
		}
	}
}
