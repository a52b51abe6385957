package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"ctxlab/core"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// writeAssembleReport renders an assembly for a person: what was loaded
// with which settings, the budget table, the memory strategy's and the
// RAG builder's results, the alert, then the messages role by role.
func writeAssembleReport(out io.Writer, run *assembleRun) error {
	w := bufio.NewWriter(out)
	ev := run.eval
	a := ev.Assembly
	s := ev.Settings

	writeAssembleHeader(w, run)

	if run.measured != nil {
		m := run.measured.Assembly
		asSent := "Unbudgeted (as given, nothing cut)"
		if run.imported {
			asSent = "As sent (measured, nothing cut)"
		}
		rows := [][]string{
			{asSent, numfmt.Thousands(m.Used), "of " + maxInputText(m.MaxInput) + " max input", pct(m.Utilization), fitLabel(m)},
			{"Budgeted " + budgetLabel(s), numfmt.Thousands(a.Used), "of " + maxInputText(a.MaxInput) + " max input", pct(a.Utilization), fitLabel(a)},
		}
		writeTable(w, rows, "lrlrl")
		fmt.Fprintln(w)
	}

	if ev.BudgetProblem != nil {
		fmt.Fprintf(w, "▲ The budget was not applied: %s; the request was measured as sent instead\n\n", safetext.Line(ev.BudgetProblem.Error()))
	}
	writeRecordedUsage(w, run)
	writeComponentTable(w, a, s, !run.imported)
	writeCostSection(w, core.CostOf(ev, run.prices), run.prices)
	writeFindings(w, ev.Findings)
	writeSpaceSection(w, ev, run.full)
	writeMemorySection(w, ev)
	if run.formatMemory && len(ev.History) > 0 {
		writeFormatMemory(w, ev.History, s.MaxTurns)
		fmt.Fprintln(w)
	}
	writeAgentStepSection(w, ev)
	writeRetrievalSection(w, ev)
	if ev.Alert != "" {
		fmt.Fprintf(w, "▲ Alert: %s\n\n", safetext.Line(ev.Alert))
	}
	writeMessages(w, a, s.Pipeline.Tokenizer, len(run.scenario.Tools), run.full)
	if run.suggestions != nil {
		writeSuggestions(w, run.suggestions, ev)
	}
	return w.Flush()
}

func writeAssembleHeader(w io.Writer, run *assembleRun) {
	sc := run.scenario
	s := run.eval.Settings
	title := safetext.Line(run.source)
	if run.imported && sc.Provider != "" {
		title += " (" + safetext.Line(sc.Provider) + " request)"
	}
	if sc.Name != "" {
		title += " · " + safetext.Line(sc.Name)
	}
	fmt.Fprintf(w, "ctxlab assemble · %s\n", title)
	if sc.Description != "" {
		fmt.Fprintf(w, "  %s\n", safetext.Line(sc.Description))
	}
	parts := []string{string(s.Mode)}
	if a := run.eval.Assembly; a != nil && a.Layout == window.LayoutChat {
		parts = append(parts, "chat layout")
	}
	switch {
	case s.Preset != "" && s.Mode == window.MeasureOnly:
		parts = append(parts, "compared with preset "+safetext.Line(s.Preset)+"'s allocations")
	case s.Preset != "":
		parts = append(parts, safetext.Line(core.PresetLabel(s)))
	}
	if s.Model != "" {
		parts = append(parts, "model "+safetext.Line(s.Model))
	}
	tok := s.Pipeline.Tokenizer
	tokLabel := "tokenizer " + tok.Name()
	if !tok.Exact() || run.eval.CountEstimate != "" {
		tokLabel += " (an estimate)"
	}
	parts = append(parts, tokLabel)
	if s.Mode == window.Budgeted {
		parts = append(parts, "memory "+string(memoryStrategy(s.Memory)))
	}
	parts = append(parts, "builder "+string(s.Builder))
	if s.Step != "" {
		parts = append(parts, "agent step "+safetext.Line(s.Step))
	}
	if s.Rerank {
		parts = append(parts, fmt.Sprintf("rerank %s → %s", numfmt.Thousands(s.InitialK), numfmt.Thousands(s.FinalK)))
	}
	fmt.Fprintf(w, "  %s\n", strings.Join(parts, " · "))
	// The evaluation's notes: the input's, and whether the counts are
	// estimates for the model.
	for _, n := range run.eval.Notes {
		fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
	}
	fmt.Fprintln(w)
}

