package diagnose

import (
	"strings"
	"testing"
)

// A trim that dropped the first user message is a warning naming the
// policy; one that kept it is no finding.
func TestTrimThatDropsTheTaskWarns(t *testing.T) {
	fs := Diagnose(Input{Trim: &Trim{Policy: "last 20", Removed: 9, TaskDropped: true}})
	if len(fs) != 1 || fs[0].Code != CodePolicyDroppedTask || fs[0].Severity != SeverityWarning ||
		!strings.Contains(fs[0].Message, "last 20") || !strings.Contains(fs[0].Message, "first user message") {
		t.Errorf("findings %+v", fs)
	}
	if fs := Diagnose(Input{Trim: &Trim{Policy: "last 20", Removed: 9}}); len(fs) != 0 {
		t.Errorf("findings for a trim that kept the task: %+v", fs)
	}
}
