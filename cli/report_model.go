package cli

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	rpt "ctxlab/cli/report"
	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/evalrun"
	"ctxlab/core/fix"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders/evalinput"
)

// The shareable reports (ctxlab report's HTML, --format markdown) are
// filled here from what the text reports print, in the same words; the
// writers in cli/report escape what came from input.

// assembleReportModel is an assembly's report: the verdict, the window
// and its components, the pipeline's funnel and documents, the findings
// with their fixes, and what takes the space.
func assembleReportModel(run *assembleRun, command string) *rpt.Report {
	ev := run.eval
	a := ev.Assembly
	title := run.source
	if run.imported && run.scenario.Provider != "" {
		title += " (" + run.scenario.Provider + " request)"
	}
	if run.scenario.Name != "" {
		title += " · " + run.scenario.Name
	}
	r := &rpt.Report{Command: command, Title: title, Settings: assembleSettingsWords(run), Notes: ev.Notes, FindingsChecked: true}
	r.Verdict = assembleVerdict(run)
	r.Verdict.Largest = largestWords(run)
	r.Window = &rpt.Window{Window: a.Window, Reserve: a.Budget.ResponseReserve, MaxInput: a.MaxInput, Used: a.Used, Utilization: a.Utilization, Fits: a.Fits}
	for _, c := range a.Components {
		rc := rpt.Component{Name: window.ComponentWords(c.Name), Allocated: c.Allocated, Raw: c.Raw, Used: c.Used, Cut: c.Truncated, Note: c.Note,
			HasAllocation: c.Name != window.ComponentLabels && c.Name != window.ComponentFraming, Reserve: c.Name == window.ComponentReserve}
		if c.Over {
			rc.Over = c.Excess
		}
		r.Components = append(r.Components, rc)
	}
	dropImpossibleAllocations(r, run)
	if ev.Build != nil && ev.Build.Trace.Counts.Input > 0 {
		r.Funnel = funnelOf(ev.Build.Trace, sentDocuments(ev))
		r.Documents = documentRows(ev.Build.Trace, ev.InputIndex, ev.RAGSurvival)
	}
	r.Findings = findingRows(ev.Findings)
	if run.suggestions != nil {
		r.FixesAsked = true
		r.Fixes = fixRows(run.suggestions)
		markSendsSame(r.Fixes, run.suggestions, ev.Settings)
		linkFixes(r.Findings, ev.Findings, run.suggestions)
		r.Alternatives = fixAlternatives(run.suggestions, r.Fixes)
		combos, err := fixCombos(context.Background(), run, run.suggestions, r.Fixes)
		if err != nil {
			r.Notes = append(r.Notes, "the fixes could not be measured together: "+err.Error())
		}
		r.Combos = combos
	}
	r.Space, r.SpaceOf = spaceRows(ev)
	cost := core.CostOf(ev, run.prices)
	r.Cost = &rpt.Cost{Heading: costHeading(cost, run.prices), Lines: costLines(cost)}
	r.Verdict.Cost = verdictCost(run, cost, r)
	return r
}

// verdictCost says in the verdict what the request costs as it is (or
// that the provider refuses it, so it buys no answer), and what the best
// fix the verdict names brings it to, priced on the fix's measured
// request; "" when the model's price is unknown.
func verdictCost(run *assembleRun, cost core.RequestCost, r *rpt.Report) string {
	a := run.eval.Assembly
	if !cost.Known || a == nil {
		return ""
	}
	var words string
	if a.Fits && run.eval.BudgetProblem == nil {
		words = fmt.Sprintf("At %s list prices it costs %s per request in input, %s per 1,000 requests.",
			cost.Model, numfmt.Dollars(cost.Input), numfmt.Dollars(cost.Per1000()))
	} else {
		words = fmt.Sprintf("As it is, the provider refuses it, so its %s per 1,000 requests of input (at %s list prices) buys no answer.",
			numfmt.Dollars(cost.Per1000()), cost.Model)
	}
	v := r.VerdictFix()
	if v == nil {
		return words
	}
	best := v.Best
	if best.SendsSameIf != "" {
		if best = v.Otherwise; best == nil {
			return words
		}
	}
	if best.Number < 1 || best.Number > len(run.suggestions) {
		return words
	}
	after := run.suggestions[best.Number-1].Preview.Evaluation
	if after == nil {
		return words
	}
	fixed := core.CostOf(after, run.prices)
	if !fixed.Known {
		return words
	}
	if a.Fits && run.eval.BudgetProblem == nil {
		return words + fmt.Sprintf(" With fix %d: %s.", best.Number, core.CostChangeWords(cost, fixed))
	}
	return words + fmt.Sprintf(" With fix %d it is sent, at %s per request, %s per 1,000 requests.", best.Number,
		numfmt.Dollars(fixed.Input), numfmt.Dollars(fixed.Per1000()))
}

