//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The HTML report is proven in a real browser: headless Chromium opens
// each page from its file, as a double click would, draws it at a desktop
// and a phone size, and hands back the DOM after the page's script ran.
// The test checks the rendered text for the figures assemble reports,
// that no markup from a hostile document ran, and that the page asked for
// nothing over the network. Set CTXLAB_E2E_SCREENSHOTS to a folder to
// keep the screenshots.

// browserDeadline bounds one Chromium run; a passing run takes seconds.
const browserDeadline = 2 * time.Minute

// browserSizes are the windows each page is drawn at: a laptop's and a
// phone's.
var browserSizes = [][2]int{{1280, 800}, {390, 844}}

// chromiumPath finds the browser, skipping where it is missing (CI
// installs it: .ci/run).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; .ci/run installs it")
	}
	t.Skip("chromium not installed")
	return ""
}

// browserRequest is a request the network stack logs at --v=1.
var browserRequest = regexp.MustCompile(`NotifyBeforeURLRequest: (\S+)`)

// browserOwnHosts are the browser's own services (time, updates,
// accounts, dictionaries), which it asks whatever the page; a page's own
// request goes anywhere else.
var browserOwnHosts = regexp.MustCompile(`^https?://([a-z0-9.-]+\.)?(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)/`)

// chromium runs the browser on a page with the network pointed at a dead
// proxy and its requests logged, and returns stdout and the requests the
// page made (the browser's own left out).
func chromium(t *testing.T, browser, page string, args ...string) (string, []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), browserDeadline)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + t.TempDir(),
		"--proxy-server=127.0.0.1:9", "--enable-logging=stderr", "--v=1",
		"--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-default-apps", "--disable-sync"}
	cmd := exec.CommandContext(ctx, browser, append(append(base, args...), "file://"+page)...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %v: %v\n%.2000s", args, err, stderr.String())
	}
	var requests []string
	for _, m := range browserRequest.FindAllStringSubmatch(stderr.String(), -1) {
		if !strings.HasPrefix(m[1], "file:") && !strings.HasPrefix(m[1], "data:") && !browserOwnHosts.MatchString(m[1]) {
			requests = append(requests, m[1])
		}
	}
	return stdout.String(), requests
}

