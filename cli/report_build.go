package cli

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// buildInput is what `ctxlab build` loaded, for the report's header.
type buildInput struct {
	docsPath  string
	docFormat string
	docs      []value.Document
	opts      pipeline.Options
	history   []value.Message
	maxTurns  int
	findings  []diagnose.Finding
	// cost is the context block at --model's list price.
	cost   core.RequestCost
	prices tokens.PriceTable
	// budgetIsDefault is true when --budget was not given: the header
	// says so, since the workbench budgets the block with the preset's
	// retrieved-context allocation instead and its picture differs.
	budgetIsDefault bool
	// budgetFromScenario is true when the budget is a --scenario's
	// retrieved-context allocation.
	budgetFromScenario bool
}

// tokenizerLabel names the tokenizer, "(an estimate)" after it when its
// counts are not the model's own (a tokenizer-estimate finding), as
// assemble's header says it.
func (in buildInput) tokenizerLabel() string {
	label := "tokenizer " + in.opts.Tokenizer.Name()
	if !in.opts.Tokenizer.Exact() || slices.ContainsFunc(in.findings, func(f diagnose.Finding) bool { return f.Code == diagnose.CodeTokenizerEstimate }) {
		label += " (an estimate)"
	}
	return label
}

// writeBuildReport renders a Build's Result and Trace for a person: the
// pipeline in one line, then each stage's decisions, the final order, the
// budget, the citations and the context block itself.
func writeBuildReport(out io.Writer, in buildInput, res *pipeline.Result) error {
	w := bufio.NewWriter(out)
	tr := res.Trace
	c := tr.Counts
	o := in.opts

	budgetNote := ""
	if in.budgetIsDefault {
		budgetNote = " (the default; the workbench budgets with its preset's allocation for the retrieved context)"
	}
	if in.budgetFromScenario {
		budgetNote = " (the scenario's retrieved-context allocation)"
	}
	fmt.Fprintf(w, "ctxlab build · %s (%s) · %s %s · %s · budget %s%s · %s mode\n\n",
		safetext.Line(displayPath(in.docsPath)), in.docFormat, numfmt.Thousands(c.Input), numfmt.Plural(c.Input, "document", "documents"), in.tokenizerLabel(), numfmt.Thousands(o.Budget), budgetNote, o.BudgetMode)
	budget := fmt.Sprintf("budget: %s included, %s partial, %s summarized, %s excluded",
		numfmt.Thousands(c.Included), numfmt.Thousands(c.Partial), numfmt.Thousands(c.Summarized), numfmt.Thousands(c.Excluded))
	stages := reorderLabel(c.Reordered, o.LostInMiddle) + " → " + budget
	if tr.BudgetFirst {
		stages = budget + " → " + reorderLabel(c.Reordered, o.LostInMiddle) + " of what was kept"
	}
	fmt.Fprintf(w, "Pipeline  %s in → filter −%s → sort → dedup −%s → %s\n\n",
		numfmt.Thousands(c.Input), numfmt.Thousands(c.Filtered), numfmt.Thousands(c.Duplicates), stages)

	writeFindings(w, in.findings)
	writeFilterSection(w, in, tr)
	writeDedupSection(w, in, tr)
	writeOrderSection(w, in, tr)
	writeBudgetSection(w, in, res)
	writeCostSection(w, in.cost, in.prices)

	fmt.Fprintf(w, "Citations\n")
	for n := 1; n <= len(res.CitationMap); n++ {
		fmt.Fprintf(w, "  [%d] ", n)
		fmt.Fprint(w, safetext.Line(res.CitationMap[n]), "\n")
	}
	if len(res.CitationMap) == 0 {
		fmt.Fprintf(w, "  none: no document is in the context\n")
	}
	fmt.Fprintf(w, "\nContext block (%s tokens)\n%s\n", numfmt.Thousands(res.TokensUsed), rule)
	fmt.Fprint(w, safetext.Sanitize(res.ContextBlock), "\n", rule, "\n")

	if in.history != nil {
		writeFormatMemory(w, in.history, in.maxTurns)
	}
	return w.Flush()
}

