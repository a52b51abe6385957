package cli_test

// The findings in ctxlab assemble's and ctxlab build's reports and JSON.

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/loaders/docs"
)

// findingJSON is one entry of the "findings" list.
type findingJSON struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Refs     []struct {
		Kind  string `json:"kind"`
		Index *int   `json:"index"`
		Name  string `json:"name"`
	} `json:"refs"`
}

// The sample's headline: the current refund policy (#15) dropped while
// the archived copy (#34) is sent.
const staleRefundFinding = "weaker-copy-sent: #15 kb/returns/refund-policy.md (rank 2, score 0.91) was dropped (141 tokens; budget already spent) while a similar but weaker text, #34 kb/archive/2025/refund-policy-v3.md (rank 3, score 0.89), is sent as [2]; where they differ: 60 days → 30 days (dropped → sent); #34 is probably the stale one (its source says archive, 2025). [about #15, #34]"

func TestAssembleTextFindings(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	section, _, found := strings.Cut(stdout[strings.Index(stdout, "\nFindings (")+1:], "\n\n")
	if !found || !strings.HasPrefix(section, "Findings (") {
		t.Fatalf("no Findings section:\n%s", stdout)
	}
	lines := strings.Split(section, "\n")
	// Worst first: the stale copy leads, the unused allocation (info) ends.
	if lines[1] != "  ! warning "+staleRefundFinding {
		t.Errorf("first finding:\n%s\nwant\n  ! warning %s", lines[1], staleRefundFinding)
	}
	for _, want := range []string{
		"strong-doc-lost: 9 documents were dropped although 9 weaker ones were sent",
		"conflicting-near-duplicate: #19 helpdesk-export/articles/2290-damaged-items.html (score 0.94) was removed as a near duplicate (similarity 0.937) of #2 kb/claims/damaged-in-transit.md, but they state different facts: 14 days → 10 days (kept → removed)",
		"the assembler cut 280 tokens off the block's end",
		"The history is at its 2,000-token allocation: the priority memory dropped 9 of 30 messages",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("findings lack %q:\n%s", want, section)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "  · info    allocation-unused: Tool results: uses 444 of its 2,000-token allocation") {
		t.Errorf("last finding: %s", last)
	}
	if strings.Index(stdout, "\nFindings (") > strings.Index(stdout, "\nMemory (") {
		t.Errorf("the findings come after the memory section; they belong under the budget table")
	}
}

func TestAssembleJSONFindings(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"model", "messages", "assembly", "measured", "metrics", "findings"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	var findings []findingJSON
	if err := json.Unmarshal(doc["findings"], &findings); err != nil {
		t.Fatal(err)
	}
	if len(findings) == 0 {
		t.Fatal("no findings")
	}
	first := findings[0]
	if first.Code != "weaker-copy-sent" || first.Severity != "warning" || !strings.HasPrefix(staleRefundFinding, first.Code+": "+first.Message) {
		t.Errorf("first finding %+v", first)
	}
	if len(first.Refs) != 2 || first.Refs[0].Kind != "document" || *first.Refs[0].Index != 14 || *first.Refs[1].Index != 33 {
		t.Errorf("refs %+v, want documents 14 and 33 (#15 and #34)", first.Refs)
	}
	for _, f := range findings {
		if f.Code == "allocation-unused" && (len(f.Refs) != 1 || f.Refs[0].Kind != "component" || f.Refs[0].Name != "tool_results") {
			t.Errorf("allocation-unused refs %+v, want the tool_results component", f.Refs)
		}
	}
}

func TestAssembleOverflowFindingFirst(t *testing.T) {
	t.Parallel()
	stdout, _, code := run(t, "", "assemble", "--scenario", "../sample/overflow.yaml")
	if code != 3 {
		t.Fatalf("exit %d, want 3 (overflow)", code)
	}
	if !strings.Contains(stdout, "\n  ▲ error   overflow: The request is 52,151 tokens over its max input: 66,151 used of 14,000 (the 16,000 window less the 2,000 response reserve); the largest part is tool results at 56,253 tokens. [about tool results, response reserve]\n  ! warning") {
		t.Errorf("the overflow is not the first finding:\n%s", stdout[:min(len(stdout), 4000)])
	}
}