// dropImpossibleAllocations leaves the allocations out of the
// components when together they exceed the max input: a component
// "within its 4,000" in a request with 54 tokens of room compares it
// with a number that cannot be met. A note says so instead.
func dropImpossibleAllocations(r *rpt.Report, run *assembleRun) {
	total := 0
	for _, c := range r.Components {
		if c.HasAllocation && !c.Reserve {
			total += c.Allocated
		}
	}
	a := run.eval.Assembly
	if total <= max(a.MaxInput, 0) {
		return
	}
	for i := range r.Components {
		if c := &r.Components[i]; !c.Reserve {
			c.HasAllocation, c.Over = false, 0
		}
	}
	shown := fmt.Sprintf("the components are shown without their allocations: together those (%s tokens) cannot fit in the %s tokens of max input, so no component can be said to be within or over its own.",
		numfmt.Thousands(total), numfmt.Thousands(max(a.MaxInput, 0)))
	// The request's loader may already have said the allocations are
	// over the max input: one note says both, rather than two saying
	// the same figures.
	for i, n := range r.Notes {
		if strings.Contains(n, "input tokens, more than this request's max input of") {
			r.Notes = slices.Clone(r.Notes)
			r.Notes[i] = strings.TrimSuffix(n, ".") + ". So the components below are shown without their allocations: no component could be within or over its own."
			return
		}
	}
	r.Notes = append(r.Notes, shown)
}

// assembleSettingsWords are the header's settings, as the text report's
// second line says them.
func assembleSettingsWords(run *assembleRun) []string {
	s := run.eval.Settings
	parts := []string{string(s.Mode)}
	if label := core.PresetLabel(s); label != "" {
		parts = append(parts, label)
	}
	if s.Model != "" {
		parts = append(parts, "model "+s.Model)
	}
	tok := "tokenizer " + s.Pipeline.Tokenizer.Name()
	if !s.Pipeline.Tokenizer.Exact() || run.eval.CountEstimate != "" {
		tok += " (an estimate)"
	}
	parts = append(parts, tok)
	if s.Mode == window.Budgeted {
		parts = append(parts, "memory "+string(memoryStrategy(s.Memory)))
	}
	parts = append(parts, "builder "+string(s.Builder))
	if s.Step != "" {
		parts = append(parts, "agent step "+s.Step)
	}
	return parts
}

// assembleVerdict says whether the request fits, by how much, and the
// worst finding: what the workbench's first screen says.
func assembleVerdict(run *assembleRun) rpt.Verdict {
	a := run.eval.Assembly
	v := rpt.Verdict{OK: a.Fits && run.eval.BudgetProblem == nil}
	if v.OK {
		v.Line = fmt.Sprintf("The request fits: %s of %s tokens of max input used (%s; the window is %s, %s of it reserved for the reply).",
			numfmt.Thousands(a.Used), numfmt.Thousands(a.MaxInput), pct(a.Utilization), numfmt.Thousands(a.Window), numfmt.Thousands(a.Budget.ResponseReserve))
	} else {
		if run.eval.BudgetProblem == nil && a.MaxInput > 0 {
			v.Line = fmt.Sprintf("The request does not fit: %s tokens against a max input of %s (the %s-token window less %s reserved for the reply): over by %s.",
				numfmt.Thousands(a.Used), numfmt.Thousands(a.MaxInput), numfmt.Thousands(a.Window), numfmt.Thousands(a.Budget.ResponseReserve), numfmt.Thousands(a.Used-a.MaxInput))
		} else {
			v.Line = "The request does not fit: " + strings.ReplaceAll(overflowMessage(run), "\n", " ")
		}
	}
	if len(run.eval.Findings) > 0 {
		worst := run.eval.Findings[0]
		v.Worst, v.WorstSeverity = worst.Message, rpt.Severity(worst.Severity)
		v.Impact = rpt.Impact(worst.Code, worst.Message)
		if worst.Code == diagnose.CodeOverflow {
			// Once the request fits, what it sends still matters: the
			// next finding that changes an answer is said too.
			for _, f := range run.eval.Findings[1:] {
				if f.Severity != diagnose.SeverityInfo && (f.Code == diagnose.CodeWeakerCopySent || f.Code == diagnose.CodeConflictingTextsSent) {
					next := rpt.Impact(f.Code, f.Message)
					v.Impact += " Once it fits, " + strings.ToLower(next[:1]) + next[1:]
					break
				}
			}
		}
		if worst.Severity == diagnose.SeverityError {
			v.OK = false
		}
	}
	return v
}

