package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// hostileMarkup is document text and names that would run script, load
// something or break out of the page were they not escaped: a script, an
// image's onerror, an SVG's onload, a javascript: URL, the end of the
// style and title elements, a template action, an external image and
// stylesheet, and controls (escape, NUL, a right-to-left override).
var hostileMarkup = []string{
	`<script>document.body.setAttribute('data-pwned','script')</script>`,
	`<img src=x onerror="document.body.setAttribute('data-pwned','img')">`,
	`<svg onload="document.body.setAttribute('data-pwned','svg')"></svg>`,
	`javascript:document.body.setAttribute('data-pwned','href')`,
	`</style><script>document.body.setAttribute('data-pwned','style')</script><style>`,
	`</title><script>document.body.setAttribute('data-pwned','title')</script>`,
	`{{.CSP}} <a href="javascript:alert(1)">x</a>`,
	`<img src="http://ctxlab-canary.invalid/leak.png"><link rel=stylesheet href="http://ctxlab-canary.invalid/s.css">`,
	"\x1b[31mred\x1b[0m \x00 \u202eevil\u202c",
}

// hostileDocs are documents whose content and source carry
// hostileMarkup, scored so that some are sent, one is a duplicate of
// another and some are over the budget.
func hostileDocs(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for i, h := range hostileMarkup {
		content := strings.Repeat("The refund window is 30 days for unworn items. "+h+" ", 4+i)
		line, _ := json.Marshal(map[string]any{"content": content, "score": 0.95 - float64(i)/20, "source": h + " kb/" + string(rune('a'+i)) + ".md"})
		b.Write(append(line, '\n'))
		if i == 0 {
			b.Write(append(line, '\n')) // an exact duplicate
		}
	}
	return writeFile(t, "hostile.jsonl", b.String())
}

var (
	htmlTag  = regexp.MustCompile(`<[a-zA-Z][^>]*>`)
	attrName = regexp.MustCompile(`\s([a-zA-Z-:]+)\s*=`)
	hrefAttr = regexp.MustCompile(`\shref\s*=\s*"([^"]*)"`)
)

// checkInertPage fails unless page's markup is its own: one script (the
// page's), no event handler, no element that loads anything, no link
// out of the page, no url() but a pattern's, and no control character.
func checkInertPage(t *testing.T, page string) {
	t.Helper()
	if n := strings.Count(strings.ToLower(page), "<script"); n != 1 {
		t.Errorf("%d <script elements, expected the page's own one", n)
	}
	quoted := regexp.MustCompile(`"[^"]*"`)
	for _, tag := range htmlTag.FindAllString(page, -1) {
		lower := strings.ToLower(tag)
		names := quoted.ReplaceAllString(tag, `""`)
		for _, el := range []string{"<img", "<iframe", "<object", "<embed", "<link", "<base", "<form", "<a href=\"javascript"} {
			if strings.HasPrefix(lower, el) {
				t.Errorf("element from input in the page: %.120s", tag)
			}
		}
		for _, m := range attrName.FindAllStringSubmatch(names, -1) {
			if name := strings.ToLower(m[1]); strings.HasPrefix(name, "on") || name == "src" || name == "srcset" {
				t.Errorf("attribute %s in %.120s", name, tag)
			}
		}
		for _, m := range hrefAttr.FindAllStringSubmatch(tag, -1) {
			if !strings.HasPrefix(m[1], "#") {
				t.Errorf("link out of the page: %.120s", tag)
			}
		}
	}
	for _, m := range regexp.MustCompile(`url\(([^)]*)\)`).FindAllStringSubmatch(page, -1) {
		if !strings.HasPrefix(m[1], "#") {
			t.Errorf("url(%s) in the page", m[1])
		}
	}
	if !strings.Contains(page, `http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;`) {
		t.Error("the page has no Content-Security-Policy refusing every fetch")
	}
	for _, r := range page {
		if (unicode.IsControl(r) && r != '\n' && r != '\t') || unicode.Is(unicode.Bidi_Control, r) {
			t.Errorf("control character %U in the page", r)
			break
		}
	}
}

// TestReportHTMLKeepsHostileDocumentsText writes the report of documents
// whose text and sources are markup and script, and checks that the page
// holds them as text only.
func TestReportHTMLKeepsHostileDocumentsText(t *testing.T) {
	t.Parallel()
	docs := hostileDocs(t)
	page, stderr, code := run(t, "", "report", "--docs", docs, "--query", "<script>alert('q')</script> refund?", "--rag-budget", "400")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkInertPage(t, page)
	// The markup is there, as text.
	for _, want := range []string{"&lt;script&gt;document.body.setAttribute(", "&lt;/style&gt;&lt;script&gt;", "javascript:document.body"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not show %q as text", want)
		}
	}
	for _, section := range []string{`id="verdict"`, `id="window"`, `id="components"`, `id="findings"`, `id="fixes"`, `id="funnel"`, `id="documents"`, `id="space"`} {
		if !strings.Contains(page, section) {
			t.Errorf("section %s missing", section)
		}
	}
	// The duplicate is beside its original, with its similarity.
	if !regexp.MustCompile(`#1</td>.*\n<tr class="fate-duplicate dup"><td class="num" data-v="2">#2</td>.*<td class="num" data-label="similarity">1.000</td>`).MatchString(page) {
		t.Error("the exact duplicate #2 is not listed after #1 with its similarity")
	}
}

