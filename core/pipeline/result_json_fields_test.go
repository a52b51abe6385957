package pipeline

import (
	"reflect"
	"testing"

	"ctxlab/core/value"
)

// fillEveryField sets every field reachable from v to a value that is not
// its zero, so that an omitempty field the hand-written writer forgets is
// caught even when no reference case sets it.
func fillEveryField(v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fillEveryField(v.Elem(), seed)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fillEveryField(v.Field(i), seed+i+1)
			}
		}
	case reflect.String:
		v.SetString("s" + string(rune('a'+seed%26)))
	case reflect.Int, reflect.Int32, reflect.Int64:
		v.SetInt(int64(seed + 1))
	case reflect.Float64:
		v.SetFloat(float64(seed) + 0.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Int {
			v.Set(reflect.ValueOf([]int{seed, seed + 1}))
		}
	}
}

// A new field in the trace must be written by AppendIndentedJSON too: a
// trace with every field set encodes as the reflection encoder writes it.
func TestAppendIndentedJSONWritesEveryTraceField(t *testing.T) {
	var d DocTrace
	fillEveryField(reflect.ValueOf(&d), 0)
	d.Fate, d.Duplicate.Kind = FateIncluded, DuplicateNear
	// The two reasons share an unexported field: one document with each.
	filtered, cut := d, d
	filtered.markFiltered("sf")
	cut.Filtered, cut.Fate = false, FatePartial
	cut.setBudgetReason("sb")
	var tr Trace
	fillEveryField(reflect.ValueOf(&tr), 3)
	tr.docTraces = traceTableOf([]DocTrace{filtered, cut})
	tr.docs = []value.Document{{Source: "sa", Score: 0.5}, {Source: "sb", Score: 1.5}}
	tr.tokens = tokenCountsOf(7, 8)
	tr.BudgetMode = BudgetStrict
	checkIndented(t, "every field", &Result{Trace: tr, CitationMap: map[int]string{1: "a"}})
}
