package main

import (
	"reflect"
	"testing"
)

func TestParagraphs(t *testing.T) {
	text := "Format: x\r\nSource: y\r\n\r\nFiles: *\n  \t\nLicense: GPL\n\n\n\nend \xff\n"
	want := []paragraph{
		{"Format: x\nSource: y", 1},
		{"Files: *", 2},
		{"License: GPL", 3},
		{"end \uFFFD", 5},
	}
	if got := paragraphs(text); !reflect.DeepEqual(got, want) {
		t.Fatalf("paragraphs:\n got %+v\nwant %+v", got, want)
	}
}

func TestPositionScoreStaysInItsRange(t *testing.T) {
	for i := range 5000 {
		if s := positionScore(i); s <= 0 || s > 1 {
			t.Fatalf("position %d: score %v outside (0, 1]", i, s)
		}
	}
}
