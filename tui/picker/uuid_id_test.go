package picker

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/themes"
)

// LangSmith names traces and runs by UUIDv7, whose first digits are the
// time they were made: traces of one run share their first 8 digits and
// more. The picker shows each id by as many characters as tell the
// file's ids apart.
func TestPickerTellsUUIDv7IDsApart(t *testing.T) {
	traces := []Trace{
		{ID: "01a2496c-ec85-7000-8000-039cebb0c0f2", Service: "agent run", Start: t0, LLM: []Span{
			{ID: "01a2496c-ecd2-7000-8000-0008cbc3db43", Name: "ChatOpenAI", Model: "gpt-4o", Start: t0},
			{ID: "01a2496c-edaa-7000-8000-00f3c04a10fb", Name: "ChatOpenAI", Model: "gpt-4o", Start: t0}}},
		{ID: "01a2496c-ee7e-7000-8000-016d5f548849", Service: "ChatOpenAI", Start: t0, LLM: []Span{
			{ID: "01a2496c-ee7e-7000-8000-016d5f548849", Name: "ChatOpenAI", Model: "gpt-4o", Start: t0}}},
		{ID: "01a2496c-ef43-7000-8000-00c8c4bccc8c", Service: "search", Start: t0},
		{ID: "01a2496c-ef9a-7000-8000-030ca08543c6", Service: "search", Start: t0},
	}
	for _, width := range []int{80, 100, 140} {
		m := New("runs.jsonl", traces)
		m.SetSize(width, 30)
		for i := range m.traces {
			m.expanded[i] = true
		}
		m.rebuild()
		screen := ansi.Strip(m.View(themes.New(themes.Default(true, false))))
		for _, id := range []string{"01a2496c-ec8", "01a2496c-ee7", "01a2496c-ef4", "01a2496c-ef9", "└ 01a2496c-ec", "└ 01a2496c-ed", "└ 01a2496c-ee"} {
			if !strings.Contains(screen, id) {
				t.Errorf("at %d columns no id starting %s:\n%s", width, id, screen)
			}
		}
		for i, line := range strings.Split(screen, "\n") {
			if w := ansi.StringWidth(line); w > width {
				t.Errorf("at %d columns line %d is %d wide: %q", width, i, w, line)
			}
		}
	}
}

func TestDistinctPrefix(t *testing.T) {
	for _, tc := range []struct {
		ids  []string
		want int
	}{
		{[]string{"868d333a5f9cba7e", "01c91249c9db3576"}, 8},
		{[]string{"01a2496c-ec85-7000", "01a2496c-ee7e-7000", "01a2496c-ef43", "01a2496c-ef9a"}, 12},
		{[]string{"01a2496c-ec85-7000", "01a2496c-ec85-7000"}, 8},
		{[]string{"abc", "abcd"}, 8},
	} {
		if got := distinctPrefix(tc.ids, 8); got != tc.want {
			t.Errorf("distinctPrefix(%q) = %d; want %d", tc.ids, got, tc.want)
		}
	}
}
