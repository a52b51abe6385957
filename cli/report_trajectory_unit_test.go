package cli_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// The report and its Markdown name the cost per 1,000 trajectories, as
// replay and the workbench do, and say under the policies' table that an
// overflowing policy's refused turns are priced at $0.
func TestReportTrajectoryUnitAndRefusedNote(t *testing.T) {
	path := filepath.Join("..", "loaders", "trajectory", "testdata", "taubench", "airline-task2-62-messages.json")
	page := reportPage(t, "--trajectory", path, "--window", "11000", "--reserve", "1000")
	md, stderr, code := run(t, "", "replay", "--trajectory", path, "--window", "11000", "--reserve", "1000", "--format", "markdown")
	if code != 3 {
		t.Fatalf("replay --format markdown: exit %d: %s", code, stderr)
	}
	for name, out := range map[string]string{"report": page, "markdown": md} {
		for _, want := range []string{"per 1,000 trajectories", "counted as failed and priced at $0", "$0.289"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
		for _, stale := range []string{"per 1,000 runs", "per 1,000 conversations", "$0.29 "} {
			if strings.Contains(out, stale) {
				t.Errorf("%s still says %q", name, stale)
			}
		}
	}
}
