package core

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/diagnose"
	"ctxlab/core/window"
)

// Preview is what a fix would change, computed by evaluating the request
// again with the fix applied: nothing in it is an estimate of its own.
type Preview struct {
	// Components are the request's lines (the six allocations, labels and
	// framing) before and after, in the budget table's order.
	Components []ComponentDelta
	// UsedBefore and UsedAfter are the request's input tokens; the max
	// inputs differ when the fix moves the reserve or the window.
	UsedBefore, UsedAfter         int
	MaxInputBefore, MaxInputAfter int
	FitsBefore, Fits              bool
	// Documents are the retrieved documents whose fate changes.
	Documents []DocumentChange
	// FindingsAppeared are the findings the request has after the change
	// and did not have before; FindingsGone those it had and has no
	// longer. A finding is the same when its code and the rows it names
	// are (findingKey), whatever its numbers.
	FindingsAppeared, FindingsGone []diagnose.Finding
	// Loss is what the fix takes out of what is sent: the components it
	// cuts, the messages, tools and documents it drops or shortens.
	Loss Loss
	// Evaluation is the request with the fix applied, for the workbench
	// to show once the fix is applied without evaluating it again.
	Evaluation *Evaluation `json:"-"`
}

// Lossless reports that the fix cuts or drops nothing sent: it moves the
// reserve or the window, or sends more.
func (p Preview) Lossless() bool { return p.Loss.Empty() }

// SendsSame reports that the fix changes nothing sent: not a token, not a
// document; it moves only the reserve or the window the request is
// measured against. fix.Suggest ranks these first.
func (p Preview) SendsSame() bool {
	return p.Loss.Empty() && p.UsedBefore == p.UsedAfter && len(p.Documents) == 0
}

// TokensSaved is what the fix takes off the request; negative when it
// spends tokens to send more.
func (p Preview) TokensSaved() int { return p.UsedBefore - p.UsedAfter }

// DocumentsGained counts documents the fix brings into the request, less
// those it pushes out.
func (p Preview) DocumentsGained() int {
	n := 0
	for _, d := range p.Documents {
		switch {
		case d.Before == DocNotSent && d.After != DocNotSent:
			n++
		case d.Before != DocNotSent && d.After == DocNotSent:
			n--
		}
	}
	return n
}

// ComponentDelta is one line of the request before and after a fix.
type ComponentDelta struct {
	Name                            string
	AllocatedBefore, AllocatedAfter int
	UsedBefore, UsedAfter           int
}

// DocumentFate is how much of a retrieved document reaches the request.
type DocumentFate string

const (
	DocSent    DocumentFate = "sent"
	DocPartial DocumentFate = "sent in part"
	DocNotSent DocumentFate = "not sent"
)

// DocumentChange is a retrieved document whose fate a fix changes.
type DocumentChange struct {
	// Index is the document's input index (0-based; reports print #Index+1).
	Index  int
	Source string
	// Score is the document's relevance score.
	Score         float64
	Before, After DocumentFate
	// PlaceBefore and PlaceAfter are the document's citation number in
	// the retrieved context ([n], Source n), 0 when it is not there.
	PlaceBefore, PlaceAfter int
	// StageBefore and StageAfter are the builder's fates (included,
	// duplicate, excluded, ...): they tell a change of why a document
	// is not sent, when it is not sent either way.
	StageBefore, StageAfter string
}

// Transition says the change in words: "sent → not sent", or, when the
// document is not sent either way, which stage now leaves it out: "still
// not sent (now left out by the budget instead of the assembler)". That
// is no change of fate, and must not read as one.
func (d DocumentChange) Transition() string {
	if d.Before == DocNotSent && d.After == DocNotSent {
		return fmt.Sprintf("still not sent (now left out by %s instead of %s)", leftOutBy(d.StageAfter), leftOutBy(d.StageBefore))
	}
	if d.Before == d.After {
		return fmt.Sprintf("%s: %s → %s", d.Before, d.StageBefore, d.StageAfter)
	}
	return fmt.Sprintf("%s → %s", d.Before, d.After)
}

// leftOutBy names the stage that left out a document not sent, from the
// builder's fate as orWord writes it: a document the builder kept and the
// request does not carry was cut off the block by the assembler.
func leftOutBy(stage string) string {
	switch stage {
	case "excluded", "dropped":
		return "the budget"
	case "not reached":
		return "the budget's stop at the first document that did not fit"
	case "duplicate":
		return "deduplication"
	case "filtered":
		return "the filter"
	case "not retrieved":
		return "the reranker"
	}
	return "the assembler"
}

// movement is 1 for a document the fix brings in, -1 for one it pushes
// out, 0 for one it only cuts or restores in part.
func movement(d DocumentChange) int {
	switch {
	case d.Before == DocNotSent:
		return 1
	case d.After == DocNotSent:
		return -1
	}
	return 0
}

