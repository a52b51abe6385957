//go:build e2e

package e2e

import (
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReportPrintKeepsEveryTurnsColumn prints a trajectory's report to
// PDF at Letter width: every column of the Turns table is printed (the
// table was clipped at the conversation's column, losing the history,
// the tool results, the cached prefix and the newest message), and a
// row of figures is not stretched by a squeezed newest message.
func TestReportPrintKeepsEveryTurnsColumn(t *testing.T) {
	browser := chromiumPath(t)
	pdftotext := popplerPath(t, "pdftotext")
	dir := t.TempDir()
	page := filepath.Join(dir, "trajectory.html")
	if _, stderr, code := run(t, "", "report", "--out", page, "--trajectory", "loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "11000"); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	// The Turns table's column headers, as the page holds them.
	_, table, _ := strings.Cut(string(data), `<table class="sortable turns stack">`)
	head, _, _ := strings.Cut(table, "</thead>")
	var headers []string
	for _, m := range regexp.MustCompile(`<th scope="col"[^>]*>(.*?)</th>`).FindAllStringSubmatch(head, -1) {
		headers = append(headers, html.UnescapeString(m[1]))
	}
	if len(headers) < 9 {
		t.Fatalf("the Turns table has %d columns: %q", len(headers), headers)
	}
	pdf := filepath.Join(dir, "trajectory.pdf")
	chromium(t, browser, page, "--no-pdf-header-footer", "--print-to-pdf="+pdf)
	raw, err := exec.Command(pdftotext, pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	// The table's part of the text: from its heading to the glossary.
	_, turns, ok := strings.Cut(string(raw), "Turns (30)")
	if !ok {
		t.Fatalf("the printed page has no Turns table:\n%.3000s", raw)
	}
	turns, _, _ = strings.Cut(turns, "Words used in this report")
	words := map[string]bool{}
	for _, w := range strings.Fields(turns) {
		words[w] = true
	}
	for _, h := range headers {
		for _, w := range strings.Fields(h) {
			if !words[w] {
				t.Errorf("the printed Turns table lacks %q of its column %q", w, h)
			}
		}
	}
	// The last turn's newest message opens in its column.
	if want := "message 60 · tool:"; !strings.Contains(strings.Join(strings.Fields(turns), " "), want) {
		t.Errorf("the printed Turns table lacks the newest message %q", want)
	}

	// Each row opens with its request, "messages 1–N;": from one row's
	// to the next on a page is the row's height, a few lines of the
	// newest message at most (a squeezed column stretched rows to
	// 44pt and more).
	boxes, err := exec.Command(pdftotext, "-bbox", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext -bbox: %v", err)
	}
	word := regexp.MustCompile(`<page |<word xMin="[^"]*" yMin="([^"]*)"[^>]*>([^<]*)</word>`)
	var tops []float64
	var pages []int
	sheet, prev := 0, ""
	for _, m := range word.FindAllStringSubmatch(string(boxes), -1) {
		if m[0] == "<page " {
			sheet++
			continue
		}
		if prev != "" && prev != "x" && strings.HasPrefix(m[2], "1–") {
			y, _ := strconv.ParseFloat(prev, 64)
			tops, pages = append(tops, y), append(pages, sheet)
		}
		prev = "x"
		if m[2] == "messages" {
			prev = m[1]
		}
	}
	if len(tops) < 30 {
		t.Fatalf("found %d rows' requests in the PDF, want 30", len(tops))
	}
	for i := 1; i < len(tops); i++ {
		if pages[i] == pages[i-1] && tops[i]-tops[i-1] > 36 {
			t.Errorf("a printed turn's row is %.0fpt high (rows %d to %d): want 36 or less", tops[i]-tops[i-1], i, i+1)
		}
	}
}