// sentDocuments counts the documents whose text reaches the request,
// whole or cut: those in the builder's block, less those the assembler's
// cut of the retrieved context lost.
func sentDocuments(ev *core.Evaluation) int {
	c := ev.Build.Trace.Counts
	sent := c.Included + c.Partial + c.Summarized
	for _, s := range ev.RAGSurvival {
		if s == core.SurvivedLost {
			sent--
		}
	}
	return sent
}

// funnelOf is the pipeline's stages with the documents left after each.
func funnelOf(tr pipeline.Trace, sent int) []rpt.Stage {
	c := tr.Counts
	afterFilter := c.Input - c.Filtered
	afterDedup := afterFilter - c.Duplicates
	inBlock := c.Included + c.Partial + c.Summarized
	return []rpt.Stage{
		{Name: "input", Left: c.Input, Words: numfmt.Count(c.Input, "document retrieved", "documents retrieved")},
		{Name: "filtered", Left: afterFilter, Removed: c.Filtered, Words: numfmt.Thousands(c.Filtered) + " too short or below the cutoff"},
		{Name: "duplicates", Left: afterDedup, Removed: c.Duplicates, Words: numfmt.Thousands(c.Duplicates) + " exact or near duplicates removed"},
		{Name: "budget", Left: inBlock, Removed: afterDedup - inBlock,
			Words: fmt.Sprintf("%s whole, %s cut, %s summarized, %s over budget", numfmt.Thousands(c.Included), numfmt.Thousands(c.Partial), numfmt.Thousands(c.Summarized), numfmt.Thousands(c.Excluded))},
		{Name: "sent", Left: sent, Removed: inBlock - sent, Words: numfmt.Count(sent, "document reaches the request", "documents reach the request")},
	}
}

