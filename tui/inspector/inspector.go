package inspector

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/themes"
	"ctxlab/tui/draw"
	"ctxlab/tui/rows"
)

// Title names the selected document.
func Title(ev *core.Evaluation, doc int) string {
	if ev == nil || doc < 0 || doc >= len(ev.Documents) {
		return "Inspector"
	}
	src := ev.Documents[doc].Source
	if src == "" {
		return fmt.Sprintf("document #%d", rows.DisplayNumber(ev, doc))
	}
	return draw.Source(src)
}

// formatScore prints a score with the list's decimals (2 to 5).
func formatScore(score float64, digits int) string {
	return numfmt.Score(score, max(2, digits))
}

// Content describes one document: its fate at each stage and
// why, its counts under every tokenizer, its duplicate relations, and its
// content with shared shingles highlighted and the cut point marked.
// query is the list's filter, whose matches in the text are highlighted.
// scoreDigits is the list's score precision, so both panes print a
// score alike.
func Content(st *themes.Styles, ev *core.Evaluation, doc int, counts map[string]int, query string, width, scoreDigits int) string {
	if ev == nil || doc < 0 || doc >= len(ev.Documents) {
		return st.Muted.Render("No document selected.")
	}
	d := ev.Documents[doc]
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }

	if ev.SimpleRAG != nil {
		t := ev.SimpleRAG.Trace[doc]
		glyph, tone, headline := simpleRAGLook(t)
		glyph, tone, headline = assemblerLook(ev, doc, glyph, tone, headline)
		line("%s", tone.Style(st).Render(glyph+" "+headline))
		line("")
		stage := func(name, text string) { writeLabeled(&b, st, name, text, width) }
		stage("input", fmt.Sprintf("#%d · score %s · %s tokens", rows.DisplayNumber(ev, doc), formatScore(t.Score, scoreDigits), numfmt.Thousands(t.Tokens)))
		stage("sort", fmt.Sprintf("score rank %s of %s", numfmt.Thousands(t.Rank+1), numfmt.Thousands(len(ev.SimpleRAG.Trace))))
		if t.Reason != "" {
			stage("budget", t.Reason)
		} else {
			stage("budget", fmt.Sprintf("%s: %s tokens fit", t.Fate, numfmt.Thousands(t.Tokens)))
		}
		writeSurvival(&b, st, ev, doc, width)
		writeCounts(&b, st, counts, width)
		writeContent(&b, st, d.Content, nil, -1, query, width)
		return strings.Join(draw.Wrap(b.String(), width), "\n")
	}

	t := ev.Build.Trace.Doc(doc)
	docTokens := ev.Build.Trace.Tokens(doc)
	opts := ev.Settings.Pipeline
	glyph, tone := rows.FateLook(t.Fate)
	if t.Duplicate != nil && t.Duplicate.Kind == pipeline.DuplicateExact {
		glyph = "=" // as the list marks it
	}
	glyph, tone, headline := assemblerLook(ev, doc, glyph, tone, fateHeadline(ev, t, docTokens))
	line("%s", tone.Style(st).Render(glyph+" "+headline))
	line("")
	stage := func(name, text string) { writeLabeled(&b, st, name, text, width) }
	stage("input", fmt.Sprintf("#%d · score %s · %s tokens", rows.DisplayNumber(ev, doc), formatScore(ev.Build.Trace.Score(doc), scoreDigits), numfmt.Thousands(docTokens)))
	if t.Filtered {
		stage("filter", st.Filtered.Render("removed: "+t.FilterReason()))
	} else {
		stage("filter", fmt.Sprintf("kept: %s ≥ %s", numfmt.Thousands(docTokens), numfmt.Thousands(opts.MinDocTokens)))
		stage("sort", fmt.Sprintf("score rank %s of %s (before dedup)", numfmt.Thousands(int(t.SortedPos)+1), numfmt.Thousands(len(ev.Build.Trace.Sorted))))
		switch {
		case t.Duplicate != nil && t.Duplicate.Key != "":
			stage("dedup", st.Duplicate.UnsetStrikethrough().Render(fmt.Sprintf("same source as #%d: same %s, %s (the dedup key), so not sent twice; the texts may differ", rows.DisplayNumber(ev, t.Duplicate.Of), t.Duplicate.SharedKey(), safetext.Line(t.Duplicate.KeyValue()))))
		case t.Duplicate != nil && t.Duplicate.Kind == pipeline.DuplicateExact:
			stage("dedup", st.Duplicate.UnsetStrikethrough().Render(fmt.Sprintf("exact duplicate of #%d: same text after lowercasing and collapsing whitespace", rows.DisplayNumber(ev, t.Duplicate.Of))))
		case t.Duplicate != nil:
			stage("dedup", st.Duplicate.UnsetStrikethrough().Render(fmt.Sprintf("near duplicate of #%d: J = %s ≥ %s", rows.DisplayNumber(ev, t.Duplicate.Of), numfmt.Similarity(t.Duplicate.Similarity), strconv.FormatFloat(opts.DedupThreshold, 'f', -1, 64))))
		default:
			stage("dedup", "kept · rank "+numfmt.Thousands(int(t.PosBeforeReorder)+1)+" after dedup")
			if n := t.Nearest; n != nil {
				stage("nearest", fmt.Sprintf("#%d · J = %s, the most similar other text", rows.DisplayNumber(ev, n.Of), numfmt.Similarity(n.Similarity)))
			} else if opts.DedupThreshold >= pipeline.NearPairFloor {
				stage("nearest", fmt.Sprintf("no other text at J ≥ %.2f", pipeline.NearPairFloor))
			}
			if ev.Build.Trace.Counts.Reordered {
				stage("reorder", fmt.Sprintf("rank %s after dedup → slot %s of %s", numfmt.Thousands(int(t.PosBeforeReorder)+1), numfmt.Thousands(int(t.PosAfterReorder)+1), numfmt.Thousands(len(ev.Build.Trace.Reordered))))
			} else {
				stage("reorder", "not applied")
			}
			stage("budget", budgetLine(t, docTokens))
			writeSurvival(&b, st, ev, doc, width)
		}
	}
	writeCounts(&b, st, counts, width)
	writeRelations(&b, st, ev, doc, t, width)

	var mask []bool
	if t.Duplicate != nil && t.Duplicate.Kind == pipeline.DuplicateNear {
		mask = ev.Analysis.SharedWords(doc, t.Duplicate.Of, opts.ShingleSize)
	}
	writeContent(&b, st, d.Content, mask, t.CutAt, query, width)
	return strings.Join(draw.Wrap(b.String(), width), "\n")
}

