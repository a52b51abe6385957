package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"ctxlab/core/longdoc"
	"ctxlab/core/summarize"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// chunkOpeningRunes is how much of a chunk the chunk table quotes.
const chunkOpeningRunes = 60

// writeLongdocReport renders a long-document plan, and its run when there
// is one, for a person: the chunks, the calls with their token counts
// and bounds, then each step's output and the result.
func writeLongdocReport(out io.Writer, o longdocOutput, ran bool) error {
	w := bufio.NewWriter(out)
	p := o.Plan

	fmt.Fprintf(w, "ctxlab longdoc · %s · %s · chunk size %s · tokenizer %s\n",
		safetext.Line(o.Input), p.Strategy, numfmt.Thousands(p.ChunkSize), p.Tokenizer)
	fmt.Fprintf(w, "  document %s tokens → %s %s · %s · summarizer %s\n",
		numfmt.Thousands(p.DocumentTokens), numfmt.Thousands(len(p.Chunks)), numfmt.Plural(len(p.Chunks), "chunk", "chunks"), callRange(p), safetext.Line(o.Summarizer.Label))
	if p.Question != "" {
		fmt.Fprintf(w, "  question: %s\n", safetext.Line(p.Question))
	}
	for _, n := range o.InputNotes {
		fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
	}
	fmt.Fprintln(w)

	fmt.Fprintf(w, "Chunks (%s)\n", numfmt.Thousands(len(p.Chunks)))
	anyOver := false
	for _, c := range p.Chunks {
		anyOver = anyOver || c.OverLimit
	}
	rows := [][]string{{"chunk", "tokens", "opening"}}
	align := "rrl"
	if anyOver {
		rows[0], align = []string{"chunk", "tokens", "over", "opening"}, "rrll"
	}
	for _, c := range p.Chunks {
		row := []string{fmt.Sprint(c.Index + 1), numfmt.Thousands(c.Tokens)}
		if anyOver {
			over := ""
			if c.OverLimit {
				over = "▲ +" + numfmt.Thousands(c.Tokens-p.ChunkSize)
			}
			row = append(row, over)
		}
		rows = append(rows, append(row, opening(c.Text)))
	}
	writeTable(w, rows, align)
	fmt.Fprintln(w)

	fmt.Fprintf(w, "Calls (%s)\n", strings.TrimSuffix(strings.TrimSuffix(callRange(p), " calls"), " call"))
	rows = [][]string{{"call", "stage", "chunk", "prompt tokens", "max_tokens", "when"}}
	for i, c := range p.Calls {
		prompt := numfmt.Thousands(c.PromptTokens)
		if !c.Exact {
			prompt = "≤" + prompt
		}
		when := c.Condition
		if when == "" {
			when = "always"
		}
		rows = append(rows, []string{fmt.Sprint(i + 1), c.Stage, chunkLabel(c.Chunk, len(p.Chunks)), prompt, numfmt.Thousands(c.MaxTokens), when})
	}
	writeTable(w, rows, "rllrrl")
	fmt.Fprintf(w, "  at most %s %s: ≤%s prompt tokens, ≤%s output tokens (max_tokens)\n",
		numfmt.Thousands(p.MaxCalls), numfmt.Plural(p.MaxCalls, "call", "calls"), numfmt.Thousands(p.MaxPromptTokens), numfmt.Thousands(p.MaxOutputTokens))
	for _, n := range p.Notes {
		fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
	}
	fmt.Fprintln(w)

	if !ran || o.Run == nil {
		fmt.Fprintf(w, "Plan only: add --run to make the calls (summarizer %s).\n", safetext.Line(o.Summarizer.Label))
		return w.Flush()
	}
	writeLongdocRun(w, o, p)
	return w.Flush()
}

// writeLongdocRun prints every step's output, the run's notes and the
// result.
func writeLongdocRun(w io.Writer, o longdocOutput, p longdoc.Plan) {
	r := o.Run
	fmt.Fprintf(w, "Run (%s %s · summarizer %s)\n", numfmt.Thousands(r.Calls), numfmt.Plural(r.Calls, "call", "calls"), safetext.Line(o.Summarizer.Label))
	for _, f := range o.Fallbacks {
		fmt.Fprintf(w, "  ▲ %s (%s %s)\n", safetext.Line(f.Message), numfmt.Thousands(f.Calls), numfmt.Plural(f.Calls, "call", "calls"))
	}
	for i, s := range r.Steps {
		label := s.Call.Stage
		if s.Call.Chunk >= 0 {
			label += " " + chunkLabel(s.Call.Chunk, len(p.Chunks))
		}
		fmt.Fprintf(w, "── [%d] %s · prompt %s tokens → %s %s", i+1, label,
			numfmt.Thousands(s.Call.PromptTokens), numfmt.Thousands(s.OutputTokens), numfmt.Plural(s.OutputTokens, "token", "tokens"))
		if !s.Used {
			fmt.Fprintf(w, " · %s: not passed on", summarize.NotFoundAnswer)
		}
		fmt.Fprintln(w)
		writeIndented(w, safetext.Sanitize(s.Output))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  note: %s\n", safetext.Line(n))
	}
	fmt.Fprintf(w, "\nResult\n%s\n%s\n%s\n", rule, safetext.Sanitize(strings.TrimRight(r.Result, "\n")), rule)
}

// callRange is "5 calls", or "5–6 calls" when the last call depends on
// what the first ones return.
func callRange(p longdoc.Plan) string {
	if p.MinCalls == p.MaxCalls {
		return fmt.Sprintf("%s %s", numfmt.Thousands(p.MaxCalls), numfmt.Plural(p.MaxCalls, "call", "calls"))
	}
	return fmt.Sprintf("%s–%s calls", numfmt.Thousands(p.MinCalls), numfmt.Thousands(p.MaxCalls))
}

// chunkLabel numbers a chunk from 1 as "i/n", or "-" for a call that reads
// no single chunk.
func chunkLabel(index, n int) string {
	if index < 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", index+1, n)
}

// opening is the start of a chunk on one line: its text made inert,
// its spaces collapsed, cut at chunkOpeningRunes.
//
// It reads a growing start of the text, never more than the opening
// needs: made whole, one 50 MB paragraph's line (the text sanitized, its
// seven million words listed and joined) held four times the text to
// show sixty characters. A start gives the line's start: each character
// is made inert on its own but the last one read, which may be half of
// a "\r\n" pair, so what comes before the last openingMargin of the
// start's line is the whole line's.
func opening(text string) string {
	for size := 4 << 10; ; size *= 4 {
		if size >= len(text) {
			return cutOpening(strings.Join(strings.Fields(safetext.Line(text)), " "))
		}
		cut := size
		for cut > size-utf8.UTFMax && !utf8.RuneStart(text[cut]) {
			cut-- // a start of whole characters
		}
		line := strings.Join(strings.Fields(safetext.Line(text[:cut])), " ")
		if utf8.RuneCountInString(line) > chunkOpeningRunes+openingMargin {
			return cutOpening(line)
		}
	}
}

// openingMargin is more than one character made inert can become
// ("<U+202E>").
const openingMargin = 16

// cutOpening cuts a chunk's line at chunkOpeningRunes, marking the cut.
func cutOpening(line string) string {
	if utf8.RuneCountInString(line) <= chunkOpeningRunes {
		return line
	}
	at, n := 0, 0
	for n < chunkOpeningRunes-1 {
		_, size := utf8.DecodeRuneInString(line[at:])
		at += size
		n++
	}
	return strings.TrimRight(line[:at], " ") + "…"
}