func memoryStrategy(m memory.Settings) memory.Strategy {
	if m.Strategy == "" {
		return memory.Sliding
	}
	return m.Strategy
}

func budgetLabel(s core.Settings) string {
	switch changed := core.ChangedAllocations(s); {
	case s.Preset == "":
		return "(custom budget)"
	case changed == 6:
		return "(allocations given)"
	case changed > 0:
		return "(" + safetext.Line(s.Preset) + ", changed)"
	default:
		return "(" + safetext.Line(s.Preset) + ")"
	}
}

// fitLabel says whether an assembly fits, and by how much it does not.
func fitLabel(a *window.Assembly) string {
	if a.Fits {
		return "fits"
	}
	if reserve := a.Budget.ValidateReserve(); reserve != nil {
		// Over by more than the request: say the cause instead.
		return "▲ does not fit: " + reserve.Error()
	}
	return fmt.Sprintf("▲ does not fit: over by %s", numfmt.Thousands(a.Used-a.MaxInput))
}

// writeComponentTable writes the budget table and the totals;
// contentTotal adds the message contents alone, the total the reference
// article checks (a scenario's report, not an imported request's).
func writeComponentTable(w io.Writer, a *window.Assembly, s core.Settings, contentTotal bool) {
	b := a.Budget
	fmt.Fprintf(w, "Budget (%s · window %s · reserve %s · max input %s · allocated %s)\n",
		a.Mode, numfmt.Thousands(b.TotalWindow), numfmt.Thousands(b.ResponseReserve), maxInputText(b.MaxInput()), numfmt.Thousands(b.Allocated()))
	rows := [][]string{{"component", "allocated", "raw", "used", "cut", "over", "notes"}}
	for _, c := range a.Components {
		allocated := numfmt.Thousands(c.Allocated)
		if c.Name == window.ComponentLabels || c.Name == window.ComponentFraming {
			allocated = "-"
		}
		cut, over := "", ""
		if c.Truncated {
			cut = "✂"
		}
		if c.Over {
			over = "▲ +" + numfmt.Thousands(c.Excess)
		}
		rows = append(rows, []string{window.ComponentWords(c.Name), allocated, numfmt.Thousands(c.Raw), numfmt.Thousands(c.Used), cut, over, safetext.Line(c.Note)})
	}
	writeTable(w, rows, "lrrrlll")
	fmt.Fprintf(w, "  total: %s used of %s max input (window %s) · utilization %s · %s\n",
		numfmt.Thousands(a.Used), maxInputText(a.MaxInput), numfmt.Thousands(a.Window), pct(a.Utilization), fitLabel(a))
	if contentTotal || s.ContentOnlyTotal {
		// The reference article checks its total so; an imported
		// request is counted as billed, where the line says nothing.
		fmt.Fprintf(w, "  message contents alone, as the reference article counts them: %s\n", numfmt.Thousands(a.ArticleTotal))
	}
	if !a.Exact {
		fmt.Fprintf(w, "  counts are estimates: %s is not the provider's tokenizer\n", a.Tokenizer)
	}
	fmt.Fprintln(w)
}

func writeMemorySection(w io.Writer, ev *core.Evaluation) {
	mem := ev.Memory
	counts := map[memory.Fate]int{}
	for _, f := range mem.Fates {
		counts[f.Fate]++
	}
	if ev.Settings.Mode == window.MeasureOnly {
		fmt.Fprintf(w, "Memory (measured as sent, no strategy applied): %s %s kept · %s tokens\n",
			numfmt.Thousands(len(mem.Fates)), numfmt.Plural(len(mem.Fates), "message", "messages"), numfmt.Thousands(mem.Tokens))
	} else {
		fmt.Fprintf(w, "Memory (%s · history budget %s): %s %s → %s kept, %s pinned, %s summarized, %s dropped · %s tokens\n",
			mem.Strategy, numfmt.Thousands(mem.MaxTokens), numfmt.Thousands(len(mem.Fates)), numfmt.Plural(len(mem.Fates), "message", "messages"),
			numfmt.Thousands(counts[memory.Kept]), numfmt.Thousands(counts[memory.Pinned]), numfmt.Thousands(counts[memory.Summarized]), numfmt.Thousands(counts[memory.Dropped]),
			numfmt.Thousands(mem.Tokens))
		if len(mem.Folds) > 0 {
			// The summary text alone; the note on its line counts the
			// "[Conversation summary: …]" wrapping too.
			fmt.Fprintf(w, "  rolling summary: %s %s, the summary text %s tokens\n", numfmt.Thousands(len(mem.Folds)), numfmt.Plural(len(mem.Folds), "fold", "folds"),
				numfmt.Thousands(mem.Folds[len(mem.Folds)-1].SummaryTokens))
		}
		if mem.Overflow > 0 {
			fmt.Fprintf(w, "  ▲ overflow: %s tokens over the history budget after the strategy did all it may\n", numfmt.Thousands(mem.Overflow))
		}
	}
	for _, n := range mem.Notes {
		if ev.Settings.Mode == window.MeasureOnly && strings.HasPrefix(n, "measured as sent") {
			continue // the heading says it
		}
		fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
	}
	fmt.Fprintln(w)
}

