package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/testcorpus"
	"ctxlab/loaders/request"
	"ctxlab/tui/draw"
	"ctxlab/tui/inspector"
	"ctxlab/tui/views"
)

func TestHelpListsEveryBindingAtEveryWidth(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 80, 24)
	for _, width := range []int{76, 116, 156} {
		text := ansi.Strip(helpContent(m.styles, m.helpSections(), width))
		for _, section := range m.helpSections() {
			for _, b := range section.bindings {
				if h := b.Help(); h.Key != "" && !strings.Contains(text, h.Key) {
					t.Errorf("width %d: help lacks %q (%s)", width, h.Key, h.Desc)
				}
			}
		}
		for i, line := range strings.Split(text, "\n") {
			if w := lipglossWidth(line); w > width {
				t.Errorf("width %d: line %d is %d wide", width, i, w)
			}
		}
	}
}

func TestHangingWrapLeavesRoomForTheIndent(t *testing.T) {
	lines := draw.HangingWrap("tokens   heuristic 206 · cl100k_base 177 · o200k_base 177", 30, 9)
	if len(lines) < 2 {
		t.Fatalf("not wrapped: %q", lines)
	}
	// Lines come without the indent, for the caller to add: a
	// continuation must leave it room.
	for _, l := range lines[1:] {
		if w := lipglossWidth(l); w > 30-9 {
			t.Errorf("continuation %q is %d wide, leaving no room for the indent", l, w)
		}
	}
	if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != "tokens heuristic 206 · cl100k_base 177 · o200k_base 177" {
		t.Errorf("wrapping lost words: %q", lines)
	}
}

func TestContextViewMarksTheAssemblersCut(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	cuts := views.MessageCuts(m.eval)
	if len(cuts) == 0 {
		t.Fatal("the sample's RAG block is cut by the assembler, but no cut is reported")
	}
	text := ansi.Strip(views.Context(m.styles, m.eval, m.cfg.Scenario, 116))
	if !strings.Contains(text, "✂") || !strings.Contains(text, "not sent (assembler cut)") {
		t.Error("the context view does not show the assembler's cut")
	}
	lost := 0
	for _, s := range m.eval.RAGSurvival {
		if s == core.SurvivedLost {
			lost++
		}
	}
	if got := strings.Count(text, "not sent (assembler cut)"); got != lost {
		t.Errorf("citation map marks %d documents not sent, the evaluation says %d", got, lost)
	}
}

func TestInspectorMarksFilterMatchesInContent(t *testing.T) {
	// Tall enough that the inspector shows the content's match unscrolled.
	m := newTestModel(t, "support_chat", "mono", 120, 48)
	m = keys(t, m, "/")
	m = typeText(t, m, "gift")
	m = keys(t, m, "enter")
	// Move to a document that matched by content, not by source.
	for i, r := range m.list.Listed() {
		if !strings.Contains(m.eval.Documents[r.Index()].Source, "gift") {
			m.list.Cursor = i
			break
		}
	}
	m.inspector.key = ""
	m.refreshTextPanes()
	text := m.inspector.vp.View()
	if !strings.Contains(strings.ToLower(text), "«gift") {
		t.Errorf("the content match is not marked in the inspector:\n%s", text)
	}
}

// TestOrderingShowsRerank: with reranking on, the strip counts both
// stages and the Ordering view lists what BM25 kept and dropped.
func TestOrderingShowsRerank(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	m = keys(t, m, "c")
	m.controls.SelectID("rerank")
	m = keys(t, m, "space", "2", "G")
	screen := m.View()
	for _, want := range []string{"Rerank 60→20→5", "Two-stage retrieval", "dropped", "kept", "kb/claims/damaged-in-transit.md"} {
		if !strings.Contains(screen, want) && !strings.Contains(views.Ordering(m.styles, m.eval, 100), want) {
			t.Errorf("missing %q", want)
		}
	}
	text := views.Ordering(m.styles, m.eval, 100)
	if strings.Count(text, "dropped") != 15 || strings.Count(text, " kept ") != 5 {
		t.Errorf("want 5 kept and 15 dropped:\n%s", text)
	}
}