const rule = "────────────────────────────────────────────────────────────────────────"

func displayPath(p string) string {
	if p == "-" {
		return "stdin"
	}
	return p
}

func reorderLabel(applied, enabled bool) string {
	switch {
	case applied:
		return "reorder (lost in the middle)"
	case enabled:
		return "reorder skipped (3 or fewer documents)"
	default:
		return "no reorder"
	}
}

// writeDocLabel writes a document's name, its input number and source,
// without joining them: a source may be as long as a document.
func writeDocLabel(w io.Writer, docs []value.Document, i int) {
	src := docs[i].Source
	if src == "" {
		src = "(no source)"
	}
	fmt.Fprint(w, "#", strconv.Itoa(i+1), " ", safetext.Line(src))
}

func writeFilterSection(w io.Writer, in buildInput, tr pipeline.Trace) {
	// The rules are the knob table's, in its order.
	var rules []string
	settings := core.Settings{Pipeline: in.opts.Settings}
	for _, k := range core.Knobs() {
		if k.FilterRule != nil {
			if rule := k.FilterRule(settings); rule != "" {
				rules = append(rules, rule)
			}
		}
	}
	fmt.Fprintf(w, "Filter (%s): %s removed\n", strings.Join(rules, ", "), numfmt.Thousands(tr.Counts.Filtered))
	for i := range tr.Len() {
		if d := tr.Doc(i); d.Filtered {
			io.WriteString(w, "  ✗ ")
			writeDocLabel(w, in.docs, int(d.Index))
			fmt.Fprintf(w, ": %s\n", d.FilterReason())
		}
	}
	fmt.Fprintln(w)
}

func writeDedupSection(w io.Writer, in buildInput, tr pipeline.Trace) {
	key := ""
	if k := in.opts.DedupKey; k != "" && k != pipeline.DedupKeyNone {
		key = "; key: " + safetext.Line(string(k))
	}
	fmt.Fprintf(w, "Dedup (exact: normalized MD5%s; near: Jaccard ≥ %s on %d-word shingles): %s removed\n",
		key, strconv.FormatFloat(in.opts.DedupThreshold, 'f', -1, 64), in.opts.ShingleSize, numfmt.Thousands(tr.Counts.Duplicates))
	for _, i := range tr.Sorted {
		d := tr.Doc(i)
		if d.Duplicate == nil {
			continue
		}
		switch {
		case d.Duplicate.Key != "":
			io.WriteString(w, "  = ")
			writeDocLabel(w, in.docs, i)
			io.WriteString(w, ": same "+d.Duplicate.SharedKey()+" as ")
			writeDocLabel(w, in.docs, d.Duplicate.Of)
			fmt.Fprint(w, ", the same source (", safetext.Line(d.Duplicate.KeyValue()), ")\n")
		case d.Duplicate.Kind == pipeline.DuplicateExact:
			io.WriteString(w, "  = ")
			writeDocLabel(w, in.docs, i)
			io.WriteString(w, ": exact duplicate of ")
			writeDocLabel(w, in.docs, d.Duplicate.Of)
			io.WriteString(w, "\n")
		default:
			io.WriteString(w, "  ≈ ")
			writeDocLabel(w, in.docs, i)
			io.WriteString(w, ": near duplicate of ")
			writeDocLabel(w, in.docs, d.Duplicate.Of)
			fmt.Fprintf(w, " (J=%s)\n", numfmt.Similarity(d.Duplicate.Similarity))
		}
	}
	fmt.Fprintln(w)
}

