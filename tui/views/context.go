package views

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// citationLine matches the headers both builders write:
// "--- Source [1] kb/a.md --- (relevance: 0.90)" and
// "[Source 1: kb/a.md (relevance: 0.90)]".
var citationLine = regexp.MustCompile(`^(--- Source \[\d+\].*---.*|\[Source \d+: .*\])$`)

// The headings the article's assembler writes in front of the retrieved
// context and the tool results (core/window's articleRAGHeading and
// articleResultsHeading): the budgeted layout's messages are found by
// them.
const (
	RAGHeading     = "Relevant context:\n"
	ResultsHeading = "Tool results:\n"
)

// Context shows the assembled messages role by role as the model
// will see them, each with its token count, citation headers and cut
// markers highlighted and a ✂ line wherever the assembler cut a component
// to its allocation; then the tools array when it is sent beside the
// messages, then the citation map.
func Context(st *themes.Styles, ev *core.Evaluation, sc *core.Scenario, width int) string {
	if ev == nil || ev.Assembly == nil {
		return st.Muted.Render("computing…")
	}
	a := ev.Assembly
	tok := ev.Settings.Pipeline.Tokenizer
	var b strings.Builder
	mode := "budgeted by the article's assembler"
	switch {
	case a.Mode == window.MeasureOnly && sc != nil && sc.Trim != nil:
		// The request a trim policy sends: measured as it sends it, with
		// what it removed from the request as sent.
		mode = "measured as the policy sends it: " + sc.Trim.Words()
	case a.Mode == window.MeasureOnly:
		mode = "measured as sent: nothing cut"
	case a.Layout == window.LayoutChat:
		mode = "budgeted in the chat layout: whole messages dropped, oldest first"
	}
	count := numfmt.Plural(len(a.Messages), "1 message", numfmt.Thousands(len(a.Messages))+" messages")
	if a.Layout == window.LayoutChat && a.Mode == window.Budgeted && sendsImported(a.Messages) && ev.Numbers.Messages > len(a.Messages) {
		// An imported request's own line counts its messages as sent:
		// the assembly sends those the allocations keep, out of them.
		count = fmt.Sprintf("%s of the request's %s messages", numfmt.Thousands(len(a.Messages)), numfmt.Thousands(ev.Numbers.Messages))
	}
	WriteTitled(&b, st, "Assembled request", fmt.Sprintf("· %s · %s tokens · %s", count, numfmt.Thousands(a.Used), mode), width)
	writeScenarioAbout(&b, st, sc, width)
	if len(a.Tools) > 0 {
		draw.WriteWrapped(&b, st.Muted, "The tools array is sent beside the messages: see “tools (sent beside the messages)” after them.", width)
	}
	writeChatDrops(&b, st, a, width)
	writeAgentStep(&b, st, ev, width)
	cuts := MessageCuts(ev)
	for i, msg := range a.Messages {
		// A message of an imported request keeps its number as sent
		// (core.Scenario.Numbering), as every other surface names it.
		number := i + 1
		if msg.Sent != nil && msg.Sent.Number > 0 {
			number = msg.Sent.Number
		}
		head := numfmt.Thousands(number) + " " + msg.Role
		if msg.Name != "" {
			head += " (" + safetext.Line(msg.Name) + ")"
		}
		if msg.ToolCallID != "" {
			head += " ← " + safetext.Line(msg.ToolCallID)
		}
		if tok != nil {
			// The message's size is the one the total holds.
			n := a.MessageSize(i, tok)
			head += " · " + numfmt.Plural(n, "1 token", numfmt.Thousands(n)+" tokens")
			if i == 0 {
				head += systemMessageParts(a, n)
			}
		}
		b.WriteByte('\n')
		WriteRule(&b, st, head, width)
		if msg.Content == "" && len(msg.ToolCalls) == 0 {
			why := "(empty)"
			if msg.Role == "system" && a.Mode != window.MeasureOnly {
				why = "(empty: the article's assembler always sends a system message, with the system prompt and tools when there are any)"
			}
			draw.WriteWrapped(&b, st.Muted, why, width)
			continue
		}
		pos := 0
		for _, c := range cuts[i] {
			// The ✂ line takes the place of a line break at the cut.
			writeMessageText(&b, st, strings.TrimSuffix(msg.Content[pos:c.at], "\n"), width)
			draw.WriteWrapped(&b, st.CutMarker, c.text, width)
			pos = c.at
		}
		rest := msg.Content[pos:]
		if rest != "" || len(cuts[i]) == 0 && len(msg.ToolCalls) == 0 {
			writeMessageText(&b, st, rest, width)
		}
		if len(msg.ToolCalls) > 0 {
			calls, hidden := draw.HeadBytes(msg.ToolCalls)
			writeMessageText(&b, st, "[tool calls] "+calls, width)
			draw.WriteNotDrawn(&b, st, hidden, width)
		}
	}
	writeTools(&b, st, a, width)
	writeCitations(&b, st, ev, width)
	return b.String()
}