// TestInspectorAgreesWithTheList: a document the assembler cut reads the
// same in the inspector as in the list, and the article's builder's fates
// are told in words, not identifiers.
func TestInspectorAgreesWithTheList(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	found := 0
	for doc, fate := range m.eval.RAGSurvival {
		text := inspector.Content(m.styles, m.eval, doc, nil, "", 60, 2)
		head := strings.SplitN(text, "\n", 2)[0]
		switch fate {
		case core.SurvivedCut:
			found++
			if !strings.HasPrefix(head, "✂") || !strings.Contains(text, "cut inside by the assembler") {
				t.Errorf("doc %d cut by the assembler: %q", doc, head)
			}
		case core.SurvivedLost:
			found++
			if !strings.HasPrefix(head, "✗") || !strings.Contains(text, "then lost") {
				t.Errorf("doc %d lost to the assembler: %q", doc, head)
			}
		}
	}
	if found == 0 {
		t.Fatal("the sample no longer has documents the assembler cuts")
	}
	m = keys(t, m, "c")
	m.controls.SelectID("builder")
	m = keys(t, m, "right")
	if m.eval.SimpleRAG == nil {
		t.Fatal("builder did not switch")
	}
	for doc := range m.eval.SimpleRAG.Trace {
		text := inspector.Content(m.styles, m.eval, doc, nil, "", 60, 2)
		if strings.Contains(text, "not_reached") || strings.Contains(text, "Fate ") {
			t.Errorf("doc %d shows an identifier:\n%s", doc, text)
		}
	}
}

// TestWindowBarIsProportional: the window bar is as long as the tokens
// are; a small request in a large window is not inflated by a cell per
// component.
func TestWindowBarIsProportional(t *testing.T) {
	m := newTestModel(t, "support_chat", "dark", 120, 40)
	bar := func(m Model) (used, total int) {
		line := strings.Split(m.View(), "\n")[1]
		return strings.Count(line, "█"), strings.Count(line, "█") + strings.Count(line, "░")
	}
	used, total := bar(m)
	// 4,842 input + 2,000 reserve of 128,000: about 5% of the bar.
	if want := float64(total) * 6842 / 128000; float64(used) < want-1 || float64(used) > want+1 {
		t.Errorf("%d of %d cells for 5%% of the window", used, total)
	}
	m = keys(t, m, "c")
	m.controls.SelectID("window")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "1000000")
	m = keys(t, m, "enter")
	if used, _ := bar(m); used < 1 || used > 1 {
		t.Errorf("0.7%% of a 1M window takes %d cells", used)
	}
}

// TestMemoryViewShowsFormatMemory: the reference's format_memory block is
// shown beside the strategy, follows the max-turns control, and marks
// the messages it mislabels.
func TestMemoryViewShowsFormatMemory(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	text := views.Memory(m.styles, m.eval, nil, 120)
	for _, want := range []string{"format_memory", "(last 10 turns): 20 of 30 messages", "1 message labelled Assistant although it is not", "Assistant: [CRM sync]"} {
		if !strings.Contains(text, want) {
			t.Errorf("the Memory view lacks %q", want)
		}
	}
	m = keys(t, m, "c")
	m.controls.SelectID("max-turns")
	m = keys(t, m, "left", "left", "left", "left", "left", "left", "left")
	text = views.Memory(m.styles, m.eval, nil, 120)
	if !strings.Contains(text, "(last 3 turns): 6 of 30 messages") {
		t.Errorf("max turns 3 did not narrow the block")
	}
	m = keys(t, m, "left", "left", "left", "left")
	if m.settings.MaxTurns != 0 || !strings.Contains(views.Memory(m.styles, m.eval, nil, 120), "the whole history") {
		t.Errorf("max turns %d", m.settings.MaxTurns)
	}
}

