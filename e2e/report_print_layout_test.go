//go:build e2e

package e2e

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReportPrintGivesNotesRoom prints the overflow sample's report to
// PDF: the Components table's notes column has room for a phrase a line
// (squeezed, it held a word or two a line), and the report fits in few
// pages (it ran to 18 with the notes squeezed and every section kept
// whole on a page).
func TestReportPrintGivesNotesRoom(t *testing.T) {
	browser := chromiumPath(t)
	pdftotext, pdfinfo := popplerPath(t, "pdftotext"), popplerPath(t, "pdfinfo")
	dir := t.TempDir()
	page := filepath.Join(dir, "overflow.html")
	if _, stderr, code := run(t, "", "report", "--out", page, "--scenario", "sample/overflow.yaml"); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	pdf := filepath.Join(dir, "overflow.pdf")
	chromium(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
	info, err := exec.Command(pdfinfo, pdf).Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(info)
	if m == nil {
		t.Fatalf("pdfinfo names no page count:\n%s", info)
	}
	if pages, _ := strconv.Atoi(string(m[1])); pages > 12 {
		t.Errorf("the overflow report prints on %d pages; want 12 or fewer", pages)
	}
	raw, err := exec.Command(pdftotext, pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	lines := strings.Split(string(raw), "\n")
	for _, phrase := range []string{"as OpenAI renders the functions", "▲ over by 54,253 measured as sent"} {
		found := false
		for _, line := range lines {
			if strings.Contains(strings.Join(strings.Fields(line), " "), phrase) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no printed line holds %q: the notes column is squeezed", phrase)
		}
	}
}
