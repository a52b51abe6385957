// Package markdown writes a report as GitHub-flavoured Markdown for a CI
// job summary or a pull-request comment: the verdict in one line first,
// then tables, the long ones folded in <details>. Every text from input
// is escaped for both Markdown and HTML, so a document's name cannot
// break a table, open a tag, mention someone or link an issue.
package markdown

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"ctxlab/cli/report"
	"ctxlab/internal/numfmt"
)

// maxRows bounds a long table (documents, queries, space): a job summary
// holds at most 1 MiB.
const maxRows = 200

// maxCellRunes bounds one cell of input text.
const maxCellRunes = 160

// Write writes r as Markdown to w.
func Write(w io.Writer, r *report.Report) error {
	b := bufio.NewWriter(w)
	m := &writer{b: b}
	m.verdict(r)
	m.window(r)
	m.cost(r.Cost)
	m.findings(r)
	m.fixes(r)
	m.funnel(r)
	m.space(r)
	m.comparison(r.Comparison)
	m.eval(r.Eval)
	m.trajectory(r.Trajectory)
	m.glossary(r)
	return b.Flush()
}

type writer struct {
	b *bufio.Writer
}

func (m *writer) f(format string, args ...any) { fmt.Fprintf(m.b, format, args...) }

// Escape makes input text inert in Markdown and HTML: one line, no
// character that opens a tag, an entity, emphasis, a code span, a link,
// a table cell, a mention or an issue reference. The text never starts a
// line (it follows a table's pipe or a fixed word), so the characters
// that only mean something there (-, +, =, a number's dot) are left be.
func Escape(s string) string {
	s = report.Clean(s, 0, false)
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '|':
			b.WriteString("&#124;")
		case '`':
			b.WriteString("&#96;")
		case '@':
			b.WriteString("&#64;")
		case '#':
			b.WriteString("&#35;")
		case '\\', '*', '_', '[', ']', '~':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n', '\r':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// e is Escape, shorter for the many cells.
func e(s string) string { return Escape(s) }

// name is a name from input (a source, a query id) escaped and cut to
// maxCellRunes: a source may be as long as a document.
func name(s string) string { return Escape(report.Clean(s, maxCellRunes, false)) }

func severityMark(s report.Severity) string {
	switch s {
	case "error":
		return "▲ error"
	case "warning":
		return "! warning"
	}
	return "· info"
}

func (m *writer) verdict(r *report.Report) {
	mark := "✓"
	switch {
	case !r.Verdict.OK:
		mark = "▲"
	case r.Verdict.WorstSeverity == "warning":
		mark = "!"
	}
	m.f("### %s %s\n\n", mark, e(r.Verdict.Line))
	if r.Verdict.Choice != "" {
		m.f("**What to change:** %s\n\n", e(r.Verdict.Choice))
	}
	if r.Verdict.Impact != "" {
		m.f("**What it means:** %s\n\n", e(r.Verdict.Impact))
	}
	if r.Verdict.Worst != "" {
		label := "Worst finding"
		if r.Eval != nil && r.Window == nil {
			label = "Look at first"
		}
		m.f("**%s** (%s): %s\n\n", label, severityMark(r.Verdict.WorstSeverity), e(r.Verdict.Worst))
	}
	if r.Verdict.Largest != "" {
		m.f("**What makes it so big:** %s\n\n", e(r.Verdict.Largest))
	}
	if v := r.VerdictFix(); v != nil {
		best := v.Best
		if best.SendsSameIf != "" {
			m.f("**If %s**, nothing needs to change (fix %d: <code>%s</code>).", e(best.SendsSameIf), best.Number, e(best.Flags))
			if o := v.Otherwise; o != nil {
				m.f(" **Otherwise**, the best fix that changes what is sent (fix %d, %s): %s Apply: <code>%s</code>", o.Number, e(o.Words), e(o.Description), e(o.Flags))
			}
			m.f("\n\n")
		} else {
			m.f("**Best fix** (%s): %s Apply: <code>%s</code>\n\n", e(best.Words), e(best.Description), e(best.Flags))
		}
		if len(r.Combos) > 0 {
			c := r.Combos[0]
			m.f("**Together with it** (measured), fix %d + fix %d %s. Apply both: <code>%s</code>\n\n", c.Numbers[0], c.Numbers[1], e(c.Words), e(c.Flags))
		}
	}
	if r.Verdict.Cost != "" {
		m.f("**What it costs:** %s\n\n", e(r.Verdict.Cost))
	}
	m.f("<sub>ctxlab %s · %s", e(r.Command), name(r.Title))
	if len(r.Settings) > 0 {
		m.f(" · %s", e(strings.Join(r.Settings, " · ")))
	}
	m.f("</sub>\n\n")
	for _, note := range r.Notes {
		m.f("> note: %s\n\n", e(note))
	}
}

func (m *writer) window(r *report.Report) {
	if w := r.Window; w != nil {
		fit := "fits"
		if !w.Fits {
			fit = "**does not fit**: over by " + numfmt.Thousands(w.Used-max(w.MaxInput, 0))
		}
		m.f("| used | max input | window | reserve | utilization | |\n|---:|---:|---:|---:|---:|---|\n")
		m.f("| %s | %s | %s | %s | %.1f%% | %s |\n\n", numfmt.Thousands(w.Used), numfmt.Thousands(w.MaxInput), numfmt.Thousands(w.Window), numfmt.Thousands(w.Reserve), w.Utilization*100, fit)
	}
	if len(r.Components) == 0 {
		return
	}
	m.f("| component | used | allocated | raw | notes |\n|---|---:|---:|---:|---|\n")
	for _, c := range r.Components {
		alloc := "–"
		if c.HasAllocation {
			alloc = numfmt.Thousands(c.Allocated)
		}
		// The marks and the component's note are separate notes: one
		// cell says them apart ("▲ over by 1,541; measured as sent: ...").
		var notes []string
		if c.Cut {
			notes = append(notes, "✂ cut")
		}
		if c.Over > 0 {
			notes = append(notes, "▲ over by "+numfmt.Thousands(c.Over))
		}
		if c.Note != "" {
			notes = append(notes, e(c.Note))
		}
		m.f("| %s | %s | %s | %s | %s |\n", e(c.Name), numfmt.Thousands(c.Used), alloc, numfmt.Thousands(c.Raw), strings.Join(notes, "; "))
	}
	m.f("\n")
}

// cost is the request priced, in the lines assemble's Cost prints.
func (m *writer) cost(c *report.Cost) {
	if c == nil {
		return
	}
	m.f("#### Cost\n\n%s\n\n", e(c.Heading))
	for _, line := range c.Lines {
		m.f("- %s\n", e(line))
	}
	if len(c.Lines) > 0 {
		m.f("\n")
	}
}

func (m *writer) findings(r *report.Report) {
	if !r.FindingsChecked {
		return
	}
	if len(r.Findings) == 0 {
		m.f("**Findings:** none: nothing was cut, lost or estimated.\n\n")
		return
	}
	m.findingTable(fmt.Sprintf("Findings (%d)", len(r.Findings)), r.Findings, r.FixesAsked)
}

func (m *writer) findingTable(title string, findings []report.Finding, fixes bool) {
	m.f("**%s**\n\n", title)
	if fixes {
		m.f("| severity | code | finding | about | fixed by |\n|---|---|---|---|---|\n")
	} else {
		m.f("| severity | code | finding | about |\n|---|---|---|---|\n")
	}
	for _, f := range findings {
		m.f("| %s | %s | %s | %s |", severityMark(f.Severity), e(f.Code), e(headed(f)), e(strings.Join(f.About, ", ")))
		if fixes {
			words := make([]string, len(f.Fixes))
			for i, n := range f.Fixes {
				words[i] = fmt.Sprintf("fix %d", n)
			}
			m.f(" %s |", strings.Join(words, ", "))
		}
		m.f("\n")
	}
	m.f("\n")
}

func (m *writer) fixes(r *report.Report) {
	if !r.FixesAsked {
		return
	}
	m.f("<details><summary>Fixes (%d, best first): each measured alone; add a fix's flags to the same command</summary>\n\n", len(r.Fixes))
	if len(r.Fixes) == 0 {
		m.f("None: no change of settings helps this request.\n")
	}
	for _, g := range report.GroupFixes(r.Fixes) {
		m.f("**%s**\n\n", e(g.Title))
		for _, x := range g.Fixes {
			m.f("%d. %s<br>%s<br>%s<br>apply: <code>%s</code>\n", x.Number, e(x.Description), e(x.Words), e(x.Effect), e(x.Flags))
		}
		m.f("\n")
	}
	if len(r.Alternatives) > 0 || len(r.Combos) > 0 {
		m.f("**Combining fixes**\n\n")
		for _, a := range r.Alternatives {
			m.f("- %s\n", e(a))
		}
		for _, c := range r.Combos {
			nums := make([]string, len(c.Numbers))
			for i, n := range c.Numbers {
				nums[i] = fmt.Sprintf("fix %d", n)
			}
			m.f("- measured together, %s: %s<br>%s<br>apply both: <code>%s</code>\n", strings.Join(nums, " + "), e(c.Words), e(c.Effect), e(c.Flags))
		}
		m.f("\n")
	}
	m.f("\n</details>\n\n")
}

func (m *writer) funnel(r *report.Report) {
	if len(r.Funnel) == 0 {
		return
	}
	m.f("| stage | documents left | removed | what it did |\n|---|---:|---:|---|\n")
	for _, s := range r.Funnel {
		removed := ""
		if s.Removed > 0 {
			removed = "−" + numfmt.Thousands(s.Removed)
		}
		m.f("| %s | %s | %s | %s |\n", e(s.Name), numfmt.Thousands(s.Left), removed, e(s.Words))
	}
	m.f("\n")
	if len(r.Documents) == 0 {
		return
	}
	m.f("<details><summary>Documents (%d): ✓ included · ✂ cut · Σ summarized · ✗ over budget · ≈ duplicate, beside its original · · filtered</summary>\n\n", len(r.Documents))
	m.f("| # | fate | source | score | tokens | sent | similarity | why |\n|---:|---|---|---:|---:|---:|---:|---|\n")
	for i, d := range r.Documents {
		if i == maxRows {
			m.f("\nand %s more documents.\n", numfmt.Thousands(len(r.Documents)-maxRows))
			break
		}
		src := name(d.Source)
		if d.DuplicateOf != 0 {
			src = "↳ " + src
		}
		m.f("| %d | %s %s | %s | %s | %s | %s | %s | %s |\n", d.Number, d.Glyph, e(d.Fate), src, e(d.Score), numfmt.Thousands(d.Tokens), numfmt.Thousands(d.Kept), e(d.Similarity), e(report.PlainWhy(d.Why)))
	}
	m.f("\n</details>\n\n")
}

func (m *writer) space(r *report.Report) {
	if len(r.Space) == 0 {
		return
	}
	m.f("<details><summary>What takes the space (%s)</summary>\n\n", e(r.SpaceOf))
	m.f("| rank | what | kind | tokens | share | notes |\n|---:|---|---|---:|---:|---|\n")
	for _, it := range r.Space {
		m.f("| %d | %s | %s | %s | %s | %s |\n", it.Rank, name(it.What), e(it.Kind), numfmt.Thousands(it.Tokens), e(it.ShareText), e(it.Note))
	}
	m.f("\n</details>\n\n")
}

func (m *writer) comparison(c *report.Comparison) {
	if c == nil {
		return
	}
	m.f("**Compared with the baseline** %s → %s", e(c.Baseline), e(c.Current))
	if c.Input != "" {
		m.f(" · input %s", e(c.Input))
	}
	m.f("\n\n")
	if c.Same {
		m.f("The two requests are the same.\n\n")
		return
	}
	m.f("Request: %s · utilization %s · cost: %s\n\n", e(c.Request), e(c.Utilization), e(c.Cost))
	if len(c.Settings) > 0 {
		m.f("| setting | flag | baseline | current |\n|---|---|---|---|\n")
		for _, s := range c.Settings {
			m.f("| %s | <code>%s</code> | %s | %s |\n", e(s.Label), e(s.Flag), e(s.Before), e(s.After))
		}
		m.f("\n")
	}
	if len(c.Inputs) > 0 {
		m.f("| input that differs | baseline → current |\n|---|---|\n")
		for _, in := range c.Inputs {
			m.f("| %s | %s |\n", e(in.What), e(in.Words))
		}
		m.f("\n")
	}
	if len(c.Components) > 0 {
		m.f("| component | baseline | current | change | allocation |\n|---|---:|---:|---:|---|\n")
		for _, d := range c.Components {
			m.f("| %s | %s | %s | %s | %s |\n", e(d.Name), numfmt.Thousands(d.Before), numfmt.Thousands(d.After), e(d.Change), e(d.AllocationChange))
		}
		m.f("\n")
	}
	if len(c.Appeared) > 0 {
		m.findingTable(fmt.Sprintf("Findings that appeared (%d)", len(c.Appeared)), c.Appeared, false)
	}
	if len(c.Gone) > 0 {
		m.findingTable(fmt.Sprintf("Findings that went away (%d)", len(c.Gone)), c.Gone, false)
	}
	if len(c.Documents) > 0 {
		m.f("<details><summary>Documents whose fate or place changed (%d)</summary>\n\n", len(c.Documents))
		m.f("| change | # | source | score | what happened |\n|---|---:|---|---:|---|\n")
		for i, d := range c.Documents {
			if i == maxRows {
				m.f("\nand %s more documents.\n", numfmt.Thousands(len(c.Documents)-maxRows))
				break
			}
			m.f("| %s | %d | %s | %s | %s |\n", e(d.Kind), d.Number, name(d.Source), e(d.Score), e(d.Words))
		}
		m.f("\n</details>\n\n")
	}
}

func (m *writer) eval(ev *report.Eval) {
	if ev == nil {
		return
	}
	m.f("%s\n\n| | |\n|---|---|\n", e(ev.Summary))
	for _, f := range ev.Aggregate {
		m.f("| %s | %s |\n", e(f.Label), e(f.Value))
	}
	if ev.Change != "" {
		m.f("\n**What to change:** %s\n", e(ev.Change))
	}
	open := ""
	if len(ev.Queries) <= report.QueriesOpen {
		open = " open"
	}
	m.f("\n<details%s><summary>Queries (%d)</summary>\n\n", open, len(ev.Queries))
	switch {
	case ev.Judged && ev.BlockRecall:
		m.f("| query | recall as sent | recall in the block | relevant in context | in context | duplicates | tokens | relevant lost |\n|---|---:|---:|---|---|---:|---:|---|\n")
	case ev.Judged:
		m.f("| query | recall as sent | relevant in context | in context | duplicates | tokens | relevant lost |\n|---|---:|---|---|---:|---:|---|\n")
	default:
		m.f("| query | in context | duplicates | tokens |\n|---|---|---:|---:|\n")
	}
	for i, q := range ev.Queries {
		if i == maxRows {
			m.f("\nand %s more queries.\n", numfmt.Thousands(len(ev.Queries)-maxRows))
			break
		}
		if ev.Judged {
			block := ""
			if ev.BlockRecall {
				block = " " + e(q.BlockRecall) + " |"
			}
			m.f("| %s | %s |%s %s | %s | %s | %s | %s |\n", name(q.QID), e(q.Recall), block, e(q.Relevant), e(q.InContext), numfmt.Thousands(q.Duplicates), numfmt.Thousands(q.Tokens), e(q.Lost))
		} else {
			m.f("| %s | %s | %s | %s |\n", name(q.QID), e(q.InContext), numfmt.Thousands(q.Duplicates), numfmt.Thousands(q.Tokens))
		}
	}
	m.f("\n</details>\n")
}

func (m *writer) trajectory(t *report.Trajectory) {
	if t == nil {
		return
	}
	m.f("**Trajectory** %s: %s, window %s · %s · prices: %s\n\n", name(t.Name), e(t.Model), numfmt.Thousands(t.Window), e(t.Cache), e(t.Prices))
	m.f("No policy is best on every count: one that sends fewer tokens leaves more of the conversation out of the model's sight. Costs count the input tokens only.\n\n")
	m.f("| policy | turns over the window | first over | peak input | input tokens | cached | cost, input only | per 1,000 trajectories, input only | removed (the most from one turn) |\n|---|---:|---:|---:|---:|---:|---:|---:|---|\n")
	for _, p := range t.Policies {
		first := "–"
		if p.FirstOverflow > 0 {
			first = "turn " + numfmt.Thousands(p.FirstOverflow)
		}
		over := numfmt.Thousands(p.OverflowTurns)
		if p.OverflowTurns > 0 {
			over = "▲ " + over
		}
		m.f("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", e(p.Label), over, first, numfmt.Thousands(p.Peak), numfmt.Thousands(p.Input),
			e(p.CachedShare), e(p.Cost), e(p.Per1000), e(p.Removed))
	}
	if t.Refused != "" {
		m.f("\n%s\n", e(t.Refused))
	}
	if t.Recorded != "" {
		m.f("\n%s\n", e(t.Recorded))
	}
	m.f("\n<details><summary>Turns (%d), as sent</summary>\n\n| turn | request sent (messages numbered from 1, the system message included) | input | cached | window | newest message |\n|---:|---|---:|---:|---|---|\n", len(t.Turns))
	for i, turn := range t.Turns {
		if i == maxRows {
			m.f("\nand %s more turns.\n", numfmt.Thousands(len(t.Turns)-maxRows))
			break
		}
		fit := "fits"
		if turn.Over {
			fit = "**▲ over**"
		}
		cached := numfmt.Thousands(turn.Cached)
		if turn.HasRecorded {
			cached += " (recorded " + numfmt.Thousands(turn.RecordedCached) + ")"
		}
		m.f("| %s | %s | %s | %s | %s | %s |\n", numfmt.Thousands(turn.Turn), name(turn.Label), numfmt.Thousands(turn.Input), cached, fit, name(turn.Newest))
	}
	m.f("\n</details>\n")
}

func (m *writer) glossary(r *report.Report) {
	terms := r.Glossary()
	if len(terms) == 0 {
		return
	}
	m.f("\n<details><summary>Words used in this report</summary>\n\n")
	for _, t := range terms {
		m.f("- **%s**: %s\n", e(t.Word), e(t.Meaning))
	}
	m.f("\n</details>\n")
}

// headed is a finding's sentence after its kind in plain words.
func headed(f report.Finding) string {
	if h := report.FindingHeading(f.Code); h != "" {
		return h + ". " + f.Message
	}
	return f.Message
}