// simpleRAGLook is the glyph, tone and headline of a fate under the
// article's RAGContextManager, as the list shows it.
func simpleRAGLook(t pipeline.SimpleRAGDocTrace) (string, rows.Tone, string) {
	switch t.Fate {
	case pipeline.SimpleRAGIncluded:
		return "✓", rows.ToneIncluded, fmt.Sprintf("included as [Source %d]", t.Citation)
	case pipeline.SimpleRAGTruncated:
		return "✂", rows.TonePartial, fmt.Sprintf("cut to fit as [Source %d]: %s of %s tokens", t.Citation, numfmt.Thousands(t.TokensKept), numfmt.Thousands(t.Tokens))
	case pipeline.SimpleRAGDropped:
		return "✗", rows.ToneExcluded, "dropped: it did not fit and 100 tokens or fewer remained"
	}
	return "✗", rows.ToneExcluded, "not reached: the manager stopped at the first chunk that did not fit"
}

// assemblerLook overrides a builder's verdict when the assembler then cut
// the retrieved context before or inside the document, so the inspector
// says what the list says: what reached the model.
func assemblerLook(ev *core.Evaluation, doc int, glyph string, tone rows.Tone, headline string) (string, rows.Tone, string) {
	switch ev.RAGSurvival[doc] {
	case core.SurvivedLost:
		return "✗", rows.ToneExcluded, headline + ", then lost: the assembler cut the retrieved context before it"
	case core.SurvivedCut:
		return "✂", rows.TonePartial, headline + ", then cut inside by the assembler"
	}
	return glyph, tone, headline
}

