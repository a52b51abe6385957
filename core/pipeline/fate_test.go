package pipeline

import (
	"encoding/json"
	"testing"
)

// A fate is a byte in memory and its word everywhere else: the JSON of a
// fate, alone or as a map key, is the string it was when Fate was one.
func TestFateIsSpelledAsItsWord(t *testing.T) {
	words := map[Fate]string{
		FateFiltered: "filtered", FateDuplicate: "duplicate", FateIncluded: "included",
		FatePartial: "partial", FateSummarized: "summarized", FateExcluded: "excluded",
	}
	if len(Fates()) != len(words) || len(fateWords) != len(words)+1 {
		t.Fatalf("Fates() has %d fates and fateWords %d words; the test knows %d fates", len(Fates()), len(fateWords), len(words))
	}
	for _, f := range Fates() {
		if f.String() != words[f] {
			t.Errorf("fate %d is spelled %q, want %q", int(f), f.String(), words[f])
		}
		data, err := json.Marshal(struct {
			Fate  Fate         `json:"fate"`
			Count map[Fate]int `json:"count"`
		}{f, map[Fate]int{f: 1}})
		if err != nil {
			t.Fatal(err)
		}
		if want := `{"fate":"` + words[f] + `","count":{"` + words[f] + `":1}}`; string(data) != want {
			t.Errorf("JSON %s, want %s", data, want)
		}
		var back Fate
		if err := back.UnmarshalText([]byte(words[f])); err != nil || back != f {
			t.Errorf("%q read back as %v (%v)", words[f], back, err)
		}
	}
	if fateUndecided.String() != "" {
		t.Errorf("an undecided fate is spelled %q, want the empty string the zero value always was", fateUndecided.String())
	}
	var bad Fate
	if err := bad.UnmarshalText([]byte("lost")); err == nil {
		t.Error(`"lost" was read as a fate`)
	}
}
