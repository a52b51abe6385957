package pipeline

import (
	"fmt"
	"strconv"
)

// Fate is where a document ended up. Every input document has exactly one.
// It is one byte, not the word it is spelled as: a trace holds one per
// input document, a million of them for a large set. String, the JSON
// and the reports spell it as the words below.
type Fate uint8

const (
	// fateUndecided is a trace's fate before a stage decides it; it is
	// spelled "", as the zero value always was.
	fateUndecided Fate = iota

	FateFiltered   // too few tokens
	FateDuplicate  // exact or near duplicate of a kept document
	FateIncluded   // in the context whole
	FatePartial    // in the context cut, with " [...]"
	FateSummarized // in the context as a synopsis (its sentences that best cover the query)
	FateExcluded   // over budget
)

// fateWords are the fates' spellings, in the order of their values.
var fateWords = [...]string{
	fateUndecided:  "",
	FateFiltered:   "filtered",
	FateDuplicate:  "duplicate",
	FateIncluded:   "included",
	FatePartial:    "partial",
	FateSummarized: "summarized",
	FateExcluded:   "excluded",
}

// Fates lists every fate a stage gives, in the order of the stages.
func Fates() []Fate {
	return []Fate{FateFiltered, FateDuplicate, FateIncluded, FatePartial, FateSummarized, FateExcluded}
}

// String is the fate's word: "filtered", "duplicate", "included",
// "partial", "summarized" or "excluded".
func (f Fate) String() string {
	if int(f) < len(fateWords) {
		return fateWords[f]
	}
	return "fate " + strconv.Itoa(int(f))
}

// MarshalText makes the JSON spell a fate as its word, as it did when the
// fate was a string.
func (f Fate) MarshalText() ([]byte, error) {
	if int(f) >= len(fateWords) {
		return nil, fmt.Errorf("no such fate: %d", int(f))
	}
	return []byte(fateWords[f]), nil
}

// UnmarshalText reads a fate's word back.
func (f *Fate) UnmarshalText(text []byte) error {
	for v, word := range fateWords {
		if word == string(text) {
			*f = Fate(v)
			return nil
		}
	}
	return fmt.Errorf("%q is not a document fate; expected one of filtered, duplicate, included, partial, summarized, excluded", text)
}

// InContext reports whether a document with this fate appears in the
// context block in some form.
func (f Fate) InContext() bool {
	return f == FateIncluded || f == FatePartial || f == FateSummarized
}