// writeScenarioAbout writes the scenario's description, when it has one,
// and for a cassette which interaction is shown and how to open another:
// the header has room for the name only.
func writeScenarioAbout(b *strings.Builder, st *themes.Styles, sc *core.Scenario, width int) {
	if sc == nil {
		return
	}
	if sc.Description != "" {
		draw.WriteWrapped(b, st.Muted, safetext.Line(sc.Description), width)
	}
	if sc.Interactions > 1 {
		draw.WriteWrapped(b, st.Muted, fmt.Sprintf("Another of the cassette's %s chat requests: ctxlab --request %s --interaction N.",
			numfmt.Thousands(sc.Interactions), safetext.Line(sc.Origin)), width)
	}
}

// systemMessageParts splits the article layout's first message, the
// system prompt with the tools appended under a heading, into the
// figures the budget bars show for them: " (system prompt 279 + tools
// 557 + heading 3)" of its n tokens, so the two screens agree. Empty for
// any other layout or when there are no tools to add.
func systemMessageParts(a *window.Assembly, n int) string {
	if a.Mode == window.MeasureOnly || a.Layout == window.LayoutChat || len(a.Messages) == 0 || a.Messages[0].Role != "system" {
		return ""
	}
	system, _ := a.Component(window.ComponentSystem)
	tools, _ := a.Component(window.ComponentTools)
	heading := n - system.Used - tools.Used
	if tools.Used == 0 || heading < 0 {
		return ""
	}
	return fmt.Sprintf(" (system prompt %s + tools %s + heading %s)", numfmt.Thousands(system.Used), numfmt.Thousands(tools.Used), numfmt.Thousands(heading))
}

// WriteTitled writes a bold title and the plain text after it, wrapped to
// width.
func WriteTitled(b *strings.Builder, st *themes.Styles, title, rest string, width int) {
	for i, l := range draw.Wrap(title+" "+rest, width) {
		if i == 0 && strings.HasPrefix(l, title) {
			l = st.Bold.Render(title) + l[len(title):]
		}
		b.WriteString(l + "\n")
	}
}

// WriteRule writes "── label ─────" across the width: a message's
// header, visible without colour.
func WriteRule(b *strings.Builder, st *themes.Styles, label string, width int) {
	lines := draw.HangingWrap(label, max(10, width-4), 3)
	for i, l := range lines {
		switch {
		case i == 0 && len(lines) == 1:
			l = "── " + l + " " + strings.Repeat("─", max(0, width-4-ansi.StringWidth(l)))
		case i == 0:
			l = "── " + l
		default:
			l = "   " + l
		}
		b.WriteString(st.Role.Render(l) + "\n")
	}
}

// writeMessageText writes message text sanitized and wrapped, citation
// headers and "[...]" cut markers highlighted.
func writeMessageText(b *strings.Builder, st *themes.Styles, text string, width int) {
	if text == "" {
		return
	}
	text, hidden := draw.Head(text)
	defer draw.WriteNotDrawn(b, st, hidden, width)
	for _, line := range strings.Split(safetext.Sanitize(text), "\n") {
		if citationLine.MatchString(line) {
			draw.WriteWrapped(b, st.Citation, line, width)
			continue
		}
		for _, wrapped := range draw.Wrap(line, width) {
			b.WriteString(strings.ReplaceAll(wrapped, "[...]", st.CutMarker.Render("[...]")) + "\n")
		}
	}
}

// Cut is a ✂ line to show at a byte offset of a message.
type Cut struct {
	at   int
	text string
}