// TestBrowserLogsAPageRequest is the control of the network check: a
// page that loads an image is seen asking for it, so a page that asks
// nothing passes because it asks nothing, not because the log is silent.
func TestBrowserLogsAPageRequest(t *testing.T) {
	browser := chromiumPath(t)
	page := filepath.Join(t.TempDir(), "leak.html")
	if err := os.WriteFile(page, []byte(`<!DOCTYPE html><p>leak</p><img src="http://ctxlab-canary.invalid/leak.png">`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, requests := chromium(t, browser, page, "--dump-dom")
	if !strings.Contains(strings.Join(requests, " "), "ctxlab-canary.invalid") {
		t.Fatalf("the browser's log does not show the page's request; requests seen: %v", requests)
	}
}

// TestReportInBrowser writes the report of the bundled sample, an
// overflowing request, an eval run and hostile documents, and opens each
// in Chromium.
func TestReportInBrowser(t *testing.T) {
	browser := chromiumPath(t)
	dir := t.TempDir()
	shots := os.Getenv("CTXLAB_E2E_SCREENSHOTS")
	if shots == "" {
		shots = dir
	} else if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	hostile := filepath.Join(dir, "hostile.jsonl")
	var docs strings.Builder
	for i, h := range []string{
		`<script>document.body.setAttribute('data-pwned','script')</script>`,
		`<img src=x onerror="document.body.setAttribute('data-pwned','img')">`,
		`</style><script>document.body.setAttribute('data-pwned','style')</script>`,
		`<svg onload="document.body.setAttribute('data-pwned','svg')"></svg>`,
		`<img src="http://ctxlab-canary.invalid/leak.png"> javascript:alert(1)`,
	} {
		line, _ := json.Marshal(map[string]any{"content": strings.Repeat("Refunds take 30 days. "+h+" ", 5+i), "score": 0.9 - float64(i)/10, "source": h})
		docs.Write(append(line, '\n'))
	}
	if err := os.WriteFile(hostile, []byte(docs.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same markup in an agent's messages, one turn each.
	hostileTrajectory := filepath.Join(dir, "hostile-trajectory.json")
	msgs := []map[string]any{{"role": "system", "content": "You are a support agent."}}
	for i, h := range []string{
		`<script>document.body.setAttribute('data-pwned','script')</script>`,
		`<img src=x onerror="document.body.setAttribute('data-pwned','img')">`,
		`</style><script>document.body.setAttribute('data-pwned','style')</script>`,
		`<img src="http://ctxlab-canary.invalid/leak.png"> javascript:alert(1)`,
	} {
		msgs = append(msgs, map[string]any{"role": "user", "content": h}, map[string]any{"role": "assistant", "content": strings.Repeat("Refunds take 60 days. ", 20*(i+1)) + h})
	}
	body, _ := json.Marshal(map[string]any{"model": "gpt-4o", "messages": msgs})
	if err := os.WriteFile(hostileTrajectory, body, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		input []string
		// figures are what the rendered page must say: the request's
		// tokens and max input as assemble counts them, or the run's
		// recall.
		figures []string
	}{
		{"sample", nil, assembleFigures(t)},
		{"overflow", []string{"--scenario", "sample/overflow.yaml"}, assembleFigures(t, "--scenario", "sample/overflow.yaml")},
		{"eval", []string{"--scenario", "sample/eval/help_center.yaml"}, []string{"Context recall", "q01", "q29"}},
		{"hostile", []string{"--docs", hostile, "--query", "refunds?"}, assembleFigures(t, "--docs", hostile, "--query", "refunds?")},
		{"trajectory", append([]string{"--trajectory"}, trajectoryArgs...), trajectoryFigures(t)},
		{"hostile-trajectory", []string{"--trajectory", hostileTrajectory, "--window", "1500", "--reserve", "300"},
			[]string{"Trim policies compared", "Turns (4)", "<img src=x onerror="}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := filepath.Join(dir, c.name+".html")
			if _, stderr, code := run(t, "", append([]string{"report", "--out", page}, c.input...)...); code != 0 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			dom, requests := chromium(t, browser, page, "--dump-dom")
			if len(requests) > 0 {
				t.Errorf("the page asked the network for %v", requests)
			}
			if regexp.MustCompile(`<body[^>]*data-pwned`).MatchString(dom) || strings.Contains(dom, "<title>pwned") {
				t.Errorf("markup from a document ran in the page")
			}
			// The page's own script runs (its policy allows it by hash):
			// it made the table headings sortable.
			if !strings.Contains(dom, `title="sort by this column"`) {
				t.Errorf("the page's own script did not run")
			}
			text := renderedText(dom)
			for _, want := range c.figures {
				if !strings.Contains(text, want) {
					t.Errorf("the rendered page does not say %q", want)
				}
			}
			for _, size := range browserSizes {
				shot := filepath.Join(shots, fmt.Sprintf("report-%s-%dx%d.png", c.name, size[0], size[1]))
				if _, requests := chromium(t, browser, page, "--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", size[0], size[1]), "--hide-scrollbars"); len(requests) > 0 {
					t.Errorf("drawing at %dx%d the page asked the network for %v", size[0], size[1], requests)
				}
				checkScreenshot(t, shot, size)
			}
		})
	}
}

// assembleFigures are the request's tokens and max input as assemble
// counts them, written as the report writes numbers.
func assembleFigures(t *testing.T, input ...string) []string {
	t.Helper()
	out, stderr, _ := run(t, "", append([]string{"assemble", "--format", "json"}, input...)...)
	var a struct {
		Assembly struct {
			Used     int `json:"used"`
			MaxInput int `json:"max_input"`
		} `json:"assembly"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatalf("assemble %v: %v: %s", input, err, stderr)
	}
	return []string{commas(a.Assembly.Used) + " ", commas(a.Assembly.MaxInput)}
}

// commas writes n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// renderedText is the DOM's text: tags dropped, entities of the few
// kinds the page writes decoded, spaces collapsed.
func renderedText(dom string) string {
	text := regexp.MustCompile(`(?s)<(script|style)[^>]*>.*?</(script|style)>|<[^>]*>`).ReplaceAllString(dom, " ")
	text = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&amp;", "&").Replace(text)
	return strings.Join(strings.Fields(text), " ")
}

// checkScreenshot fails unless path is a PNG of the window's size with
// something drawn on it.
func checkScreenshot(t *testing.T, path string, size [2]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b := img.Bounds()
	if b.Dx() != size[0] || b.Dy() != size[1] {
		t.Errorf("%s is %dx%d, expected %dx%d", path, b.Dx(), b.Dy(), size[0], size[1])
	}
	colours := map[[3]uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 12, g >> 12, bl >> 12}] = true
		}
	}
	if len(colours) < 4 {
		t.Errorf("%s is blank (%d colours)", path, len(colours))
	}
	t.Logf("screenshot %s", path)
}

// trajectoryArgs replay a tau-bench conversation in a window it
// outgrows at its last turn.
var trajectoryArgs = []string{"loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "12000", "--reserve", "1000"}

// trajectoryFigures are what replay counts of trajectoryArgs, as the
// report writes them: the first turn over the window and each policy's
// input tokens and peak.
func trajectoryFigures(t *testing.T) []string {
	t.Helper()
	out, stderr, _ := run(t, "", append([]string{"replay", "--format", "json", "--trajectory"}, trajectoryArgs...)...)
	var r struct {
		Policies []struct {
			FirstOverflow int `json:"first_overflow"`
			Peak          int `json:"peak_tokens"`
			Input         int `json:"input_tokens"`
		} `json:"policies"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Policies) == 0 {
		t.Fatalf("replay: %v: %s", err, stderr)
	}
	figures := []string{fmt.Sprintf("the first at turn %d", r.Policies[0].FirstOverflow), "Trim policies compared"}
	for _, p := range r.Policies {
		figures = append(figures, commas(p.Input), commas(p.Peak))
	}
	return figures
}
