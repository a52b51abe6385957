package core

import (
	"strings"

	"ctxlab/internal/numfmt"
)

// changeKindWords says each kind of change as the heading of a list of
// them counts it.
var changeKindWords = map[DocumentChangeKind]string{
	ChangeIn:       "brought in",
	ChangeOut:      "dropped",
	ChangeCut:      "cut",
	ChangeRestored: "restored whole",
	ChangeMoved:    "moved",
	ChangeStage:    "still not sent but left out by another stage",
}

// DocumentChangesHeading heads a list of document changes with the count
// of each kind, in the list's order: "14 documents change: 5 brought
// in, 6 dropped, 3 still not sent but left out by another stage". The
// counts are the list's, so a reader can check one against the other.
func DocumentChangesHeading(changes []DocumentChange) string {
	counts := map[DocumentChangeKind]int{}
	for _, d := range changes {
		counts[d.Kind()]++
	}
	var parts []string
	for _, kind := range changeOrder {
		if n := counts[kind]; n > 0 {
			parts = append(parts, numfmt.Thousands(n)+" "+changeKindWords[kind])
		}
	}
	return numfmt.Count(len(changes), "document changes", "documents change") + ": " + strings.Join(parts, ", ")
}
