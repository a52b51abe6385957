package memlimit

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestForGrowsWithTheInput(t *testing.T) {
	cases := []struct {
		name      string
		bytes     int64
		documents int
		want      int64
	}{
		{"nothing read", 0, 0, Floor},
		{"200 MB of 300-word documents", 200_000_000, 92_906, Floor + 3*200_000_000 + 30*92_906},
		{"a million one-word documents", 36_000_000, 1_000_000, Floor + 3*36_000_000 + 30*1_000_000},
		{"negative sizes count as none", -5, -1, Floor},
		{"beyond what an int64 holds", math.MaxInt64, math.MaxInt32, math.MaxInt64},
	}
	for _, c := range cases {
		if got := For(c.bytes, c.documents); got != c.want {
			t.Errorf("%s: For(%d, %d) = %d, want %d", c.name, c.bytes, c.documents, got, c.want)
		}
	}
}

func TestForBuildCountsTwoBytesOfTextAndAMargin(t *testing.T) {
	if got, want := ForBuild(42_000_000, 16_504), int64(Floor+2*42_000_000+30*16_504); got != want {
		t.Errorf("ForBuild(42 MB, 16,504) = %d, want %d (the floor is the margin)", got, want)
	}
	if got, want := ForBuild(113_000_000, 100_000), int64(3*113_000_000+30*100_000); got != want {
		t.Errorf("ForBuild(113 MB, 100,000) = %d, want %d (the text is the margin)", got, want)
	}
	if got := ForBuild(-1, -1); got != Floor {
		t.Errorf("ForBuild of negative sizes = %d, want the floor %d", got, Floor)
	}
	if got := ForBuild(math.MaxInt64, math.MaxInt32); got != math.MaxInt64 {
		t.Errorf("ForBuild beyond an int64 = %d, want %d", got, int64(math.MaxInt64))
	}
}

// noLimit sets the runtime's limit to none for a test, and puts back
// what was in force after it.
func noLimit(t *testing.T) {
	t.Helper()
	before := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
}

func TestApplySetsTheLimit(t *testing.T) {
	noLimit(t)
	limit := Apply(func(string) string { return "" }, 100_000_000, 1_000)
	if want := For(100_000_000, 1_000); limit != want {
		t.Fatalf("Apply returned %d, want %d", limit, want)
	}
	if got := debug.SetMemoryLimit(-1); got != limit {
		t.Fatalf("the runtime's limit is %d after Apply, want %d", got, limit)
	}
}

func TestApplyLeavesAUsersGOMEMLIMIT(t *testing.T) {
	noLimit(t)
	getenv := func(key string) string {
		if key == EnvVar {
			return "2GiB"
		}
		return ""
	}
	limit := Apply(getenv, 100_000_000, 1_000)
	if limit != 0 {
		t.Errorf("Apply returned %d with GOMEMLIMIT set, want 0 (no limit of its own)", limit)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("the runtime's limit is %d with GOMEMLIMIT set, want it untouched (%d)", got, int64(math.MaxInt64))
	}
}

func TestApplyNeverRaisesALowerLimit(t *testing.T) {
	noLimit(t)
	const lower = 32 << 20
	debug.SetMemoryLimit(lower)
	if limit := Apply(func(string) string { return "" }, 1_000_000_000, 0); limit != lower {
		t.Errorf("Apply returned %d over a limit of %d, want the lower kept", limit, lower)
	}
	if got := debug.SetMemoryLimit(-1); got != lower {
		t.Errorf("the runtime's limit is %d, want the earlier %d", got, lower)
	}
}

func TestForEvalGrowsWithTheFiles(t *testing.T) {
	for _, c := range []struct {
		name  string
		bytes int64
		want  int64
	}{
		{"nothing read", 0, Floor},
		{"a 51 MB run", 51_231_596, Floor + 2*51_231_596},
		{"negative sizes count as none", -5, Floor},
		{"beyond what an int64 holds", math.MaxInt64, math.MaxInt64},
	} {
		if got := ForEval(c.bytes); got != c.want {
			t.Errorf("%s: ForEval(%d) = %d, want %d", c.name, c.bytes, got, c.want)
		}
	}
}

func TestReplaceRaisesALimitSetFromPartOfTheInput(t *testing.T) {
	noLimit(t)
	first := Apply(func(string) string { return "" }, 1_000, 2) // a small documents file
	if limit := Replace(func(string) string { return "" }, 50_000_000, 20_002); limit != For(50_000_000, 20_002) || limit <= first {
		t.Errorf("Replace returned %d over %d, want For's %d", limit, first, For(50_000_000, 20_002))
	}
	if got := debug.SetMemoryLimit(-1); got != For(50_000_000, 20_002) {
		t.Errorf("the runtime's limit is %d, want %d", got, For(50_000_000, 20_002))
	}
	getenv := func(key string) string {
		if key == EnvVar {
			return "off"
		}
		return ""
	}
	if limit := Replace(getenv, 1, 1); limit != 0 || debug.SetMemoryLimit(-1) != For(50_000_000, 20_002) {
		t.Errorf("Replace with GOMEMLIMIT set returned %d and changed the limit", limit)
	}
}

func TestForWorkbench(t *testing.T) {
	cases := []struct {
		name      string
		bytes     int64
		documents int
		want      int64
	}{
		{"nothing read: For's floor", 0, 0, Floor},
		{"a small set stays at the floor", 1_000_000, 1_000, Floor},
		{"a million one-word documents", 6_450_880, 1_000_000, WorkbenchFloor + 2.5*6_450_880 + PerWorkbenchDocument*1_000_000},
		{"25,000 documents of 2 KB", 51_000_000, 25_000, WorkbenchFloor + 2.5*51_000_000 + PerWorkbenchDocument*25_000},
		{"beyond what an int64 holds", math.MaxInt64, math.MaxInt32, math.MaxInt64},
	}
	for _, c := range cases {
		if got := ForWorkbench(c.bytes, c.documents); got != c.want {
			t.Errorf("%s: ForWorkbench(%d, %d) = %d, want %d", c.name, c.bytes, c.documents, got, c.want)
		}
	}
}

func TestReplaceLimitRaisesALowerLimit(t *testing.T) {
	noLimit(t)
	Apply(func(string) string { return "" }, 1_000, 10)
	limit := ReplaceLimit(func(string) string { return "" }, ForWorkbench(6_450_880, 1_000_000))
	if got := debug.SetMemoryLimit(-1); got != limit || limit <= For(1_000, 10) {
		t.Fatalf("the runtime's limit is %d after ReplaceLimit(%d) over %d", got, limit, For(1_000, 10))
	}
}

// TestForConversationCountsMessagesAtTheirRate: a history or a request
// adds PerMessageByte a byte to the documents' limit.
func TestForConversationCountsMessagesAtTheirRate(t *testing.T) {
	if got, want := ForConversation(1_000, 2, 50_000_000), ForBuild(1_000, 2)+int64(PerMessageByte*50_000_000); got != want {
		t.Errorf("ForConversation = %d, want %d", got, want)
	}
	if got := ForConversation(0, 0, -5); got != Floor {
		t.Errorf("a negative size: %d, want the floor %d", got, int64(Floor))
	}
	if got := ForConversation(math.MaxInt64, 0, math.MaxInt64); got != math.MaxInt64 {
		t.Errorf("beyond what an int64 holds: %d", got)
	}
}
