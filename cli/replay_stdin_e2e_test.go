package cli_test

import (
	"os"
	"strings"
	"testing"
)

// --trajectory - reads the trajectory from stdin, under the input size
// limit every stdin input has.
func TestReplayTrajectoryFromStdin(t *testing.T) {
	path := replayFixtures[0]
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fromFile := replayJSON(t, "--trajectory", path, "--policy", "as-sent")
	stdout, stderr, code := run(t, string(data), "replay", "--format", "json", "--trajectory", "-", "--policy", "as-sent")
	if code != 0 || stderr != "" {
		t.Fatalf("replay --trajectory -: exit %d: %s", code, stderr)
	}
	want, _, _ := run(t, "", "replay", "--format", "json", "--trajectory", path, "--policy", "as-sent")
	if stdout != want || len(fromFile.Turns) == 0 {
		t.Fatalf("stdin and file differ:\n%s\n%s", stdout, want)
	}
	_, stderr, code = run(t, string(data), "replay", "--trajectory", "-", "--max-input-size", "1KiB")
	if code != 1 || !strings.Contains(stderr, "stdin") || !strings.Contains(stderr, "input size limit") || strings.Count(stderr, "\n") != 1 {
		t.Fatalf("over the limit: exit %d, stderr %q; want one line naming stdin and the limit", code, stderr)
	}
}
