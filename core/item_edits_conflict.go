package core

// itemEditConflict refuses two edits of one item: the same item dropped
// twice, cut twice, or dropped and cut. Both were applied, the second to
// what the first left, and each was reported as a removal of its own.
// The refusal names the first edit as its knob's, the second beside it.
func itemEditConflict(s Settings) *KnobError {
	type given struct {
		knob  *Knob
		item  int
		value string
	}
	first := map[ItemEdit]given{}
	for _, list := range []struct {
		id       string
		texts    []string
		truncate bool
	}{{"drop-items", s.DropItems, false}, {"truncate-items", s.TruncateItems, true}} {
		k := KnobByID(list.id)
		for i, text := range list.texts {
			e, err := ParseItemEdit(text, list.truncate)
			if err != nil {
				continue // the knob's own check refuses it
			}
			item := ItemEdit{Kind: e.Kind, Number: e.Number}
			if f, ok := first[item]; ok {
				return &KnobError{Knob: f.knob, Item: f.item, Value: f.value, valueFirst: true,
					With:    &KnobValueAt{Knob: k, Item: i + 1, Value: text},
					Problem: "both edit " + item.Words() + "; give one edit per item"}
			}
			first[item] = given{knob: k, item: i + 1, value: text}
		}
	}
	return nil
}