// TestBannerIsReadWhole: an alert longer than the width takes a second
// line instead of being cut.
func TestBannerIsReadWhole(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 80, 24)
	m = keys(t, m, "c")
	m.controls.SelectID("window")
	m = keys(t, m, "enter")
	m.controls.SetInput("")
	m = typeText(t, m, "8000")
	m = keys(t, m, "enter")
	view := m.View()
	lines := strings.Split(view, "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines", len(lines))
	}
	joined := strings.Join(strings.Fields(view), " ")
	for _, want := range []string{"Budget overflow: 8850 tokens allocated, max input is 6000", "lower the allocations or pick a preset"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the banner lacks %q:\n%s", want, view)
		}
	}
}

// TestContextViewExplainsAnEmptySystemMessage: documents without a system
// prompt still get the article's system message; the view says why it is
// empty.
func TestContextViewExplainsAnEmptySystemMessage(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	sc := *m.cfg.Scenario
	sc.SystemPrompt, sc.Tools = "", nil
	m2 := New(Config{Scenario: &sc, Now: m.cfg.Now, ExportDir: t.TempDir()})
	m2 = send(t, m2, tea.WindowSizeMsg{Width: 120, Height: 40})
	m2 = settle(t, m2, m2.Init())
	text := views.Context(m2.styles, m2.eval, m2.cfg.Scenario, 100)
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "(empty: the article's assembler always sends a system message") {
		t.Errorf("no explanation:\n%s", text[:min(len(text), 600)])
	}
}

// TestMetricsTotals: the total row adds up the allocations and raws; max
// input is its own row; the history says what memory took first.
func TestMetricsTotals(t *testing.T) {
	m := newTestModel(t, "support_chat", "mono", 120, 40)
	text := views.Metrics(m.styles, m.eval, 118)
	// A note may wrap under its row: compared word by word.
	words := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{
		"total input 8,850 5,172 4,892",
		"max input 126,000",
		"raw is after the priority memory: 9 dropped of 30 messages",
	} {
		if !strings.Contains(words, want) {
			t.Errorf("missing %q", want)
		}
	}
}

// TestListDropsURLSchemes: a column of URLs shows hosts and paths, and a
// filter's matches stay on their letters.
func TestListDropsURLSchemes(t *testing.T) {
	sc := &core.Scenario{Name: "urls", Settings: core.DefaultSettings()}
	for i, u := range []string{"https://arxiv.org/abs/2501.12345", "http://example.com/agents/framework-02b138e8db71"} {
		sc.Documents = append(sc.Documents, value.Document{Content: strings.Repeat("word ", 40) + fmt.Sprint(i), Score: 0.9, Source: u})
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	m = keys(t, m, "/")
	m = typeText(t, m, "arxiv")
	m = keys(t, m, "enter")
	view := m.View()
	row := ""
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "✓") && strings.Contains(l, "arxiv") {
			row = l
		}
	}
	if !strings.Contains(row, "arxiv.org/abs/2501.12345") || strings.Contains(row, "https") {
		t.Errorf("the list row reads %q", row)
	}
}