// MessageCuts finds, for each budgeted message, where the assembler cut
// a component to its allocation: the end of a component that keeps its
// start (system prompt, tools, retrieved context), the start of one that
// keeps its end (history, tool results).
func MessageCuts(ev *core.Evaluation) map[int][]Cut {
	a := ev.Assembly
	out := map[int][]Cut{}
	if a.Mode == window.MeasureOnly {
		return out
	}
	// The chat layout cuts no history or tool-results message: it drops
	// whole ones, which writeChatDrops reports above the messages.
	chat := a.Layout == window.LayoutChat
	add := func(msg, at int, text string) { out[msg] = append(out[msg], Cut{at, text}) }
	kept := func(c window.ComponentReport) string {
		return fmt.Sprintf("%s of %s tokens kept", numfmt.Thousands(c.Used), numfmt.Thousands(c.Raw))
	}
	for i, m := range a.Messages {
		switch {
		case i == 0 && m.Role == "system":
			if c, ok := a.Component(window.ComponentSystem); ok && c.Truncated && strings.HasPrefix(m.Content, c.Text) {
				add(i, len(c.Text), "✂ the assembler cut the system prompt here: "+kept(c))
			}
			// The chat layout sends its tools as an array beside the
			// messages, never in the system message: an empty kept text
			// would match any message's end.
			if c, ok := a.Component(window.ComponentTools); ok && c.Truncated && !chat && strings.HasSuffix(m.Content, c.Text) {
				add(i, len(m.Content), "✂ the assembler cut the tool definitions here: "+kept(c)+"; the JSON the model sees is incomplete")
			}
		case m.Role == "system" && strings.HasPrefix(m.Content, RAGHeading):
			if c, ok := a.Component(window.ComponentRAG); ok && c.Truncated {
				text := "✂ the assembler cut the retrieved context here: " + kept(c)
				if lost, n := survivalCitations(ev, core.SurvivedLost); n > 0 {
					text += "; " + numfmt.Plural(n, "document ", "documents ") + lost + " lost"
				}
				if cut, n := survivalCitations(ev, core.SurvivedCut); n > 0 {
					text += "; " + numfmt.Plural(n, "document ", "documents ") + cut + " cut inside"
				}
				add(i, len(m.Content), text)
			}
		case m.Role == "assistant" && !chat:
			if c, ok := a.Component(window.ComponentHistory); ok && c.Truncated && strings.HasSuffix(m.Content, c.Text) {
				add(i, len(m.Content)-len(c.Text), "✂ the assembler cut the start of the history here (it keeps the end): "+kept(c))
			}
		case m.Role == "system" && strings.HasPrefix(m.Content, ResultsHeading) && !chat:
			if c, ok := a.Component(window.ComponentToolResults); ok && c.Truncated {
				add(i, len(ResultsHeading), "✂ the assembler cut the start of the tool results here (it keeps the end): "+kept(c))
			}
		}
	}
	for i := range out {
		sort.SliceStable(out[i], func(x, y int) bool { return out[i][x].at < out[i][y].at })
	}
	return out
}

// survivalCitations lists the citations of the documents with this fate
// under the assembler's cut, as "[22]–[26]" or "[3], [7]", and how many
// there are.
func survivalCitations(ev *core.Evaluation, want core.CitedSurvival) (string, int) {
	var nums []int
	for doc, s := range ev.RAGSurvival {
		if s == want {
			if n := citationOf(ev, doc); n > 0 {
				nums = append(nums, n)
			}
		}
	}
	sort.Ints(nums)
	var parts []string
	for k := 0; k < len(nums); {
		end := k
		for end+1 < len(nums) && nums[end+1] == nums[end]+1 {
			end++
		}
		switch {
		case end == k:
			parts = append(parts, citeLabel(ev, nums[k]))
		default:
			parts = append(parts, citeLabel(ev, nums[k])+"–"+citeLabel(ev, nums[end]))
		}
		k = end + 1
	}
	return strings.Join(parts, ", "), len(nums)
}

// citationOf is a document's citation number in the block, 0 if none.
func citationOf(ev *core.Evaluation, doc int) int {
	switch {
	case ev.Build != nil && doc < ev.Build.Trace.Len():
		return int(ev.Build.Trace.Doc(doc).Citation)
	case ev.SimpleRAG != nil && doc < len(ev.SimpleRAG.Trace):
		return ev.SimpleRAG.Trace[doc].Citation
	}
	return 0
}

// citeLabel is a citation as the block writes it: [3] or [Source 3].
func citeLabel(ev *core.Evaluation, n int) string {
	if ev.Build == nil && ev.SimpleRAG != nil {
		return fmt.Sprintf("[Source %d]", n)
	}
	return fmt.Sprintf("[%d]", n)
}