func writeOrderSection(w io.Writer, in buildInput, tr pipeline.Trace) {
	fmt.Fprintf(w, "Final order (rank = rank by score after dedup, slot = place in the context)\n")
	// Scores get the decimals that tell them apart: retrieval scores
	// bunched at 0.9999x would all print 1.00.
	scores := make([]float64, 0, len(tr.Reordered))
	for _, i := range tr.Reordered {
		scores = append(scores, tr.Score(i))
	}
	digits := numfmt.Decimals(scores, 2, 5)
	scoreW := len("score")
	for _, s := range scores {
		scoreW = max(scoreW, len(numfmt.Score(s, digits)))
	}
	fmt.Fprintf(w, "  %4s  %4s  %*s  %6s  %6s  %-12s  %s\n", "slot", "rank", scoreW, "score", "tokens", "kept", "fate", "document")
	for slot, i := range tr.Reordered {
		d := tr.Doc(i)
		fmt.Fprintf(w, "  %4d  %4d  %*s  %6s  %6s  %s %-10s  ", slot+1, d.PosBeforeReorder+1, scoreW, numfmt.Score(tr.Score(i), digits), numfmt.Thousands(tr.Tokens(i)), numfmt.Thousands(d.TokensKept),
			fateGlyph(d.Fate), d.Fate)
		writeDocLabel(w, in.docs, i)
		io.WriteString(w, "\n")
	}
	fmt.Fprintln(w)
}

func writeBudgetSection(w io.Writer, in buildInput, res *pipeline.Result) {
	tr := res.Trace
	fmt.Fprintf(w, "Budget (%s mode)\n", in.opts.BudgetMode)
	fmt.Fprintf(w, "  the walk charged %s of %s tokens; the formatted block has %s tokens (%.1f%%)\n",
		numfmt.Thousands(tr.BudgetUsed), numfmt.Thousands(res.TokensBudget), numfmt.Thousands(res.TokensUsed), res.UtilizationPct)
	if over := res.TokensUsed - res.TokensBudget; over > 0 {
		fmt.Fprintf(w, "  ▲ the block is %s tokens over the budget: citation headers and separators are not budgeted in reference mode (--budget-mode strict charges them)\n", numfmt.Thousands(over))
	}
	for _, i := range tr.Reordered {
		d := tr.Doc(i)
		if d.BudgetReason() != "" {
			fmt.Fprintf(w, "  %s ", fateGlyph(d.Fate))
			writeDocLabel(w, in.docs, i)
			fmt.Fprintf(w, ": %s\n", d.BudgetReason())
		}
	}
	fmt.Fprintln(w)
}

// fateGlyph is readable without colour: the TUI uses the same glyphs.
func fateGlyph(f pipeline.Fate) string {
	switch f {
	case pipeline.FateIncluded:
		return "✓"
	case pipeline.FatePartial:
		return "✂"
	case pipeline.FateSummarized:
		return "Σ"
	case pipeline.FateExcluded:
		return "✗"
	case pipeline.FateDuplicate:
		return "≈"
	case pipeline.FateFiltered:
		return "·"
	}
	return "?"
}

// writeFormatMemory is the reference's format_memory block
// over a history, with its notes: what max turns 0 means, and the messages
// it labels Assistant although they are not.
func writeFormatMemory(w io.Writer, history []value.Message, maxTurns int) {
	block, lines := memory.Format(history, maxTurns)
	fmt.Fprintf(w, "\nMemory (format_memory, last %s %s: %s of %s %s)\n", numfmt.Thousands(maxTurns), numfmt.Plural(maxTurns, "turn", "turns"),
		numfmt.Thousands(len(lines)), numfmt.Thousands(len(history)), numfmt.Plural(len(history), "message", "messages"))
	if maxTurns == 0 {
		// The reference slices memory[-max_turns*2:], and [-0:] is
		// the whole list: 0 does not mean "no history".
		fmt.Fprintf(w, "  note: --max-turns 0 keeps the whole history, as the reference's memory[-0:] slice does\n")
	}
	for _, l := range lines {
		if l.Mislabeled {
			fmt.Fprintf(w, "  note: message %d has role %q and is labelled Assistant, as the reference does\n", l.Index+1, safetext.Line(l.Role))
		}
	}
	// Written in pieces: formatted as one, the block of a 50 MB history
	// was copied into fmt's buffer beside itself.
	for _, piece := range []string{rule, "\n", safetext.Sanitize(block), "\n", rule, "\n"} {
		io.WriteString(w, piece)
	}
}
