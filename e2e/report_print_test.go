//go:build e2e

package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// popplerPath finds one of poppler's tools, skipping where it is
// missing (CI installs poppler-utils: .ci/run).
func popplerPath(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed; .ci/run installs poppler-utils", name)
	}
	t.Skip(name + " not installed")
	return ""
}

// TestReportPrintsToPDF prints the eval run's and a trajectory's reports
// to PDF with Chromium and reads the PDF back: the eval report runs to
// more than one page and holds its verdict and the last query of its
// table, folded on screen and unfolded for print; the trajectory's holds
// its verdict and the policy table; neither prints the hints that only
// mean something on screen (click to unfold, to sort).
func TestReportPrintsToPDF(t *testing.T) {
	browser := chromiumPath(t)
	pdftotext, pdfinfo := popplerPath(t, "pdftotext"), popplerPath(t, "pdfinfo")
	dir := t.TempDir()
	cases := []struct {
		name     string
		input    []string
		minPages int
		want     []string
	}{
		{"eval", []string{"--scenario", "sample/eval/help_center.yaml"}, 2, []string{"Queries (29)", "q29", "Context recall"}},
		{"trajectory", append([]string{"--trajectory"}, trajectoryArgs...), 1, []string{"Trim policies compared", "clear-tool-results:3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(dir, c.name+".html")
			_, stderr, code := run(t, "", append([]string{"report", "--out", page}, c.input...)...)
			if code != 0 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			// The verdict, as report tells it on stderr.
			_, verdict, ok := strings.Cut(strings.TrimSpace(stderr), page+": ")
			if !ok {
				t.Fatalf("report's stderr names no verdict: %s", stderr)
			}
			pdf := filepath.Join(dir, c.name+".pdf")
			chromium(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
			info, err := exec.Command(pdfinfo, pdf).Output()
			if err != nil {
				t.Fatalf("pdfinfo: %v", err)
			}
			m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(info)
			if m == nil {
				t.Fatalf("pdfinfo names no page count:\n%s", info)
			}
			if pages, _ := strconv.Atoi(string(m[1])); pages < c.minPages {
				t.Errorf("the PDF has %d pages, want at least %d", pages, c.minPages)
			}
			raw, err := exec.Command(pdftotext, pdf, "-").Output()
			if err != nil {
				t.Fatalf("pdftotext: %v", err)
			}
			text := strings.Join(strings.Fields(string(raw)), " ")
			for _, want := range append(c.want, strings.Join(strings.Fields(verdict), " ")) {
				if !strings.Contains(text, want) {
					t.Errorf("the printed page does not say %q:\n%.3000s", want, text)
				}
			}
			for _, screenOnly := range []string{"click a heading", "click to unfold"} {
				if strings.Contains(strings.ToLower(text), screenOnly) {
					t.Errorf("the printed page holds the screen's hint %q", screenOnly)
				}
			}
		})
	}
}