// TestReportHTMLSaysWhatAssembleSays checks the page's figures against
// assemble's own report of the same input: the verdict's tokens, every
// finding and every fix's flags.
func TestReportHTMLSaysWhatAssembleSays(t *testing.T) {
	t.Parallel()
	for _, input := range [][]string{nil, {"--scenario", "../sample/overflow.yaml"}} {
		page, stderr, code := run(t, "", append([]string{"report"}, input...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", input, code, stderr)
		}
		out, _, _ := run(t, "", append([]string{"assemble", "--suggest", "--format", "json"}, input...)...)
		var a struct {
			Assembly struct {
				Used     int `json:"used"`
				MaxInput int `json:"max_input"`
				Fits     bool
			} `json:"assembly"`
			Findings    []struct{ Code, Message string } `json:"findings"`
			Suggestions []struct{ Flags []string }       `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(out), &a); err != nil {
			t.Fatalf("%v: assemble's JSON: %v", input, err)
		}
		verdict := page[strings.Index(page, `id="verdict"`):strings.Index(page, `id="window"`)]
		for _, n := range []int{a.Assembly.Used, a.Assembly.MaxInput} {
			if !strings.Contains(verdict, thousands(n)) {
				t.Errorf("%v: the verdict does not say %s: %s", input, thousands(n), verdict)
			}
		}
		if len(a.Findings) == 0 || !strings.Contains(verdict, htmlText(a.Findings[0].Message)) {
			t.Errorf("%v: the verdict does not name the worst finding", input)
		}
		for _, f := range a.Findings {
			if !strings.Contains(page, "<code>"+f.Code+"</code> "+htmlText(f.Message)) {
				t.Errorf("%v: finding %s missing", input, f.Code)
			}
		}
		for i, s := range a.Suggestions {
			if !strings.Contains(page, "<code>"+htmlText(strings.Join(s.Flags, " "))+"</code>") {
				t.Errorf("%v: fix %d's flags %v missing", input, i+1, s.Flags)
			}
		}
	}
}

// TestReportHTMLEvalAndBaseline covers a retrieval run's section and a
// comparison with a baseline.
func TestReportHTMLEvalAndBaseline(t *testing.T) {
	t.Parallel()
	page, stderr, code := run(t, "", "report", "--scenario", "../sample/eval/help_center.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{`id="eval"`, "Context recall 0.", `<td class="src">q01</td>`, `<td class="src">q29</td>`} {
		if !strings.Contains(page, want) {
			t.Errorf("eval report: %q missing", want)
		}
	}
	page, stderr, code = run(t, "", "report", "--baseline-set", "dedup-threshold=0.5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(page, `id="comparison"`) || !strings.Contains(page, "<code>--dedup-threshold</code></td><td>0.50</td><td>0.85</td>") {
		t.Errorf("the comparison with dedup-threshold=0.5 is missing or wrong")
	}
	if _, stderr, code = run(t, "", "report", "--baseline", "x.yaml", "--baseline-set", "top-k=3"); code != 1 || !strings.Contains(stderr, "give one baseline") {
		t.Errorf("two baselines: exit %d, %q", code, stderr)
	}
	// A file that cannot be written is named as given, in one line.
	if _, stderr, code = run(t, "", "report", "--out", "/nonexistent/folder/r.html"); code != 1 || stderr != "ctxlab: --out /nonexistent/folder/r.html: no such file or directory\n" {
		t.Errorf("unwritable --out: exit %d, %q", code, stderr)
	}
	// The page is written whole to --out, and the verdict said.
	out := filepath.Join(t.TempDir(), "r.html")
	stdout, stderr, code := run(t, "", "report", "--out", out)
	written, err := os.ReadFile(out)
	if code != 0 || stdout != "" || err != nil || !strings.HasSuffix(string(written), "</html>\n") || !strings.Contains(stderr, "wrote "+out+": The request fits") {
		t.Errorf("--out: exit %d, stdout %.100q, stderr %q, read %v", code, stdout, stderr, err)
	}
}

// htmlText is s as html/template writes text.
func htmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}

// thousands writes n with commas.
func thousands(n int) string {
	s := []byte(strings.TrimPrefix(itoa(n), "-"))
	var out []byte
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	if n < 0 {
		return "-" + string(out)
	}
	return string(out)
}
