package core

import "testing"

func TestDocumentChangesHeadingCountsEachKindAsTheListDoes(t *testing.T) {
	changes := []DocumentChange{
		{Before: DocNotSent, After: DocSent},
		{Before: DocNotSent, After: DocPartial},
		{Before: DocSent, After: DocNotSent},
		{Before: DocNotSent, After: DocNotSent},
		{Before: DocSent, After: DocPartial},
	}
	want := "4 documents change fate as sent: 2 brought in, 1 dropped, 1 cut; 1 more moves between stages, not sent either way"
	if got := DocumentChangesHeading(changes); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := DocumentChangesHeading(changes[:1]); got != "1 document changes fate as sent: 1 brought in" {
		t.Errorf("one change: %q", got)
	}
	if c := CountFateChanges(append(changes, DocumentChange{Before: DocPartial, After: DocPartial})); c != (FateChanges{AsSent: 4, NotSent: 1, SentAlike: 1}) {
		t.Errorf("counts %+v", c)
	}
	if got := DocumentChangesHeading(changes[3:4]); got != "no document changes fate as sent; 1 moves between stages, not sent either way" {
		t.Errorf("a stage move alone: %q", got)
	}
}
