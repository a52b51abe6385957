package core

import (
	"strings"

	"ctxlab/internal/numfmt"
)

// changeKindWords says each kind of change that changes a document's
// fate as sent as the heading of a list of them counts it.
var changeKindWords = map[DocumentChangeKind]string{
	ChangeIn:       "brought in",
	ChangeOut:      "dropped",
	ChangeCut:      "cut",
	ChangeRestored: "restored whole",
}

// ChangesFateAsSent says the document's fate as sent changed: it was sent
// whole, in part or not at all, and now is sent another of those ways. A
// document that only moved between stages (not sent either way, now left
// out by another stage; a cut copy now a synopsis) did not.
func (d DocumentChange) ChangesFateAsSent() bool { return d.Before != d.After }

// FateChanges counts a list of document changes as a reader is told
// them: AsSent, whose fate as sent changed, then the others, which only
// moved between stages: NotSent were not sent either way, SentAlike were
// sent the same way either way.
type FateChanges struct {
	AsSent, NotSent, SentAlike int
}

// CountFateChanges counts changes (see FateChanges).
func CountFateChanges(changes []DocumentChange) FateChanges {
	var c FateChanges
	for _, d := range changes {
		switch {
		case d.ChangesFateAsSent():
			c.AsSent++
		case d.Before == DocNotSent:
			c.NotSent++
		default:
			c.SentAlike++
		}
	}
	return c
}

// StageMoves says the changes that only moved between stages, with the
// verb given for one and for several ("moves", "move"; "moved" twice),
// after a count of those that changed fate as sent: "3 more moved
// between stages, not sent either way"; "" when there are none. more
// says "more" after the count.
func (c FateChanges) StageMoves(one, several string, more bool) string {
	var parts []string
	for _, p := range []struct {
		n    int
		tail string
	}{{c.NotSent, "not sent either way"}, {c.SentAlike, "sent the same way either way"}} {
		if p.n == 0 {
			continue
		}
		count := numfmt.Thousands(p.n)
		if more {
			count += " more"
		}
		parts = append(parts, count+" "+numfmt.Plural(p.n, one, several)+" between stages, "+p.tail)
	}
	return strings.Join(parts, "; ")
}

// DocumentChangesHeading heads a list of document changes with the count
// of those that change fate as sent, by kind in the list's order, then
// those that only move between stages: "11 documents change fate as
// sent: 5 brought in, 6 dropped; 3 more move between stages, not sent
// either way". The counts are the list's, so a reader can check one
// against the other.
func DocumentChangesHeading(changes []DocumentChange) string {
	counts := map[DocumentChangeKind]int{}
	for _, d := range changes {
		if d.ChangesFateAsSent() {
			counts[d.Kind()]++
		}
	}
	var parts []string
	for _, kind := range changeOrder {
		if n := counts[kind]; n > 0 {
			parts = append(parts, numfmt.Thousands(n)+" "+changeKindWords[kind])
		}
	}
	c := CountFateChanges(changes)
	if c.AsSent == 0 {
		return "no document changes fate as sent; " + c.StageMoves("moves", "move", false)
	}
	heading := numfmt.Count(c.AsSent, "document changes", "documents change") + " fate as sent: " + strings.Join(parts, ", ")
	if stages := c.StageMoves("moves", "move", true); stages != "" {
		heading += "; " + stages
	}
	return heading
}