func writeRetrievalSection(w io.Writer, ev *core.Evaluation) {
	s := ev.Settings
	if rr := ev.Rerank; rr != nil {
		fmt.Fprintf(w, "Rerank (BM25 against the query): %s %s → initial_k %s → final_k %s: %s selected\n",
			numfmt.Thousands(len(rr.Candidates)), numfmt.Plural(len(rr.Candidates), "candidate", "candidates"), numfmt.Thousands(rr.InitialK), numfmt.Thousands(rr.FinalK), numfmt.Thousands(len(rr.Selected)))
		for _, n := range rr.Notes {
			fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
		}
	}
	budget := numfmt.Thousands(s.Budget.RetrievedContext)
	switch {
	case len(ev.Documents) == 0:
		fmt.Fprintf(w, "Retrieved context (%s): no documents\n", s.Builder)
	case ev.Build != nil:
		res := ev.Build
		c := res.Trace.Counts
		fmt.Fprintf(w, "Retrieved context (context_manager · budget %s · %s mode): %s in → filter −%s → dedup −%s → %s included, %s partial, %s summarized, %s excluded · block %s tokens\n",
			budget, s.Pipeline.BudgetMode, numfmt.Thousands(c.Input), numfmt.Thousands(c.Filtered), numfmt.Thousands(c.Duplicates), numfmt.Thousands(c.Included), numfmt.Thousands(c.Partial), numfmt.Thousands(c.Summarized), numfmt.Thousands(c.Excluded), numfmt.Thousands(res.TokensUsed))
	case ev.SimpleRAG != nil:
		rag := ev.SimpleRAG
		counts := map[pipeline.SimpleRAGFate]int{}
		for _, t := range rag.Trace {
			counts[t.Fate]++
		}
		order := "by score"
		if ev.Rerank != nil {
			order = "in the reranker's order"
		} else if s.RAGTopK > 0 {
			order = "by score, top_k " + numfmt.Thousands(s.RAGTopK)
		}
		fmt.Fprintf(w, "Retrieved context (rag · budget %s): %s %s %s → %s included, %s truncated, %s dropped, %s not reached · counted %s, block %s tokens\n",
			budget, numfmt.Thousands(len(rag.Trace)), numfmt.Plural(len(rag.Trace), "chunk", "chunks"), order, numfmt.Thousands(counts[pipeline.SimpleRAGIncluded]), numfmt.Thousands(counts[pipeline.SimpleRAGTruncated]), numfmt.Thousands(counts[pipeline.SimpleRAGDropped]),
			numfmt.Thousands(counts[pipeline.SimpleRAGNotReached]), numfmt.Thousands(rag.TokensCounted), numfmt.Thousands(rag.TokensUsed))
	}
	fmt.Fprintln(w)
}

// Long messages are shortened in the text report unless --full: the head
// and the tail are shown around a marker that says how much was left out.
const (
	messageHeadRunes = 600
	messageTailRunes = 200
	messageHeadLines = 12
	messageTailLines = 4
)

