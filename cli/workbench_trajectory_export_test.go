package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestWorkbenchTrajectoryExportIsTheTrajectoryReport: the page a
// trajectory's export writes as report.html is report --trajectory's,
// with the timeline, the policies compared and the same verdict, not the
// open turn's page.
func TestWorkbenchTrajectoryExportIsTheTrajectoryReport(t *testing.T) {
	var f workbenchFlags
	fs := newWorkbenchFlagSet(testEnv(), &f)
	if err := parseFlags(fs, []string{"--trajectory", tauBenchTrajectory, "--window", "11000"}); err != nil {
		t.Fatal(err)
	}
	_, traj, err := f.prepareTrajectory(testEnv(), fs, f.traces.source())
	if err != nil {
		t.Fatal(err)
	}
	if traj.WriteHTMLReport == nil {
		t.Fatal("the trajectory's workbench has no report writer for its export")
	}
	var page bytes.Buffer
	if err := traj.WriteHTMLReport(&page); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	env := testEnv()
	env.Stdout = &out
	if code := Main(env, []string{"report", "--trajectory", tauBenchTrajectory, "--window", "11000"}); code != 0 {
		t.Fatalf("report --trajectory: exit %d", code)
	}
	verdict := func(p string) string {
		_, rest, _ := strings.Cut(p, `<p class="line">`)
		line, _, _ := strings.Cut(rest, "</p>")
		return line
	}
	if got, want := verdict(page.String()), verdict(out.String()); got == "" || got != want {
		t.Errorf("the export's verdict is %q, report --trajectory's %q", got, want)
	}
	for _, want := range []string{`<section id="trajectory"`, "watermark:0.8/0.6", "clear-tool-results:3", "airline-task2-62-messages.json · an agent&#39;s conversation, 30 turns replayed", "ctxlab workbench export"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the export's report lacks %q", want)
		}
	}
}
