package core

import (
	"cmp"
	"slices"
	"strings"

	"ctxlab/core/diagnose"
)

// Comparison is a request against a baseline: the fix preview's diff
// (components, totals, documents whose fate changed, the findings that
// appeared or went away) widened to the documents that only moved, the
// utilization, and the request's text line by line. The workbench's
// compare view and `ctxlab diff` both render it; neither diffs anything
// of its own.
type Comparison struct {
	Preview
	// Settings are the knobs turned from the baseline to the current
	// request.
	Settings                            []SettingChange
	UtilizationBefore, UtilizationAfter float64
	// Text is the request's messages as lines, diffed (RequestLines).
	Text []TextLine
}

// DocumentChangeKind names how a document's place in the request changed.
type DocumentChangeKind string

const (
	ChangeIn       DocumentChangeKind = "in"       // not sent before, sent now
	ChangeOut      DocumentChangeKind = "out"      // sent before, not now
	ChangeCut      DocumentChangeKind = "cut"      // whole before, in part now
	ChangeRestored DocumentChangeKind = "restored" // in part before, whole now
	ChangeMoved    DocumentChangeKind = "moved"    // same fate, another place in the context
	// ChangeStage: not sent either way, but another stage left it out (the
	// pipeline kept it and the assembler dropped it, then the budget did).
	ChangeStage DocumentChangeKind = "stage"
)

// Kind says how the document changed.
func (d DocumentChange) Kind() DocumentChangeKind {
	switch {
	case d.Before == DocNotSent && d.After == DocNotSent:
		return ChangeStage
	case d.Before == DocNotSent:
		return ChangeIn
	case d.After == DocNotSent:
		return ChangeOut
	case d.Before == DocSent && d.After == DocPartial:
		return ChangeCut
	case d.Before == DocPartial && d.After == DocSent:
		return ChangeRestored
	}
	return ChangeMoved
}

// changeOrder lists the kinds as a reader looks for them: what came in,
// what went out, what was cut, then the rest.
var changeOrder = []DocumentChangeKind{ChangeIn, ChangeOut, ChangeCut, ChangeRestored, ChangeStage, ChangeMoved}

// Compare diffs two evaluations of the same input, baseline first.
func Compare(baseline, current *Evaluation) Comparison {
	c := Comparison{Preview: ComparePreview(baseline, current)}
	c.Evaluation = nil // the caller holds it; a comparison is plain values
	c.Settings = SettingsChanges(baseline.Settings, current.Settings)
	c.UtilizationBefore, c.UtilizationAfter = baseline.Assembly.Utilization, current.Assembly.Utilization

	changed := make(map[int]bool, len(c.Documents))
	for _, d := range c.Documents {
		changed[d.Index] = true
	}
	n := inputSpan(baseline, current)
	fates := documentFates(current, n)
	placesBefore, placesAfter := documentPlaces(baseline, documentFates(baseline, n)), documentPlaces(current, fates)
	for index, doc := range documentsSeen(n, baseline, current) {
		if doc != nil && !changed[index] && placesBefore[index] != placesAfter[index] {
			c.Documents = append(c.Documents, DocumentChange{Index: index, Source: doc.Source, Score: doc.Score,
				Before: fates[index], After: fates[index], PlaceBefore: placesBefore[index], PlaceAfter: placesAfter[index]})
		}
	}
	slices.SortFunc(c.Documents, func(a, b DocumentChange) int {
		return cmp.Or(cmp.Compare(slices.Index(changeOrder, a.Kind()), slices.Index(changeOrder, b.Kind())),
			cmp.Compare(b.Score, a.Score), cmp.Compare(a.Index, b.Index))
	})
	c.Text = DiffLines(RequestLines(baseline), RequestLines(current))
	return c
}

// Same reports whether nothing a reader sees differs.
func (c Comparison) Same() bool {
	if c.UsedBefore != c.UsedAfter || c.MaxInputBefore != c.MaxInputAfter || len(c.Documents) > 0 ||
		len(c.FindingsAppeared) > 0 || len(c.FindingsGone) > 0 {
		return false
	}
	for _, l := range c.Text {
		if l.Op != TextSame {
			return false
		}
	}
	return true
}

// findingsMissing are the findings of from that other does not have.
func findingsMissing(from, other []diagnose.Finding) []diagnose.Finding {
	have := make(map[string]bool, len(other))
	for _, f := range other {
		have[findingKey(f)] = true
	}
	var missing []diagnose.Finding
	for _, f := range from {
		if !have[findingKey(f)] {
			missing = append(missing, f)
		}
	}
	return missing
}

// findingKey identifies a finding across two requests: its message holds
// numbers that move with any setting, its code and the rows it is about
// do not. Those rows are its first ref (the component, the strongest
// document lost), or its first two for a finding about a pair of
// documents, in either order; the refs after them list rows that move
// with the settings (the documents a cut lost), so a finding that only
// lists other rows is the same finding.
func findingKey(f diagnose.Finding) string {
	refs := f.Refs[:min(len(f.Refs), identifyingRefs(f.Code))]
	labels := make([]string, len(refs))
	for i, r := range refs {
		labels[i] = string(r.Kind) + ":" + r.Name + ":" + r.Label()
	}
	slices.Sort(labels)
	return f.Code + "|" + strings.Join(labels, "|")
}

// identifyingRefs is how many of a finding's refs say what it is about.
func identifyingRefs(code string) int {
	switch code {
	case diagnose.CodeWeakerCopySent, diagnose.CodeConflictingNearDuplicate, diagnose.CodeConflictingTextsSent:
		return 2
	}
	return 1
}