// writeSurvival is the assembly line of the stages: what the assembler's
// cut of the retrieved context did to a document the builder placed.
func writeSurvival(b *strings.Builder, st *themes.Styles, ev *core.Evaluation, doc, width int) {
	switch ev.RAGSurvival[doc] {
	case core.SurvivedLost:
		writeLabeled(b, st, "assembly", st.Excluded.Render("lost: the assembler cut the retrieved context to its allocation before this document"), width)
	case core.SurvivedCut:
		writeLabeled(b, st, "assembly", st.Partial.Render("cut: the assembler's cut of the retrieved context falls inside this document"), width)
	}
}

// fateHeadline is the document's fate in a line; docTokens is its count.
func fateHeadline(ev *core.Evaluation, t pipeline.DocTrace, docTokens int) string {
	switch t.Fate {
	case pipeline.FateFiltered:
		return "filtered: " + t.FilterReason()
	case pipeline.FateDuplicate:
		of := ev.Documents[t.Duplicate.Of].Source
		if t.Duplicate.Key != "" {
			return fmt.Sprintf("same %s as #%d %s", t.Duplicate.SharedKey(), rows.DisplayNumber(ev, t.Duplicate.Of), draw.Source(of))
		}
		if t.Duplicate.Kind == pipeline.DuplicateExact {
			return fmt.Sprintf("exact duplicate of #%d %s", rows.DisplayNumber(ev, t.Duplicate.Of), draw.Source(of))
		}
		return fmt.Sprintf("near duplicate of #%d %s (J=%s)", rows.DisplayNumber(ev, t.Duplicate.Of), draw.Source(of), numfmt.Similarity(t.Duplicate.Similarity))
	case pipeline.FateIncluded:
		return fmt.Sprintf("included as [%d]", t.Citation)
	case pipeline.FatePartial:
		return fmt.Sprintf("partially included as [%d]: %s of %s tokens", t.Citation, numfmt.Thousands(t.TokensKept), numfmt.Thousands(docTokens))
	case pipeline.FateSummarized:
		return fmt.Sprintf("summarized as [%d]: a %s-token synopsis", t.Citation, numfmt.Thousands(t.TokensKept))
	case pipeline.FateExcluded:
		return "excluded: over budget"
	}
	return t.Fate.String()
}

// budgetLine is what the budget did with a document of docTokens tokens.
func budgetLine(t pipeline.DocTrace, docTokens int) string {
	if t.BudgetReason() != "" {
		return t.Fate.String() + ": " + t.BudgetReason()
	}
	return fmt.Sprintf("%s: %s tokens fit", t.Fate, numfmt.Thousands(docTokens))
}

// writeLabeled writes "label   text" with the text wrapped under itself,
// not under the labels, so the column of labels stays readable.
func writeLabeled(b *strings.Builder, st *themes.Styles, label, text string, width int) {
	b.WriteString(st.Muted.Render(draw.PadRight(label, 8)) + " ")
	plain := ansi.Strip(text)
	lines := draw.HangingWrap(plain, width-9, 0)
	if len(lines) == 1 {
		b.WriteString(text + "\n") // fits: keep its styling
		return
	}
	for k, l := range lines {
		if k > 0 {
			b.WriteString(strings.Repeat(" ", 9))
		}
		b.WriteString(l + "\n")
	}
}

