package html

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"ctxlab/cli/report"
)

func width(t *testing.T, s segment) float64 {
	t.Helper()
	w, err := strconv.ParseFloat(s.W, 64)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestWindowBarOverflow: a request over its max input draws its
// components to scale, the part past the max input as "over", and the
// markers at the max input and the window.
func TestWindowBarOverflow(t *testing.T) {
	r := &report.Report{
		Window: &report.Window{Window: 1000, Reserve: 200, MaxInput: 800, Used: 1200},
		Components: []report.Component{
			{Name: "history", Used: 900}, {Name: "tools", Used: 300}, {Name: "response reserve", Used: 200, Reserve: true},
		},
	}
	b := windowBar(r)
	var used, over float64
	for _, s := range b.Segments {
		switch s.Class {
		case "used":
			used += width(t, s)
		case "over":
			over += width(t, s)
			if s.X != "571.43" {
				t.Errorf("the over part starts at %s, want the max input's 800/1400", s.X)
			}
		}
	}
	// The scale is the used tokens and the reserve: 1,400.
	if used < 857 || used > 858 || over < 285 || over > 286 {
		t.Errorf("used %.2f, over %.2f of 1000; want 857.14 and 285.71", used, over)
	}
	if len(b.Markers) != 2 || !strings.Contains(b.Label, "1,200 tokens used of 800 max input") {
		t.Errorf("markers %v, label %q", b.Markers, b.Label)
	}
}

// TestComponentBarsOver: a component over its allocation draws the part
// within it and the part over it, which add up to its tokens.
func TestComponentBarsOver(t *testing.T) {
	rows := componentBars(&report.Report{Components: []report.Component{
		{Name: "tool results", Used: 500, Raw: 500, Allocated: 200, HasAllocation: true, Over: 300},
		{Name: "retrieved context", Used: 100, Raw: 250, Allocated: 100, HasAllocation: true, Cut: true},
	}})
	var within, over, cut float64
	for _, s := range rows[0].Bar.Segments {
		switch s.Class {
		case "used":
			within = width(t, s)
		case "over":
			over = width(t, s)
		}
	}
	for _, s := range rows[1].Bar.Segments {
		if s.Class == "cut" {
			cut = width(t, s)
		}
	}
	if within != 400 || over != 600 || cut != 300 {
		t.Errorf("within %.0f, over %.0f, cut %.0f; want 400, 600, 300 (of 1000 for 500 tokens)", within, over, cut)
	}
	if !strings.Contains(rows[0].Bar.Label, "over by 300") || !strings.Contains(rows[1].Bar.Label, "cut from 250") {
		t.Errorf("labels %q, %q", rows[0].Bar.Label, rows[1].Bar.Label)
	}
}

// TestPageHasOneScriptAndItsHash: the page's policy allows exactly its
// own script, by the hash of what is in the page.
func TestPageHasOneScriptAndItsHash(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, &report.Report{Command: "report", Title: "t", Verdict: report.Verdict{OK: true, Line: "fits"}}, Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	if strings.Count(page, "<script>") != 1 || !strings.Contains(page, "<script>"+pageScript+"</script>") {
		t.Error("the page's script is not its own, whole")
	}
	if !strings.Contains(page, "script-src &#39;sha256-") || strings.Contains(page, "unsafe-inline&#39;; script") {
		t.Error("the policy does not pin the script by hash")
	}
}
