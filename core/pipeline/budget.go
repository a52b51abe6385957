package pipeline

import (
	"fmt"
	"maps"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// placedDoc is a document as it enters the context block: whole, cut or
// replaced by its synopsis.
type placedDoc struct {
	index      int            // input index
	doc        value.Document // as placed
	fate       Fate
	tokensKept int
}

// budgetOutcome is what the budget stage decided.
type budgetOutcome struct {
	placed   []placedDoc
	excluded []int // input indices of documents that did not fit whole, walk order
	used     int   // the walk's running total
}

// budgetStage walks the ordered documents against the budget in the
// chosen mode.
func budgetStage(a *Analysis, ordered []int, docTokens TokenCounts, opts Options, trace *traceTable) budgetOutcome {
	if opts.BudgetMode == BudgetStrict {
		return strictBudget(a, ordered, docTokens, opts, trace)
	}
	return referenceBudget(a, ordered, docTokens, opts, trace)
}

// referenceBudget is the reference's _apply_budget: a document that fits
// is included; the first one that does not, when more than
// PartialMinRemaining tokens remain, is included cut to the remaining
// tokens and the budget is then spent; every document that did not fit
// whole is recorded as excluded; the walk never stops early. Headers are
// not charged. With SummarizeOverflow (ctxlab's own: the reference ignores
// the flag), documents that do not fit are offered as a synopsis instead
// of a cut copy: the sentences that best cover the query and the document
// within the remaining tokens (synopsisCap at most).
func referenceBudget(a *Analysis, ordered []int, docTokens TokenCounts, opts Options, trace *traceTable) budgetOutcome {
	// Most documents of a large set do not fit: room for all of them
	// saves growing the list a dozen times.
	out := budgetOutcome{excluded: make([]int, 0, len(ordered))}
	var reasons overBudgetReasons
	budget := opts.Budget
	for _, i := range ordered {
		// The document itself is read only when it is placed or cut: at
		// 100,000 documents the walk is mostly exclusions, and copying
		// each one from the input costs more than the rest of the walk.
		t := docTokens.At(i)
		if out.used+t <= budget {
			out.include(i, a.Docs[i], FateIncluded, t, "", trace)
			out.used += t
			continue
		}
		out.excluded = append(out.excluded, i)
		remaining := budget - out.used
		switch {
		case opts.SummarizeOverflow:
			d := a.Docs[i]
			syn := synopsisOf(d.Content, opts, min(remaining, synopsisCap(t)), opts.Tokenizer.Count)
			s := opts.Tokenizer.Count(syn.Text)
			if syn.Text != "" && out.used+s <= budget {
				out.include(i, summaryDoc(d, syn.Text), FateSummarized, s,
					fmt.Sprintf("%s tokens > %s remaining; a %s-token synopsis (%s) fits", numfmt.Thousands(t), numfmt.Thousands(remaining), numfmt.Thousands(s), synopsisWords(syn)), trace)
				out.used += s
				continue
			}
			out.exclude(i, fmt.Sprintf("%s tokens > %s remaining; not even one sentence of it fits as a synopsis", numfmt.Thousands(t), numfmt.Thousands(remaining)), trace)
		case remaining > opts.PartialMinRemaining:
			d := a.Docs[i]
			cut := opts.Tokenizer.Truncate(d.Content, remaining, tokens.KeepStart)
			kept := opts.Tokenizer.Count(cut)
			trace.detail(i).CutAt = CutOffset(d.Content, cut)
			out.include(i, partialDoc(d, cut), FatePartial, kept,
				fmt.Sprintf("%s tokens > %s remaining; cut to %s tokens", numfmt.Thousands(t), numfmt.Thousands(remaining), numfmt.Thousands(kept)), trace)
			out.used = budget
		case opts.sweeping:
			out.exclude(i, "", trace) // a sweep reads counts, not reasons
		default:
			out.exclude(i, reasons.of(t, remaining, opts.PartialMinRemaining), trace)
		}
	}
	return out
}

// overBudgetReasons remembers the reasons one walk wrote. Once the
// budget is spent every later document gets the same reason for its
// token count, and a large set has few distinct counts, so most of the
// walk's reasons are one string each rather than one per document.
type overBudgetReasons struct {
	remaining int
	byTokens  map[int]string
}

func (r *overBudgetReasons) of(n, remaining, partialMin int) string {
	if r.byTokens == nil {
		r.byTokens = make(map[int]string)
	}
	if r.remaining != remaining {
		// The reason also names what remains, which changes only when a
		// document is placed; start again then.
		r.remaining = remaining
		clear(r.byTokens)
	}
	reason, ok := r.byTokens[n]
	if !ok {
		reason = overBudgetReason(n, remaining, partialMin)
		r.byTokens[n] = reason
	}
	return reason
}

// overBudgetReason is written for most documents of a large set, every
// Build, so it is concatenated rather than formatted.
func overBudgetReason(n, remaining, partialMin int) string {
	if remaining <= 0 {
		return numfmt.Thousands(n) + " tokens; budget already spent"
	}
	return fmt.Sprintf("%s tokens > %s remaining; %s ≤ %s, too little for a partial copy", numfmt.Thousands(n), numfmt.Thousands(remaining), numfmt.Thousands(remaining), numfmt.Thousands(partialMin))
}

func (out *budgetOutcome) include(i int, d value.Document, fate Fate, kept int, reason string, trace *traceTable) {
	out.placed = append(out.placed, placedDoc{index: i, doc: d, fate: fate, tokensKept: kept})
	trace.setFate(i, fate)
	t := trace.detail(i)
	t.TokensKept = kept
	t.Citation = int32(len(out.placed))
	t.setBudgetReason(reason)
}

func (out *budgetOutcome) exclude(i int, reason string, trace *traceTable) {
	trace.setFate(i, FateExcluded)
	d := trace.detail(i)
	d.TokensKept = 0
	d.Citation = 0
	d.setBudgetReason(reason)
}

// partialDoc is the reference's partial copy: the cut text, the marker,
// and metadata marked truncated.
func partialDoc(d value.Document, cut string) value.Document {
	md := maps.Clone(d.Metadata)
	if md == nil {
		md = map[string]any{}
	}
	md["truncated"] = true
	return value.Document{Content: cut + cutMarker, Score: d.Score, Source: d.Source, Metadata: md}
}

// summaryDoc stands in for a document that did not fit.
func summaryDoc(d value.Document, synopsis string) value.Document {
	md := maps.Clone(d.Metadata)
	if md == nil {
		md = map[string]any{}
	}
	md["summarized"] = true
	return value.Document{Content: synopsis, Score: d.Score, Source: d.Source, Metadata: md}
}

// CutOffset finds where in original a cut copy ends: the byte offset after
// the last kept word. A BPE cut is a byte prefix; the heuristic's cut
// rejoins words with single spaces, so it is located word by word.
func CutOffset(original, cut string) int {
	if len(cut) <= len(original) && original[:len(cut)] == cut {
		return len(cut)
	}
	return pycompat.WordsEnd(original, pycompat.WordCount(cut))
}

// WordSpans returns the byte span [start, end) of every whitespace-
// separated word in text, the words pycompat.Split returns.
func WordSpans(text string) [][2]int {
	var spans [][2]int
	start := -1
	for i, r := range text {
		if pycompat.IsSpace(r) {
			if start >= 0 {
				spans = append(spans, [2]int{start, i})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(text)})
	}
	return spans
}