func writeMessages(w io.Writer, a *window.Assembly, tok tokens.Tokenizer, tools int, full bool) {
	fmt.Fprintf(w, "Messages (%s)", numfmt.Thousands(len(a.Messages)))
	if len(a.Tools) > 0 {
		fmt.Fprintf(w, " · %s tool %s sent beside them", numfmt.Thousands(tools), numfmt.Plural(tools, "definition", "definitions"))
	}
	fmt.Fprintln(w)
	for i, m := range a.Messages {
		// The message's size is the one the total holds.
		tokens := a.MessageSize(i, tok)
		label := safetext.Line(m.Role)
		if m.Name != "" {
			label += " " + safetext.Line(m.Name)
		}
		if m.ToolCallID != "" {
			label += " (answers " + safetext.Line(m.ToolCallID) + ")"
		}
		// A message of an imported request keeps its number as sent
		// (window.Numbering): an Anthropic message's tool_result blocks
		// share their message's.
		number := i + 1
		if m.Sent != nil && m.Sent.Number > 0 {
			number = m.Sent.Number
		}
		fmt.Fprintf(w, "── [%d] %s · %s %s\n", number, label, numfmt.Thousands(tokens), numfmt.Plural(tokens, "token", "tokens"))
		if m.Content != "" {
			writeIndented(w, shorten(safetext.Sanitize(m.Content), full))
		}
		if len(m.ToolCalls) > 0 {
			writeIndented(w, "tool_calls: "+shorten(safetext.Sanitize(string(m.ToolCalls)), full))
		}
	}
}

func writeIndented(w io.Writer, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if line == "" {
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprintf(w, "    %s\n", line)
	}
}

// shorten keeps the head and the tail of a long text around a marker.
// The cuts fall on whitespace when there is any near them, so words stay
// whole. Only the head and the tail are read as characters: the text as
// runes, four bytes a character, took a 50 MB message to 5.9 times its
// size in the report.
func shorten(text string, full bool) string {
	original := text
	if full {
		return text
	}
	if !utf8.ValidString(text) {
		text = string([]rune(text)) // each invalid byte one U+FFFD, as the runes always read it
	}
	count := utf8.RuneCountInString(text)
	lines := strings.Count(text, "\n") + 1
	if count <= messageHeadRunes+messageTailRunes && lines <= messageHeadLines+messageTailLines {
		return original
	}
	head := cutLines(text[:runesEnd(text, messageHeadRunes)], messageHeadLines, false)
	headRunes := utf8.RuneCountInString(head)
	if headRunes == messageHeadRunes {
		head = trimToSpace(head, false)
		headRunes = utf8.RuneCountInString(head)
	}
	tailStart := max(count-messageTailRunes, headRunes) // in characters
	tailAt := runesStart(text, count-tailStart)         // in bytes
	tail := cutLines(text[tailAt:], messageTailLines, true)
	if before, _ := utf8.DecodeLastRuneInString(text[:tailAt]); tailStart > 0 && !unicode.IsSpace(before) &&
		utf8.RuneCountInString(tail) == count-tailStart {
		tail = trimToSpace(tail, true)
	}
	omitted := count - headRunes - utf8.RuneCountInString(tail)
	if omitted <= 0 {
		return original
	}
	return strings.TrimRight(head, " \n") + "\n… ✂ " + numfmt.Thousands(omitted) + " characters not shown (--full prints everything) …\n" + strings.TrimLeft(tail, " \n")
}

// runesEnd is the byte offset after text's first n characters (all of
// it when it has fewer).
func runesEnd(text string, n int) int {
	at := 0
	for ; n > 0 && at < len(text); n-- {
		_, size := utf8.DecodeRuneInString(text[at:])
		at += size
	}
	return at
}

// runesStart is the byte offset of text's last n characters (0 when it
// has fewer).
func runesStart(text string, n int) int {
	at := len(text)
	for ; n > 0 && at > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(text[:at])
		at -= size
	}
	return at
}

// trimToSpace drops a partial word at the end of s (or at its start when
// fromStart), unless s has no whitespace in its last (first) quarter.
func trimToSpace(s string, fromStart bool) string {
	limit := len(s) / 4
	if fromStart {
		if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 && i <= limit {
			return s[i+1:]
		}
		return s
	}
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i >= 0 && i >= len(s)-limit {
		return s[:i]
	}
	return s
}

// cutLines keeps at most n lines of s, the first ones or the last ones.
func cutLines(s string, n int, last bool) string {
	lines := strings.Split(s, "\n")
	if len(lines) <= n {
		return s
	}
	if last {
		return strings.Join(lines[len(lines)-n:], "\n")
	}
	return strings.Join(lines[:n], "\n")
}

// maxInputText is a max input as a user reads it: a reserve as large as
// the window leaves none, not a negative number of tokens.
func maxInputText(maxInput int) string {
	return numfmt.Thousands(max(0, maxInput))
}
