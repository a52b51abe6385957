package fix_test

import (
	"slices"
	"strings"
	"testing"

	"ctxlab/core/fix"
)

// On the overflow sample the largest tool result is offered dropped and
// cut, each previewed exactly, the flags spelling the edit.
func TestSuggestDropsOrCutsTheLargestItem(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "overflow.yaml")
	in, ev, fixes := suggestFor(t, sc, sc.Settings)
	drop := fixOfKind(fixes, fix.DropItem)
	if drop == nil || !slices.Equal(drop.Flags, []string{"--drop-item", "tool_result:2"}) || !drop.Preview.Fits {
		t.Fatalf("no drop fix that fits: %+v", drop)
	}
	checkPreviewIsExact(t, in, ev, *drop)
	cut := fixOfKind(fixes, fix.TruncateItem)
	if cut == nil || cut.Flags[0] != "--truncate-item" || !strings.HasPrefix(cut.Flags[1], "tool_result:2=") || !cut.Preview.Fits {
		t.Fatalf("no truncation fix that fits: %+v", cut)
	}
	checkPreviewIsExact(t, in, ev, *cut)
	if !strings.Contains(drop.Description, "Drop tool result 2 (get_fulfillment_events), the largest tool result at 56,071 tokens") {
		t.Errorf("description: %s", drop.Description)
	}
	// Once dropped, the same item is not offered again.
	applied, err := fix.ApplyChanges(ev.Settings, drop.Changes)
	if err != nil {
		t.Fatal(err)
	}
	_, _, again := suggestFor(t, sc, applied)
	for _, f := range again {
		if f.Kind == fix.DropItem && slices.Contains(f.Flags, "tool_result:2") && len(f.Flags) == 2 {
			t.Errorf("tool result 2 offered again: %v", f.Flags)
		}
	}
}

// TestItemFixesNeverEditAnItemTwice: the fixes the workbench applies
// pass over an item an edit already names, so applying one never gives
// an item two edits.
func TestItemFixesNeverEditAnItemTwice(t *testing.T) {
	sc := sampleScenario(t, "overflow.yaml")
	for _, edit := range []struct{ drops, truncate []string }{
		{drops: []string{"tool_result:2"}},
		{truncate: []string{"tool_result:2=60000"}},
		{},
	} {
		s := sc.Settings
		s.DropItems, s.TruncateItems = edit.drops, edit.truncate
		_, ev, fixes := suggestFor(t, sc, s)
		for _, f := range fixes {
			after, err := fix.ApplyChanges(ev.Settings, f.Changes)
			if err != nil {
				t.Fatal(err)
			}
			if err := after.Validate(); err != nil {
				t.Errorf("with %v: the fix %s (%s) gives settings that are refused: %v", edit, f.Kind, strings.Join(f.Flags, " "), err)
			}
			if slices.Equal(edit.drops, []string{"tool_result:2"}) && strings.Contains(strings.Join(f.Flags, " "), "tool_result:2") {
				t.Errorf("with tool result 2 dropped, the fix %s edits it again: %v", f.Kind, f.Flags)
			}
		}
	}
}