// ComparePreview is what changes from before to after: the request's
// lines and totals, the documents whose fate changed, what is lost and
// the findings that appeared or went away. A fix's preview and Compare
// are both made of it.
func ComparePreview(before, after *Evaluation) Preview {
	p := Preview{
		UsedBefore: before.Assembly.Used, UsedAfter: after.Assembly.Used,
		MaxInputBefore: before.Assembly.MaxInput, MaxInputAfter: after.Assembly.MaxInput,
		FitsBefore: before.Overflow == nil, Fits: after.Overflow == nil,
		Evaluation: after,
	}
	for _, name := range window.ComponentNames {
		if name == window.ComponentReserve {
			continue
		}
		b, _ := before.Assembly.Component(name)
		a, _ := after.Assembly.Component(name)
		p.Components = append(p.Components, ComponentDelta{Name: name,
			AllocatedBefore: b.Allocated, AllocatedAfter: a.Allocated, UsedBefore: b.Used, UsedAfter: a.Used})
	}
	p.Documents = ChangedDocuments(before, after)
	p.Loss = lossOf(before, after, p.Documents)
	p.FindingsAppeared = findingsMissing(after.Findings, before.Findings)
	p.FindingsGone = findingsMissing(before.Findings, after.Findings)
	return p
}

// ChangedDocuments is the one definition of a document that changed fate
// between two evaluations, for the fix preview and the workbench's ◆ and
// its count alike: its fate as sent (DocumentFate: sent whole, sent in
// part, which a cut copy, a synopsis and a copy the assembler cut into
// all are, or not sent) differs, or the builder's fate does (a document
// not sent either way that is now a duplicate rather than over budget).
// A partial copy cut at another length is not a change of fate. They
// come brought in first, then pushed out, then the rest, each strongest
// first: the ones a reader looks for.
func ChangedDocuments(before, after *Evaluation) []DocumentChange {
	out, ok := changedInOneDocumentSet(before, after)
	if !ok {
		out = changedInTables(before, after)
	}
	slices.SortFunc(out, func(a, b DocumentChange) int {
		return cmp.Or(cmp.Compare(movement(b), movement(a)), cmp.Compare(b.Score, a.Score), cmp.Compare(a.Index, b.Index))
	})
	return out
}

// changedInTables finds the changes through tables by input index, which
// serve any two evaluations: reranked selections, either builder.
func changedInTables(before, after *Evaluation) []DocumentChange {
	var out []DocumentChange
	n := inputSpan(before, after)
	fatesBefore, fatesAfter := documentFates(before, n), documentFates(after, n)
	stagesBefore, stagesAfter := builderFates(before, n), builderFates(after, n)
	var placesBefore, placesAfter []int // only read for a change, which most knob steps have few of
	for index, doc := range documentsSeen(n, before, after) {
		if doc == nil || (fatesBefore[index] == fatesAfter[index] && stagesBefore[index] == stagesAfter[index]) {
			continue
		}
		if placesBefore == nil {
			placesBefore, placesAfter = documentPlaces(before, fatesBefore), documentPlaces(after, fatesAfter)
		}
		out = append(out, DocumentChange{Index: index, Source: doc.Source, Score: doc.Score,
			Before: orNotSent(fatesBefore[index]), After: orNotSent(fatesAfter[index]),
			StageBefore: orWord(stagesBefore[index]), StageAfter: orWord(stagesAfter[index]),
			PlaceBefore: placesBefore[index], PlaceAfter: placesAfter[index]})
	}
	return out
}

// orNotSent: a document an evaluation did not see (reranking left it
// out) is not sent.
func orNotSent(f DocumentFate) DocumentFate {
	if f == "" {
		return DocNotSent
	}
	return f
}

func orWord(stage string) string {
	if stage == "" {
		return "not retrieved"
	}
	return strings.ReplaceAll(stage, "_", " ")
}

// NewWarnings counts the findings a preview makes appear that are
// warnings or errors: what a fix costs in trust, beside its tokens.
func (p Preview) NewWarnings() int { return countWarnings(p.FindingsAppeared) }

// WarningsGone counts the warnings and errors a preview makes go away.
func (p Preview) WarningsGone() int { return countWarnings(p.FindingsGone) }

// countWarnings counts the findings that are not mere information.
func countWarnings(findings []diagnose.Finding) int {
	n := 0
	for _, f := range findings {
		if f.Severity != diagnose.SeverityInfo {
			n++
		}
	}
	return n
}

// Clears says whether the preview makes the finding go away (the same
// code about the same rows, as Compare matches findings).
func (p Preview) Clears(f diagnose.Finding) bool {
	key := findingKey(f)
	for _, g := range p.FindingsGone {
		if findingKey(g) == key {
			return true
		}
	}
	return false
}
