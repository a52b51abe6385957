package trajectory

import (
	"strings"
	"testing"

	_ "ctxlab/loaders/langfuse"
)

// A Langfuse download without inputs is refused with the format's own
// reason, not the OpenTelemetry instrumentation's logs file.
func TestLangfuseUsageOnlyTraceSaysWhy(t *testing.T) {
	_, _, _, err := TraceBodies("../langfuse/testdata/trace-legacy.json", "", "")
	if err == nil {
		t.Fatal("a download without inputs replayed")
	}
	msg := err.Error()
	if !strings.Contains(msg, "the observation holds no input") || strings.Contains(msg, "OTLP logs") {
		t.Errorf("error = %q, want the download's own reason", msg)
	}
}

// A Langfuse download with inputs replays as a trajectory.
func TestLangfuseDownloadReplays(t *testing.T) {
	_, turns, _, err := TraceBodies("../langfuse/testdata/trace-download.json", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 2 {
		t.Fatalf("%d turns, want 2", len(turns))
	}
}