// documentRows are the documents in input order, each duplicate moved
// to just after the document it duplicates. number maps a document's
// index to its input index.
func documentRows(tr pipeline.Trace, number func(int) int, survival map[int]core.CitedSurvival) []rpt.Document {
	n := tr.Len()
	scores := make([]float64, n)
	for i := range n {
		scores[i] = tr.Score(i)
	}
	digits := numfmt.Decimals(scores, 2, 5)
	row := func(i int) rpt.Document {
		d := tr.Doc(i)
		src := tr.Source(i)
		if src == "" {
			src = "(no source)"
		}
		r := rpt.Document{Number: number(i) + 1, Source: src, Score: numfmt.Score(tr.Score(i), digits), Tokens: tr.Tokens(i), Kept: d.TokensKept,
			Fate: d.Fate.String(), Glyph: fateGlyph(d.Fate), Cut: d.Fate == pipeline.FatePartial || d.Fate == pipeline.FateSummarized}
		switch {
		case d.Fate == pipeline.FateFiltered:
			r.Why = d.FilterReason()
		case d.Duplicate != nil:
			r.DuplicateOf = number(d.Duplicate.Of) + 1
			r.Similarity = numfmt.Similarity(d.Duplicate.Similarity)
			r.Why = fmt.Sprintf("%s duplicate of #%d", d.Duplicate.Kind, r.DuplicateOf)
			if d.Duplicate.Key != "" {
				r.Why += " (same " + d.Duplicate.Key + ")"
			}
		default:
			r.Why = d.BudgetReason()
		}
		switch survival[i] {
		case core.SurvivedLost:
			r.Fate, r.Glyph, r.Kept, r.Why = "lost", "✗", 0, strings.TrimSpace(r.Why+" then lost: the assembler cut the retrieved context before it")
		case core.SurvivedCut:
			r.Fate, r.Glyph, r.Cut, r.Why = "cut", "✂", true, strings.TrimSpace(r.Why+" then cut inside by the assembler")
		}
		return r
	}
	dupsOf := map[int][]int{}
	for i := range n {
		if d := tr.Doc(i); d.Duplicate != nil && d.Duplicate.Of != i {
			dupsOf[d.Duplicate.Of] = append(dupsOf[d.Duplicate.Of], i)
		}
	}
	rows := make([]rpt.Document, 0, n)
	placed := make([]bool, n)
	var place func(i int)
	place = func(i int) {
		if placed[i] {
			return
		}
		placed[i] = true
		rows = append(rows, row(i))
		for _, dup := range dupsOf[i] {
			place(dup)
		}
	}
	for i := range n {
		if d := tr.Doc(i); d.Duplicate != nil && d.Duplicate.Of < n && d.Duplicate.Of != i && !placed[d.Duplicate.Of] {
			continue // placed after its original
		}
		place(i)
	}
	for i := range n {
		place(i) // any left: a chain the loop above skipped
	}
	return rows
}

// findingRows are the findings, worst first, as the reports word them.
func findingRows(findings []diagnose.Finding) []rpt.Finding {
	rows := make([]rpt.Finding, 0, len(findings))
	for _, f := range findings {
		row := rpt.Finding{Severity: rpt.Severity(f.Severity), Code: f.Code, Message: f.Message}
		for _, r := range f.Refs {
			row.About = append(row.About, r.Label())
		}
		rows = append(rows, row)
	}
	return rows
}

// fixRows are assemble --suggest's fixes, best first.
func fixRows(fixes []fix.Fix) []rpt.Fix {
	rows := make([]rpt.Fix, 0, len(fixes))
	for i, f := range fixes {
		p := f.Preview
		effect := fmt.Sprintf("request %s → %s tokens of %s max input (%s) · %s", numfmt.Thousands(p.UsedBefore), numfmt.Thousands(p.UsedAfter),
			numfmt.Thousands(p.MaxInputAfter), savedLabel(p.TokensSaved()), fitsLabel(p))
		if parts := componentChanges(p); len(parts) > 0 {
			effect += " · " + strings.Join(parts, ", ")
		}
		facts := fixFacts(f)
		row := rpt.Fix{Number: i + 1, Description: f.Description, Effect: effect, Fits: p.Fits, Flags: strings.Join(f.Flags, " "),
			Class: facts.Classify(), Words: facts.Words(), NoMargin: facts.NoMargin()}
		for _, g := range p.FindingsGone {
			row.Clears = append(row.Clears, rpt.PlainAbout(fix.FindingAbout(g)))
		}
		for _, g := range p.FindingsAppeared {
			row.Raises = append(row.Raises, g.Code+": "+g.Message)
		}
		rows = append(rows, row)
	}
	return rows
}

// linkFixes lists under each finding the fixes that clear it.
func linkFixes(rows []rpt.Finding, findings []diagnose.Finding, fixes []fix.Fix) {
	for i, f := range findings {
		about := fix.FindingAbout(f)
		for n, c := range fixes {
			if slices.ContainsFunc(c.Preview.FindingsGone, func(g diagnose.Finding) bool { return g.Code == f.Code && fix.FindingAbout(g) == about }) {
				rows[i].Fixes = append(rows[i].Fixes, n+1)
			}
		}
	}
}

// spaceTopShared is how many items the shared reports rank.
const spaceTopShared = 15

