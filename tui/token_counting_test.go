package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core/tokens"
)

func init() {
	// The views' goldens show exact counts: the shared vocabularies are
	// loaded before any test, so no first evaluation stands in for them.
	// The tests below use a vocabulary of their own, unloaded.
	for _, name := range tokens.Names {
		if p, ok := tokens.BuiltinTokenizers[name].(tokens.Preloader); ok {
			p.Preload()
		}
	}
}

// coldModel opens the support_chat sample as a first launch does: its
// tokenizer's vocabulary not yet loaded.
func coldModel(t testing.TB) (Model, *tokens.BPE) {
	t.Helper()
	sc := sampleScenario(t, "support_chat")
	bpe, err := tokens.NewBPE(sc.Settings.Pipeline.Tokenizer.Name())
	if err != nil {
		t.Fatal(err)
	}
	sc.Settings.Pipeline.Tokenizer = bpe
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir()})
	return send(t, m, tea.WindowSizeMsg{Width: 160, Height: 48}), bpe
}

// firstEvaluation runs only the first evaluation of m's Init, not the
// background count it starts; that command is returned.
func firstEvaluation(t testing.TB, m Model) (Model, tea.Cmd) {
	t.Helper()
	msg, ok := runCmd(m.firstEvaluation)
	if !ok {
		t.Fatal("the first evaluation hung")
	}
	next, cmd := m.Update(msg)
	return next.(Model), cmd
}

func TestColdStartShowsPendingEstimateThenExactCounts(t *testing.T) {
	m, bpe := coldModel(t)
	m, count := firstEvaluation(t, m)
	if m.eval == nil || bpe.Loaded() {
		t.Fatalf("the first picture waited for the vocabulary (eval %v, loaded %v)", m.eval != nil, bpe.Loaded())
	}
	header := m.renderHeader()
	if !strings.Contains(header, "o200k_base pending, heuristic estimate") || !strings.Contains(header, "loading o200k_base") {
		t.Errorf("header does not mark the counts pending:\n%s", header)
	}

	// The background job loads, counts and asks for the exact picture.
	m = settle(t, m, count)
	if m.pending != "" || m.counting.Running() || !bpe.Loaded() {
		t.Fatalf("after the count: pending %q, job running %v, loaded %v", m.pending, m.counting.Running(), bpe.Loaded())
	}
	if m.eval.Settings.Pipeline.Tokenizer != bpe {
		t.Errorf("the final picture is counted with %s", m.eval.Settings.Pipeline.Tokenizer.Name())
	}
	if len(m.changed) != 0 {
		t.Errorf("refining the estimate marked %d documents as changed", len(m.changed))
	}
	if h := m.renderHeader(); strings.Contains(h, "pending") || strings.Contains(h, "counting") {
		t.Errorf("header still pending:\n%s", h)
	}
}

func TestEscStopsTheCount(t *testing.T) {
	m, _ := coldModel(t)
	m, count := firstEvaluation(t, m)
	if !m.counting.Running() {
		t.Fatal("no count running")
	}
	m = send(t, m, keyMsg("esc"))
	// The job sees its context ended and reports it; the picture stays
	// the estimate, and says so. A job esc did not stop would count, and
	// the exact picture would follow.
	m = settle(t, m, count)
	if m.counting.Running() || m.pending == "" {
		t.Fatalf("after esc: job %v, pending %q", m.counting.Running(), m.pending)
	}
	if !strings.Contains(m.status.text, "Stopped counting o200k_base") {
		t.Errorf("status %q", m.status.text)
	}
}

func TestFixesWaitForExactCounts(t *testing.T) {
	m, _ := coldModel(t)
	m, _ = firstEvaluation(t, m)
	next, cmd := m.Update(keyMsg("f"))
	m = next.(Model)
	if cmd != nil || m.fixes.Open() || !strings.Contains(m.status.text, "wait until the o200k_base counts") {
		t.Errorf("f while counts are pending: command %v, open %v, status %q", cmd != nil, m.fixes.Open(), m.status.text)
	}
}