// TestMetricsComparesRecordedUsage: a cassette's recorded usage is shown
// beside ctxlab's count of the request as sent, as the header words it,
// with where it was read and the convention; budgeted, the bill alone.
func TestMetricsComparesRecordedUsage(t *testing.T) {
	sc, err := request.Load(testcorpus.Path("pydantic-ai-llm-requests/test_prefect_agent_with_hitl_tool.yaml"), nil, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	text := strings.Join(strings.Fields(views.Metrics(m.styles, m.eval, 110)), " ")
	b := m.eval.Bill
	if b == nil {
		t.Fatal("no bill measured as sent")
	}
	want := fmt.Sprintf("Billed: counted %s · billed 71 (%s) · usage.prompt_tokens · openai convention: prompt_tokens includes cached_tokens · %s",
		numfmt.Thousands(m.eval.Assembly.Used), b.GapWords(), b.Verdict())
	if !strings.Contains(text, want) {
		t.Errorf("missing %q in:\n%s", want, text[:min(len(text), 500)])
	}
	if header := billWords(m.eval); !strings.Contains(want, strings.TrimPrefix(header, " · ")) {
		t.Errorf("the header says %q, the Metrics view %q", header, want)
	}

	m = keys(t, m, "c")
	m.controls.SelectID("assembly")
	m = keys(t, m, "left")
	if m.settings.Mode == window.MeasureOnly {
		t.Fatal("still measured as sent")
	}
	text = strings.Join(strings.Fields(views.Metrics(m.styles, m.eval, 110)), " ")
	want = "Billed: 71 input tokens as sent · usage.prompt_tokens · openai convention: prompt_tokens includes cached_tokens · set assembly to measure to compare it with the request as sent"
	if !strings.Contains(text, want) {
		t.Errorf("budgeted: missing %q in:\n%s", want, text[:min(len(text), 500)])
	}
}

// TestRAGMarkerSaysWhatTheExcessIs: measured as sent, an excess that is
// the reference's unbudgeted headers reads "= hdr"; one that is more (or
// much less) keeps both figures.
func TestRAGMarkerSaysWhatTheExcessIs(t *testing.T) {
	t.Parallel()
	// 200 columns leave the marker the room of its words beside bars
	// that fill their column.
	m := newTestModel(t, "support_chat", "mono", 200, 48)
	m = keys(t, m, "c")
	m.controls.SelectID("assembly")
	m = keys(t, m, "right")
	if m.settings.Mode != window.MeasureOnly {
		t.Fatalf("mode %s", m.settings.Mode)
	}
	seen := map[bool]bool{}
	for _, budget := range []string{"1550", "1600", "1700", "2000"} {
		m.controls.SelectID("rag")
		m = keys(t, m, "enter", "ctrl+u")
		m = typeText(t, m, budget)
		m = keys(t, m, "enter")
		rag, _ := m.eval.Assembly.Component(window.ComponentRAG)
		hdr := m.eval.Build.HeaderOverhead()
		if !rag.Over {
			continue
		}
		budgetLine := strings.Split(m.View(), "\n")[3]
		one := strings.Contains(budgetLine, "= headers")
		seen[one] = true
		if want := hdr-rag.Excess <= max(2, hdr/50); one != want {
			t.Errorf("RAG %s: excess %d, hdr %d: %q", budget, rag.Excess, hdr, budgetLine)
		}
		if !one && !strings.Contains(budgetLine, fmt.Sprintf("(headers %s", numfmt.Thousands(hdr))) {
			t.Errorf("RAG %s: the header figure is missing: %q", budget, budgetLine)
		}
	}
	if !seen[true] {
		t.Error("no budget made the excess the headers")
	}
}

// TestCloseScoresShowTheirOrder: scores that print 1.00 at two decimals
// print with five in the list, the inspector and the Ordering view.
func TestCloseScoresShowTheirOrder(t *testing.T) {
	sc := &core.Scenario{Name: "close", Settings: core.DefaultSettings()}
	for i, score := range []float64{0.99999, 0.99998, 0.5} {
		sc.Documents = append(sc.Documents, value.Document{Content: strings.Repeat(fmt.Sprintf("word%d ", i), 40), Score: score, Source: fmt.Sprintf("doc%d.md", i)})
	}
	m := New(Config{Scenario: sc, Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	m = send(t, m, tea.WindowSizeMsg{Width: 160, Height: 40})
	m = settle(t, m, m.Init())
	documents := m.View()
	for _, want := range []string{"0.99999", "0.99998", "0.50000", "score 0.99999"} {
		if !strings.Contains(documents, want) {
			t.Errorf("the Documents view lacks %q:\n%s", want, documents)
		}
	}
	ordering := keys(t, m, "2").View()
	for _, want := range []string{"0.99999", "0.99998"} {
		if !strings.Contains(ordering, want) {
			t.Errorf("the Ordering view lacks %q:\n%s", want, ordering)
		}
	}
}