func TestBuildTextFindings(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "build", "--docs", "../sample/docs/support_kb.jsonl", "--budget", "1550")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "budget: 11 included, 1 partial, 0 summarized, 38 excluded\n\nFindings (4)\n  ! warning " + staleRefundFinding + "\n"
	if !strings.Contains(stdout, want) {
		t.Errorf("the findings do not follow the pipeline line, stale copy first:\n%s", stdout[:min(len(stdout), 3000)])
	}
	if !strings.Contains(stdout, "component-over-allocation: The context block is at its 1,550-token budget: the budget walk left out 38 documents and cut 1; 4,333 tokens not sent; the formatted block is 280 tokens over it (headers 280)") {
		t.Errorf("no finding about the block's budget:\n%s", stdout[:min(len(stdout), 3000)])
	}
}

// Build's JSON is the reference's keys and the trace, byte for byte as
// the pipeline writes them, with "findings" added after them.
func TestBuildJSONKeepsTheReferenceBytesAndAddsFindings(t *testing.T) {
	t.Parallel()
	const docsPath = "../sample/docs/support_kb.jsonl"
	stdout, stderr, code := run(t, "", "build", "--docs", docsPath, "--tokenizer", "heuristic", "--budget", "1550", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	f, err := os.Open(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	docs, _, err := docs.Load(docsPath, f, docs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opts := pipeline.DefaultOptions()
	opts.Tokenizer, opts.Budget = tokens.Heuristic{}, 1550
	res, err := pipeline.Build(pipeline.Analyze(docs), opts)
	if err != nil {
		t.Fatal(err)
	}
	reference, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	before, findingsPart, found := strings.Cut(stdout, ",\n  \"findings\": ")
	if !found {
		t.Fatalf("no findings key:\n%.500s", stdout)
	}
	if before+"\n}" != string(reference) {
		t.Errorf("the keys before findings differ from the pipeline's own JSON")
	}
	// The cost follows the findings, outside the reference's keys too.
	findingsPart, _, _ = strings.Cut(findingsPart, ",\n  \"cost\": ")
	var findings []findingJSON
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(findingsPart), "}")), &findings); err != nil {
		t.Fatalf("findings: %v", err)
	}
	codes := map[string]bool{}
	for _, f := range findings {
		codes[f.Code] = true
	}
	for _, want := range []string{"weaker-copy-sent", "strong-doc-lost", "conflicting-near-duplicate", "tokenizer-estimate"} {
		if !codes[want] {
			t.Errorf("no %s finding in %+v", want, findings)
		}
	}
}

func TestFindingsSanitizeInput(t *testing.T) {
	t.Parallel()
	body := "Report damage within 14 days of delivery with photos of the box, the label and the item itself, and keep the packaging until the claim is settled by our team."
	docs := `{"content": "` + body + `", "score": 0.9, "source": "kb/claims.md"}
{"content": "` + strings.Replace(body, "14", "10", 1) + `", "score": 0.8, "source": "evil\u001b[2J.md"}
`
	stdout, _, code := run(t, docs, "build", "--docs", "-")
	if code != 0 || !strings.Contains(stdout, "conflicting-texts-sent") {
		t.Fatalf("exit %d, no conflict finding:\n%s", code, stdout)
	}
	if strings.ContainsRune(stdout, 0x1b) {
		t.Errorf("an escape sequence from a source reached the findings")
	}
}

// With dedup at 0.70 the budget walk leaves 40 tokens unspent: the block
// is 238 tokens over, its 278 tokens of headers less those 40, and the
// finding says both, as the budget bar does.
func TestOvershootAddsUp(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--scenario", "../sample/support_chat.yaml", "--dedup-threshold", "0.70")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "the formatted block is 238 tokens over it (headers 278, 40 left unspent)") {
		t.Errorf("the overshoot is not broken down:\n%s", stdout[:min(len(stdout), 4000)])
	}
}

// On the sample, the fix that removes the archived refund policy as a
// near duplicate comes first; each fix lists the findings it clears and
// those it raises, and one that sends both policies says so.
func TestSuggestListsFindingsGoneAndNew(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--scenario", "../sample/support_chat.yaml", "--suggest")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"  1. Remove #34 kb/archive/2025/refund-policy-v3.md as a near duplicate of #15 kb/returns/refund-policy.md",
		"     findings gone: weaker-copy-sent about #15, #34;",
		"     apply: --dedup-threshold 0.72 --budget-before-reorder --budget-mode strict\n",
		"It leaves a contradiction sent: #34 kb/archive/2025/refund-policy-v3.md and #15 kb/returns/refund-policy.md",
		"     finding new: ! warning conflicting-texts-sent: #34",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the suggestions lack %q:\n%s", want, stdout[strings.Index(stdout, "Suggested fixes"):])
		}
	}
}
