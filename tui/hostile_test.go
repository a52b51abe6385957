package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"ctxlab/loaders/scenario"
)

// hostile is input that tries to drive the terminal: a window title
// (OSC 0), a screen clear (CSI), a hyperlink (OSC 8), a clipboard write
// (OSC 52), DCS and APC strings, C1 controls, a right-to-left override,
// a zero-width space, carriage return, backspace, DEL, an invalid byte,
// and wide and combining characters that must not break the layout.
const hostile = "\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\\x1b]52;c;ZXZpbA==\x07" +
	"\x1bP+q\x1b\\\x1b_apc\x1b\\\u009b31m\u009d0;t\u009c\u202eevil\u202c\u200b\r\b\x7f\xff 漢字 e\u0301"

// ownSequences are the escape sequences ctxlab itself writes: SGR colours
// and styles, nothing else.
var ownSequences = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// TestEveryViewKeepsHostileInputInert renders every view and the
// inspector over documents, sources, history, tool results, the system
// prompt and the query carrying hostile text, and asserts that the
// screen holds no control ctxlab did not emit and stays within its width.
func TestEveryViewKeepsHostileInputInert(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat")
	for i := range sc.Documents {
		sc.Documents[i].Content = "refund " + hostile + " " + sc.Documents[i].Content
		sc.Documents[i].Source = hostile + sc.Documents[i].Source
	}
	for i := range sc.History {
		sc.History[i].Content += hostile
	}
	for i := range sc.ToolResults {
		sc.ToolResults[i].Name += hostile
		sc.ToolResults[i].Content += hostile
	}
	sc.SystemPrompt += hostile
	sc.Settings.Query += hostile
	const width, height = 120, 40
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	m = settle(t, m, m.Init())
	screens := map[string][]string{
		"documents": {"1"}, "inspector": {"1", "enter"}, "context": {"2"}, "ordering": {"3"}, "budget": {"4"},
		"metrics": {"5"}, "space": {"6"}, "diagnosis": {"d"}, "help": {"?"}, "filter": {"1", "/"},
	}
	for name, ks := range screens {
		screen := keys(t, m, ks...).View()
		assertInert(t, name, screen, width)
		// The input is on screen, made visible (ESC as ␛), not left out.
		if (name == "inspector" || name == "documents") && !strings.Contains(screen, "␛") {
			t.Errorf("%s: the hostile text is not shown at all", name)
		}
	}
}

// assertInert fails for any control in screen other than ctxlab's own
// colours, and for a line wider than width.
func assertInert(t *testing.T, name, screen string, width int) {
	t.Helper()
	rest := ownSequences.ReplaceAllString(screen, "")
	if !utf8.ValidString(rest) {
		t.Errorf("%s: invalid UTF-8 reaches the terminal", name)
	}
	for _, r := range rest {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r <= 0x9f) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			t.Errorf("%s: U+%04X reaches the terminal", name, r)
			return
		}
	}
	for i, line := range strings.Split(screen, "\n") {
		if w := runewidth.StringWidth(ansi.Strip(line)); w > width {
			t.Errorf("%s: line %d is %d cells, wider than %d", name, i+1, w, width)
			return
		}
	}
}

// TestExportedMessagesEscapeControls: messages.json, meant to be read in
// a terminal too, writes C1, DEL, bidi and zero-width characters as \u
// escapes, and decodes to the same text.
func TestExportedMessagesEscapeControls(t *testing.T) {
	t.Parallel()
	sc := sampleScenario(t, "support_chat")
	sc.SystemPrompt += hostile
	m := New(Config{Scenario: sc, Theme: "dark", Now: func() time.Time { return fixedNow }, ExportDir: t.TempDir(), WriteScenario: scenario.Write})
	m = send(t, m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = settle(t, m, m.Init())
	m = keys(t, m, "e")
	data, err := os.ReadFile(filepath.Join(m.cfg.ExportDir, "ctxlab-export-20261129-120000", "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []rune{0x9b, 0x9d, 0x9c, 0x7f, 0x202e, 0x202c, 0x200b} {
		if strings.ContainsRune(string(data), r) {
			t.Errorf("messages.json holds U+%04X raw", r)
		}
	}
	var body struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	if err := json.Unmarshal(data, &body); err != nil || len(body.Messages) == 0 || !strings.Contains(body.Messages[0].Content, "\u202eevil\u202c") {
		t.Errorf("messages.json does not decode to the system prompt as sent (%v)", err)
	}
}
