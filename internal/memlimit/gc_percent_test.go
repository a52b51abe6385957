package memlimit

import (
	"runtime/debug"
	"testing"
)

// TestCollectSooner: a command's collector target becomes
// HeadlessGCPercent, unless the user's GOGC stands.
func TestCollectSooner(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })

	if CollectSooner(func(name string) string {
		if name == GCEnvVar {
			return "200"
		}
		return ""
	}) {
		t.Error("CollectSooner set a target over the user's GOGC")
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set the target became %d, want it left at 100", got)
	}

	if !CollectSooner(func(string) string { return "" }) {
		t.Error("CollectSooner set no target without GOGC")
	}
	if got := debug.SetGCPercent(100); got != HeadlessGCPercent {
		t.Errorf("the target is %d, want %d", got, HeadlessGCPercent)
	}
}