func writeCounts(b *strings.Builder, st *themes.Styles, counts map[string]int, width int) {
	if len(counts) == 0 {
		writeLabeled(b, st, "tokens", st.Faint.Render("counting under every tokenizer…"), width)
		return
	}
	var parts []string
	for _, name := range tokens.Names {
		parts = append(parts, fmt.Sprintf("%s %s", name, numfmt.Thousands(counts[name])))
	}
	writeLabeled(b, st, "tokens", strings.Join(parts, " · "), width)
}

// writeRelations lists the documents this one duplicates and those that
// duplicate it.
func writeRelations(b *strings.Builder, st *themes.Styles, ev *core.Evaluation, doc int, t pipeline.DocTrace, width int) {
	var by []string
	tr := &ev.Build.Trace
	for i := range tr.Len() {
		other := tr.Doc(i)
		if other.Duplicate != nil && other.Duplicate.Of == doc {
			kind := "exact"
			if k := other.Duplicate.SharedKey(); k != "" {
				kind = "same " + k
			} else if other.Duplicate.Kind == pipeline.DuplicateNear {
				kind = "near J=" + numfmt.Similarity(other.Duplicate.Similarity)
			}
			by = append(by, fmt.Sprintf("#%d (%s)", rows.DisplayNumber(ev, int(other.Index)), kind))
		}
	}
	sort.Strings(by)
	if len(by) > 0 {
		writeLabeled(b, st, "dupes", "duplicated by "+strings.Join(by, ", "), width)
	}
}

// writeContent shows the document text wrapped to width, shared shingle
// words highlighted, and a marker where a partial copy was cut.
func writeContent(b *strings.Builder, st *themes.Styles, content string, shared []bool, cutAt int, query string, width int) {
	title := "content"
	if query != "" {
		title = fmt.Sprintf("content · words matching the filter %q marked", query)
	}
	if shared != nil {
		title = "content · words in shingles shared with the kept document highlighted"
	}
	if cutAt >= 0 {
		title = "content · ✂ marks the cut: the text after it was left out"
	}
	fmt.Fprintf(b, "\n%s\n", st.Muted.Render("── "+title+" ──"))
	content, omitted := Excerpt(content, cutAt)
	text := safetext.Sanitize(content)
	if len(text) != len(content) {
		// Sanitizing moved byte offsets; show the text without marks.
		shared, cutAt = nil, -1
	}
	marked := markContent(st, text, shared, cutAt, query)
	for _, l := range draw.Wrap(marked, max(10, width)) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if omitted != "" {
		b.WriteString(st.Muted.Render(omitted))
		b.WriteByte('\n')
	}
}

// markContent styles shared words and the filter's matches, and inserts
// the cut marker. Without colour a match is also bracketed «like this»,
// since NO_COLOR leaves no styling to see it by.
func markContent(st *themes.Styles, text string, shared []bool, cutAt int, query string) string {
	if shared == nil && cutAt < 0 && query == "" {
		return text
	}
	query = strings.ToLower(query)
	spans := pipeline.WordSpans(text)
	var b strings.Builder
	pos := 0
	for w, span := range spans {
		if cutAt >= 0 && span[0] >= cutAt && pos <= cutAt {
			b.WriteString(text[pos:cutAt])
			b.WriteString(st.CutMarker.Render(" ✂ ") + " ")
			pos = cutAt
		}
		b.WriteString(text[pos:span[0]])
		word := text[span[0]:span[1]]
		switch {
		case query != "" && strings.Contains(strings.ToLower(word), query):
			if st.Mono {
				word = "«" + word + "»"
			}
			b.WriteString(st.Match.Render(word))
		case w < len(shared) && shared[w]:
			b.WriteString(st.Shingle.Render(word))
		case cutAt >= 0 && span[0] >= cutAt:
			b.WriteString(st.Faint.Render(word))
		default:
			b.WriteString(word)
		}
		pos = span[1]
	}
	b.WriteString(text[pos:])
	return b.String()
}
