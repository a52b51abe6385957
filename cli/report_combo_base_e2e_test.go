package cli_test

import (
	"regexp"
	"strings"
	"testing"
)

// When the verdict sets the window fix aside (the deployment may not
// have the model's full window) and recommends another, the fixes
// measured together are built from the recommended one, never from the
// window fix.
func TestReportCombinesTheFixTheVerdictRecommends(t *testing.T) {
	t.Parallel()
	page, stderr, code := run(t, "", "report", "--scenario", "../sample/overflow.yaml")
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	aside := regexp.MustCompile(`If your deployment really has [^<]*, nothing needs to change \(<a href="#fix-(\d+)">`).FindStringSubmatch(page)
	otherwise := regexp.MustCompile(`Otherwise, the best fix that changes what is sent \(<a href="#fix-(\d+)">`).FindStringSubmatch(page)
	if aside == nil || otherwise == nil {
		t.Fatalf("the verdict does not set a window fix aside and name another; the test's input no longer shows the case")
	}
	together := regexp.MustCompile(`Together with it \(<a href="#combining">measured</a>\): <a href="#fix-(\d+)">`).FindStringSubmatch(page)
	if together == nil {
		t.Fatal("the verdict has no fixes measured together")
	}
	if together[1] != otherwise[1] {
		t.Errorf("the verdict recommends fix %s but combines fix %s (the window fix set aside is fix %s)", otherwise[1], together[1], aside[1])
	}
	for _, combo := range regexp.MustCompile(`Apply both: <code>([^<]*)</code>`).FindAllStringSubmatch(page, -1) {
		if strings.Contains(combo[1], "--window") {
			t.Errorf("a combination applies the window fix set aside: %s", combo[1])
		}
	}
}