// spaceRows ranks what takes the space, largest first, and says of what
// the shares are.
func spaceRows(ev *core.Evaluation) ([]rpt.SpaceItem, string) {
	items := ev.Space()
	a := ev.Assembly
	of := fmt.Sprintf("shares of the %s-token max input", numfmt.Thousands(a.MaxInput))
	if a.MaxInput <= 0 {
		of = fmt.Sprintf("shares of the %s-token window; the reserve leaves no input room", numfmt.Thousands(a.Window))
	}
	if len(items) > spaceTopShared {
		of = fmt.Sprintf("top %d of %s · %s", spaceTopShared, numfmt.Thousands(len(items)), of)
		items = items[:spaceTopShared]
	}
	rows := make([]rpt.SpaceItem, 0, len(items))
	for i, it := range items {
		share := it.ShareOfInput
		if a.MaxInput <= 0 {
			share = it.ShareOfWindow
		}
		row := rpt.SpaceItem{Rank: i + 1, What: it.Name(), Kind: core.SpaceKindWords(it.Kind), Tokens: it.Tokens, Share: share, ShareText: sharePct(share)}
		if it.Cut > 0 {
			row.Note = numfmt.Thousands(it.Cut) + " cut to fit its allocation"
		}
		rows = append(rows, row)
	}
	return rows, of
}

// buildReportModel is a pipeline build's report: no request is
// assembled, so the verdict is the block against its budget.
func buildReportModel(in buildInput, res *pipeline.Result) *rpt.Report {
	tr := res.Trace
	c := tr.Counts
	inBlock := c.Included + c.Partial + c.Summarized
	r := &rpt.Report{Command: "build", Title: displayPath(in.docsPath) + " (" + in.docFormat + ")", FindingsChecked: true,
		Settings: []string{in.tokenizerLabel(), "budget " + numfmt.Thousands(in.opts.Budget), string(in.opts.BudgetMode) + " mode"}}
	r.Verdict = rpt.Verdict{OK: true, Line: fmt.Sprintf("%s of %s in the context block: %s of %s budget tokens (%.1f%%).",
		numfmt.Thousands(inBlock), numfmt.Count(c.Input, "document", "documents"), numfmt.Thousands(res.TokensUsed), numfmt.Thousands(res.TokensBudget), res.UtilizationPct)}
	if len(in.findings) > 0 {
		r.Verdict.Worst, r.Verdict.WorstSeverity = in.findings[0].Message, rpt.Severity(in.findings[0].Severity)
		r.Verdict.OK = in.findings[0].Severity != diagnose.SeverityError
	}
	r.Funnel = funnelOf(tr, inBlock)
	r.Funnel[len(r.Funnel)-1].Words = numfmt.Count(inBlock, "document in the block", "documents in the block")
	r.Documents = documentRows(tr, func(i int) int { return i }, nil)
	r.Findings = findingRows(in.findings)
	return r
}