// writeTools shows the tools array of a measured request, which is sent
// beside the messages rather than in them.
func writeTools(b *strings.Builder, st *themes.Styles, a *window.Assembly, width int) {
	if len(a.Tools) == 0 {
		return
	}
	head := "tools (sent beside the messages)"
	if c, ok := a.Component(window.ComponentTools); ok {
		head += " · " + numfmt.Plural(c.Used, "1 token", numfmt.Thousands(c.Used)+" tokens")
	}
	b.WriteByte('\n')
	WriteRule(b, st, head, width)
	// An array too long to draw whole is drawn as it was sent: its
	// indented copy would be as long again, and only its start is drawn.
	text, hidden := draw.HeadBytes(a.Tools)
	var pretty bytes.Buffer
	if hidden == 0 && json.Indent(&pretty, a.Tools, "", "  ") == nil {
		text = pretty.String()
	}
	defer draw.WriteNotDrawn(b, st, hidden, width)
	for _, line := range strings.Split(safetext.Sanitize(text), "\n") {
		trimmed := strings.TrimLeft(line, " ")
		indent := min(len(line)-len(trimmed), width/2)
		for k, l := range draw.HangingWrap(trimmed, width-indent, 2) {
			if k > 0 {
				l = "  " + l
			}
			b.WriteString(strings.Repeat(" ", indent) + l + "\n")
		}
	}
}

// writeCitations lists the citation map, marking the cited documents the
// assembler then cut out of the request or cut inside.
func writeCitations(b *strings.Builder, st *themes.Styles, ev *core.Evaluation, width int) {
	fmt.Fprintf(b, "\n%s\n", st.Bold.Render("Citation map"))
	type citeEntry struct {
		label, source string
		doc           int
	}
	var entries []citeEntry
	switch {
	case ev.Build != nil && len(ev.Build.CitationMap) > 0:
		docOf := map[int]int{}
		for _, i := range ev.Build.Trace.Cited {
			docOf[int(ev.Build.Trace.Doc(i).Citation)] = i
		}
		keys := make([]int, 0, len(ev.Build.CitationMap))
		for k := range ev.Build.CitationMap {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		for _, k := range keys {
			doc, ok := docOf[k]
			if !ok {
				doc = -1
			}
			entries = append(entries, citeEntry{fmt.Sprintf("[%d]", k), draw.Source(ev.Build.CitationMap[k]), doc})
		}
	case ev.SimpleRAG != nil && len(ev.SimpleRAG.Chunks) > 0:
		for i, c := range ev.SimpleRAG.Chunks {
			entries = append(entries, citeEntry{fmt.Sprintf("[Source %d]", i+1), draw.Source(c.Source), c.Index})
		}
	default:
		fmt.Fprintf(b, "  %s\n", st.Muted.Render("no documents in the context"))
		return
	}
	labelW, srcW := 0, 0
	for _, e := range entries {
		labelW = max(labelW, ansi.StringWidth(e.label))
		srcW = max(srcW, ansi.StringWidth(e.source))
	}
	indent := 2 + labelW + 1
	for _, e := range entries {
		mark := ""
		switch ev.RAGSurvival[e.doc] {
		case core.SurvivedLost:
			mark = "✗ not sent (assembler cut)"
		case core.SurvivedCut:
			mark = "✂ cut inside by the assembler"
		}
		b.WriteString("  " + st.Citation.Render(draw.PadRight(e.label, labelW)) + " ")
		switch {
		case mark == "":
			draw.WriteContinued(b, st.Text, e.source, width, indent)
		case indent+srcW+2+ansi.StringWidth(mark) <= width:
			b.WriteString(draw.PadRight(e.source, srcW) + "  " + st.Excluded.Render(mark) + "\n")
		default:
			draw.WriteContinued(b, st.Text, e.source, width, indent)
			b.WriteString(strings.Repeat(" ", indent))
			draw.WriteContinued(b, st.Excluded, mark, width, indent)
		}
	}
}

// writeChatDrops says, in the chat layout, which components lost whole
// messages or tool definitions and how many: nothing in the messages
// below marks a message that is not there.
func writeChatDrops(b *strings.Builder, st *themes.Styles, a *window.Assembly, width int) {
	if a.Layout != window.LayoutChat {
		return
	}
	for _, name := range []string{window.ComponentTools, window.ComponentHistory, window.ComponentToolResults} {
		if c, ok := a.Component(name); ok && c.Truncated {
			draw.WriteWrapped(b, st.CutMarker, fmt.Sprintf("✂ %s: %s of %s tokens kept; %s",
				window.ComponentWords(name), numfmt.Thousands(c.Used), numfmt.Thousands(c.Raw), safetext.Line(c.Note)), width)
		}
	}
}

// sendsImported reports whether the messages are an imported request's,
// some of them sent as they came (value.Sent).
func sendsImported(messages []window.ChatMessage) bool {
	for _, m := range messages {
		if m.Sent != nil {
			return true
		}
	}
	return false
}
