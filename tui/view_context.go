package tui

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
)

// citationLine matches the headers both builders write:
// "--- Source [1] kb/a.md --- (relevance: 0.90)" and
// "[Source 1: kb/a.md (relevance: 0.90)]".
var citationLine = regexp.MustCompile(`^(--- Source \[\d+\].*---.*|\[Source \d+: .*\])$`)

// contextContent shows the assembled messages role by role as the model
// will see them, citation headers and cut markers highlighted, then the
// citation map.
func contextContent(st *themes.Styles, ev *core.Evaluation, width int) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	a := ev.Assembly
	var b strings.Builder
	mode := "budgeted by the article's assembler"
	if a.Mode == core.MeasureOnly {
		mode = "measured as sent: nothing cut"
	}
	fmt.Fprintf(&b, "%s %d messages · %s tokens · %s\n", st.Bold.Render("Assembled request"), len(a.Messages), thousands(a.Used), mode)
	if len(a.Tools) > 0 {
		fmt.Fprintf(&b, "%s\n", st.Muted.Render("tools are sent beside the messages (see the tools line of the budget)"))
	}
	for i, msg := range a.Messages {
		head := fmt.Sprintf("── %d %s ", i+1, msg.Role)
		if msg.Name != "" {
			head += "(" + safetext.Line(msg.Name) + ") "
		}
		if msg.ToolCallID != "" {
			head += "← " + safetext.Line(msg.ToolCallID) + " "
		}
		fmt.Fprintf(&b, "\n%s\n", st.Role.Render(padRight(head, max(10, width-1))))
		content := safetext.Sanitize(msg.Content)
		if len(msg.ToolCalls) > 0 {
			content += "\n[tool calls] " + safetext.Sanitize(string(msg.ToolCalls))
		}
		for _, line := range strings.Split(content, "\n") {
			styled := highlightContextLine(st, line)
			for _, wrapped := range wrapText(styled, max(10, width-1)) {
				b.WriteString(wrapped)
				b.WriteByte('\n')
			}
		}
	}
	writeCitations(&b, st, ev)
	return b.String()
}

// highlightContextLine styles a citation header or a cut marker.
func highlightContextLine(st *themes.Styles, line string) string {
	if citationLine.MatchString(line) {
		return st.Citation.Render(line)
	}
	if strings.Contains(line, "[...]") {
		return strings.ReplaceAll(line, "[...]", st.CutMarker.Render("[...]"))
	}
	return line
}

func writeCitations(b *strings.Builder, st *themes.Styles, ev *core.Evaluation) {
	fmt.Fprintf(b, "\n%s\n", st.Bold.Render("Citation map"))
	switch {
	case ev.Build != nil && len(ev.Build.CitationMap) > 0:
		keys := make([]int, 0, len(ev.Build.CitationMap))
		for k := range ev.Build.CitationMap {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			fmt.Fprintf(b, "  %s %s\n", st.Citation.Render(fmt.Sprintf("[%d]", k)), safetext.Line(ev.Build.CitationMap[k]))
		}
	case ev.SimpleRAG != nil && len(ev.SimpleRAG.Chunks) > 0:
		for i, c := range ev.SimpleRAG.Chunks {
			fmt.Fprintf(b, "  %s %s\n", st.Citation.Render(fmt.Sprintf("[Source %d]", i+1)), safetext.Line(c.Source))
		}
	default:
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("no documents in the context"))
	}
}