// evalModel is an eval run's aggregate and per-query table, as the text
// report words them.
func evalModel(files evalinput.Files, set *evalrun.Set, rep *evalrun.Report) *rpt.Eval {
	agg := rep.Aggregate
	e := &rpt.Eval{Run: relativePath(files.Run), Judged: set.Judged, BlockRecall: rep.AssemblerCut}
	e.Summary = fmt.Sprintf("%s of %s: %s retrieved, each query's context built under a %s-token budget (%s).",
		numfmt.Count(agg.Queries, "query", "queries"), relativePath(files.Run), numfmt.Count(agg.DocumentsRetrieved, "document", "documents"),
		numfmt.Thousands(rep.Settings.Budget.RetrievedContext), rep.Settings.Pipeline.Tokenizer.Name())
	switch {
	case !set.Judged:
		e.Aggregate = append(e.Aggregate, rpt.Figure{Label: "Context recall", Value: "not measured: no judgments given (--qrels)"})
	case agg.QueriesWithRelevant == 0:
		e.Aggregate = append(e.Aggregate, rpt.Figure{Label: "Context recall", Value: "not measured: no query retrieved a document judged relevant"})
	default:
		e.Aggregate = append(e.Aggregate,
			rpt.Figure{Label: "Context recall", Value: fmt.Sprintf("%.2f, the mean over %s with a relevant document retrieved; %s sent every one",
				agg.ContextRecall, numfmt.Count(agg.QueriesWithRelevant, "query", "queries"), numfmt.Thousands(agg.QueriesFullRecall))})
		if rep.AssemblerCut {
			e.Aggregate = append(e.Aggregate, rpt.Figure{Label: "Block recall", Value: fmt.Sprintf("%.2f, in the pipeline's blocks before the assembler's cut", agg.BlockRecall)})
		}
		e.Aggregate = append(e.Aggregate, rpt.Figure{Label: "Relevant documents", Value: relevantWords(agg)})
	}
	e.Aggregate = append(e.Aggregate,
		rpt.Figure{Label: "Documents", Value: fmt.Sprintf("%s retrieved, %s", numfmt.Thousands(agg.DocumentsRetrieved), documentsWords(agg))},
		rpt.Figure{Label: "Tokens used", Value: fmt.Sprintf("%s in all, %s per query on average", numfmt.Thousands(agg.TokensUsed), numfmt.Thousands(int(agg.MeanTokensUsed()+0.5)))},
		rpt.Figure{Label: "Budget", Value: evalBudgetWords(agg, rep.Settings)})
	for i := range rep.Queries {
		q := &rep.Queries[i]
		row := rpt.Query{QID: q.QID, InContext: fmt.Sprintf("%s of %s, %s sent", numfmt.Thousands(len(q.Included)), numfmt.Thousands(q.Retrieved), numfmt.Thousands(q.Sent)),
			Duplicates: q.DuplicatesRemoved, Tokens: q.TokensUsed, Recall: "none", Relevant: "no relevant retrieved"}
		if q.HasRecall() {
			row.Recall = fmt.Sprintf("%.2f", q.ContextRecall())
			if rep.AssemblerCut {
				row.BlockRecall = fmt.Sprintf("%.2f", q.BlockRecall())
			}
			row.Relevant = fmt.Sprintf("%s of %s", numfmt.Thousands(q.RelevantSent), numfmt.Thousands(q.RelevantRetrieved))
		}
		var lost []string
		for _, stage := range evalrun.LostStages {
			for _, id := range q.Lost[stage] {
				lost = append(lost, id+" ("+string(stage)+")")
			}
		}
		row.Lost = strings.Join(lost, ", ")
		e.Queries = append(e.Queries, row)
	}
	if set.Judged {
		zero, none := recallOutliers(rep)
		if len(zero) > 0 || len(none) > 0 {
			var words []string
			if len(zero) > 0 {
				words = append(words, fmt.Sprintf("%s no relevant document reaches the context: %s", numfmt.Count(len(zero), "query where", "queries where"), strings.Join(zero, ", ")))
			}
			if len(none) > 0 {
				words = append(words, fmt.Sprintf("%s no document judged relevant was retrieved, a matter for retrieval, not for the context: %s", numfmt.Count(len(none), "query where", "queries where"), strings.Join(none, ", ")))
			}
			e.Aggregate = append([]rpt.Figure{{Label: "Look at first", Value: strings.Join(words, "; ")}}, e.Aggregate...)
		}
		// The queries that need a look first: the lowest recall, then
		// those with nothing relevant retrieved, then those that kept
		// every relevant document; input order within each.
		key := func(q rpt.Query) float64 {
			v, err := strconv.ParseFloat(q.Recall, 64)
			switch {
			case err != nil:
				return 0.9999 // nothing relevant retrieved
			case v >= 1:
				return 2
			}
			return v
		}
		slices.SortStableFunc(e.Queries, func(a, b rpt.Query) int { return cmpFloat(key(a), key(b)) })
	}
	return e
}

