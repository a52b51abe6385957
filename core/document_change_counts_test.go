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
	want := "5 documents change: 2 brought in, 1 dropped, 1 cut, 1 still not sent but left out by another stage"
	if got := DocumentChangesHeading(changes); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := DocumentChangesHeading(changes[:1]); got != "1 document changes: 1 brought in" {
		t.Errorf("one change: %q", got)
	}
}
