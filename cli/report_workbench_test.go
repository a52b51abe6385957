package cli

import (
	"bytes"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// TestWorkbenchHTMLReportIsTheReportPage: the page the workbench's
// export writes is ctxlab report's, with the evaluation's verdict and
// findings.
func TestWorkbenchHTMLReportIsTheReportPage(t *testing.T) {
	sc, err := scenario.LoadFS(sample.FS, sample.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := evaluateForDiff(sc, sc.Settings)
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := writeWorkbenchHTMLReport(&page, sc, ev, tokens.PriceTable{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!DOCTYPE html>", `id="verdict"`, "The request fits", `id="findings"`, "<code>" + ev.Findings[0].Code + "</code>", `id="documents"`} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the workbench's page lacks %q", want)
		}
	}
}