// recallOutliers are the queries that kept none of their relevant
// documents, and those that retrieved none, in input order.
func recallOutliers(rep *evalrun.Report) (zero, none []string) {
	for i := range rep.Queries {
		q := &rep.Queries[i]
		switch {
		case !q.HasRecall():
			none = append(none, q.QID)
		case q.ContextRecall() == 0:
			zero = append(zero, q.QID)
		}
	}
	return zero, none
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// evalVerdict is an eval run's first line.
func evalVerdict(e *rpt.Eval, rep *evalrun.Report, judged bool) rpt.Verdict {
	agg := rep.Aggregate
	if !judged || agg.QueriesWithRelevant == 0 {
		return rpt.Verdict{OK: true, Line: fmt.Sprintf("%s evaluated: %s of %s documents reach the context; recall not measured.",
			numfmt.Count(agg.Queries, "query", "queries"), numfmt.Thousands(agg.DocumentsInContext), numfmt.Thousands(agg.DocumentsRetrieved))}
	}
	v := rpt.Verdict{OK: true, Line: fmt.Sprintf("Context recall %.2f over %s: %s of %s relevant documents reach the context, %s lost%s.",
		agg.ContextRecall, numfmt.Count(agg.QueriesWithRelevant, "query", "queries"), numfmt.Thousands(agg.RelevantSent),
		numfmt.Thousands(agg.RelevantRetrieved), numfmt.Thousands(agg.RelevantLostTotal()), lostByStage(agg.RelevantLost))}
	// A relevant document lost misleads no request the way a finding
	// does, but it is what the run is for: the verdict says it as a
	// warning, and names the queries that kept none, else the query
	// that lost the most.
	if zero, _ := recallOutliers(rep); len(zero) > 0 {
		v.Worst, v.WorstSeverity = fmt.Sprintf("%s kept none of their relevant documents: %s.", numfmt.Count(len(zero), "query", "queries"), strings.Join(zero, ", ")), "warning"
		if len(zero) == 1 {
			v.Worst = "query " + zero[0] + " kept none of its relevant documents."
		}
		v.Impact = "For these questions the model answers without the document that holds the answer: expect a guess or a refusal."
		return v
	}
	worst := -1
	for i := range rep.Queries {
		if n := len(rep.Queries[i].Lost); n > 0 && (worst < 0 || lostCount(rep.Queries[i]) > lostCount(rep.Queries[worst])) {
			worst = i
		}
	}
	if worst >= 0 {
		q := e.Queries[worst]
		v.Worst, v.WorstSeverity = fmt.Sprintf("query %s lost the most relevant documents: %s.", q.QID, q.Lost), "warning"
	}
	return v
}

// lostCount is how many relevant documents a query lost.
func lostCount(q evalrun.QueryResult) int {
	n := 0
	for _, ids := range q.Lost {
		n += len(ids)
	}
	return n
}

// comparisonModel is ctxlab diff's comparison.
func comparisonModel(baseline, current diffSide, input string, c core.Comparison, costs diffCosts) *rpt.Comparison {
	rc := &rpt.Comparison{Baseline: baseline.label, Current: current.label, Input: input, Same: c.Same(),
		Request: fmt.Sprintf("%s → %s tokens of %s max input (%s) · %s", numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter),
			maxInputText(c.MaxInputAfter), savedLabel(c.TokensSaved()), fitsLabel(c.Preview)),
		Utilization: pct(c.UtilizationBefore) + " → " + pct(c.UtilizationAfter),
		Cost:        core.CostChangeWords(costs.before, costs.after)}
	for _, ch := range c.Settings {
		rc.Settings = append(rc.Settings, rpt.SettingChange{Label: ch.Knob.Label, Flag: "--" + ch.Knob.Flag, Before: ch.Knob.ShowValue(ch.Before), After: ch.Knob.ShowValue(ch.After)})
	}
	rc.Inputs = diffInputs(baseline, current)
	for _, d := range c.Components {
		if d.UsedBefore == d.UsedAfter && d.AllocatedBefore == d.AllocatedAfter {
			continue
		}
		cc := rpt.ComponentChange{Name: window.ComponentWords(d.Name), Before: d.UsedBefore, After: d.UsedAfter, Change: signed(d.UsedAfter - d.UsedBefore)}
		if d.AllocatedBefore != d.AllocatedAfter {
			cc.AllocationChange = numfmt.Thousands(d.AllocatedBefore) + " → " + numfmt.Thousands(d.AllocatedAfter)
		}
		rc.Components = append(rc.Components, cc)
	}
	scores := make([]float64, len(c.Documents))
	for i, d := range c.Documents {
		scores[i] = d.Score
	}
	digits := numfmt.Decimals(scores, 2, 5)
	for _, d := range c.Documents {
		rc.Documents = append(rc.Documents, rpt.DocumentChange{Kind: string(d.Kind()), Number: d.Index + 1, Source: d.Source, Score: numfmt.Score(d.Score, digits), Words: documentChangeWords(d)})
	}
	rc.Appeared = findingRows(c.FindingsAppeared)
	rc.Gone = findingRows(c.FindingsGone)
	return rc
}

// diffVerdict is ctxlab diff's first line.
func diffVerdict(c core.Comparison) rpt.Verdict {
	if c.Same() {
		return rpt.Verdict{OK: true, Line: "The two requests are the same: every document, component, finding and line of text."}
	}
	v := rpt.Verdict{OK: c.Fits, Line: fmt.Sprintf("%s → %s tokens (%s) · %s · %s changed, %s appeared, %s went away.",
		numfmt.Thousands(c.UsedBefore), numfmt.Thousands(c.UsedAfter), savedLabel(c.TokensSaved()), fitsLabel(c.Preview),
		numfmt.Count(len(c.Documents), "document", "documents"), numfmt.Count(len(c.FindingsAppeared), "finding", "findings"), numfmt.Thousands(len(c.FindingsGone)))}
	if len(c.FindingsAppeared) > 0 {
		v.Worst, v.WorstSeverity = c.FindingsAppeared[0].Message, rpt.Severity(c.FindingsAppeared[0].Severity)
	}
	return v
}

// evalReportModel is ctxlab eval's report of one run.
func evalReportModel(files evalinput.Files, set *evalrun.Set, rep *evalrun.Report) (*rpt.Report, error) {
	e := evalModel(files, set, rep)
	var err error
	if e.Change, err = evalChangeWords(context.Background(), files, set, rep); err != nil {
		return nil, err
	}
	// The verdict says it; the eval section, which follows, does not
	// again.
	v := evalVerdict(e, rep, set.Judged)
	v.Choice, e.Change = e.Change, ""
	return &rpt.Report{Command: "eval", Title: e.Run, Verdict: v, Eval: e,
		Settings: []string{"budget " + numfmt.Thousands(rep.Settings.Budget.RetrievedContext), "tokenizer " + rep.Settings.Pipeline.Tokenizer.Name()}}, nil
}

// diffReportModel is ctxlab diff's report: the comparison, after its
// verdict.
func diffReportModel(baseline, current diffSide, input string, c core.Comparison, costs diffCosts) *rpt.Report {
	title := baseline.label + " → " + current.label
	if input != "" {
		title += " · " + input
	}
	return &rpt.Report{Command: "diff", Title: title, Verdict: diffVerdict(c), Comparison: comparisonModel(baseline, current, input, c, costs)}
}

// evalBudgetWords says in plain words what the retrieved-context budget
// did to a run's queries and what to change: the report's reader may not
// know that the reference budget leaves the citation headers uncounted.
func evalBudgetWords(agg evalrun.Figures, set core.Settings) string {
	budget := set.Budget.RetrievedContext
	w := fmt.Sprintf("%s of %s had documents left out or cut to fit the %s-token budget for retrieved context",
		numfmt.Thousands(agg.Truncated), numfmt.Count(agg.Queries, "query", "queries"), numfmt.Thousands(budget))
	if agg.Truncated == 0 {
		w = fmt.Sprintf("No query had a document left out or cut by the %s-token budget for retrieved context", numfmt.Thousands(budget))
	}
	if agg.OverBudget == 0 {
		return w + "."
	}
	who := numfmt.Count(agg.OverBudget, "query sends", "queries send")
	if agg.OverBudget == agg.Queries {
		who = "Every query sends"
	}
	w += fmt.Sprintf(". %s more than the budget (%s tokens a query on average)", who, numfmt.Thousands(int(agg.MeanTokensUsed()+0.5)))
	if set.Pipeline.BudgetMode == pipeline.BudgetStrict {
		return w + "."
	}
	return w + ": the budget counts only the documents' own text, not the citation header put before each one. " +
		"To keep every query within its budget, add --budget-mode strict (fewer documents then fit); to fit more documents, raise --rag-budget."
}
