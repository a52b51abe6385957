package loaders

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// decodeJSONInPlace gives what decoding the whole array or object at once
// gives, and leaves everything else, errors included, to the
// whole-input decoder.
func TestDecodeJSONInPlaceAsWhole(t *testing.T) {
	for _, in := range []string{
		`[]`,
		"\n\n  [ {\"content\": \"a\", \"score\": 0.5, \"id\": 12345678901234567890}, {\"content\": \"b\", \"metadata\": {\"n\": [1, 2.5, null, true]}} ]\n",
		`[[{"page_content": "x"}, 0.9], [{"page_content": "y"}, 1e400]]`,
		`["\u00e9\ud83d\udc4d", -0, 7]`,
		// Elements without numbers, decoded by Unmarshal where they are:
		// brackets, quotes and escapes inside strings, scalars, nesting.
		`[{"role": "user", "content": "] }, [\" \\\" {"}, {"role":"tool","content":"\\"}]`,
		` [ true ,false,null, "x" , [ [ ], { } ], {"a": {"b": ["c"]}} ] `,
		"[\"\xff\u2028<&>\", {\"k\": \"v\", \"k\": \"w\"}]",
		`[{"content": "no numbers here"}, {"score": -1}]`,
		// An object a member at a time, its arrays element by element:
		// a request body.
		`{"content": "a"}`,
		"{\"model\": \"gpt-4o\", \"max_tokens\": 12345678901234567890, \"messages\": [{\"role\": \"user\", \"content\": \"[\\\"}\"}, {\"role\": \"tool\", \"n\": 2.5}], \"tools\": [], \"x\": {}, \"x\": {\"y\": [1, [true]]}}",
		` { } `,
		`{"a": [], "b": null, "c": "<&>"}`,
	} {
		got, ok := decodeJSONInPlace([]byte(in))
		if !ok {
			t.Fatalf("%q: not decoded", in)
		}
		dec := json.NewDecoder(bytes.NewReader([]byte(in)))
		dec.UseNumber()
		var whole any
		if err := dec.Decode(&whole); err != nil {
			t.Fatal(err)
		}
		if want := normalizeJSON(whole); !reflect.DeepEqual(got.value, want) {
			t.Errorf("%q:\n got %#v\nwant %#v", in, got.value, want)
		}
		if want := 1 + bytes.Count([]byte(in)[:bytes.IndexAny([]byte(in), "[{")], []byte{'\n'}); got.first != want || got.syntax != syntaxJSON {
			t.Errorf("%q: line %d, syntax %s; want line %d, json", in, got.first, got.syntax, want)
		}
	}
	for _, in := range []string{
		`{"content": "a"} {"content": "b"}`,
		`{"a" 1}`,
		`{"a": 1,}`,
		`{a: 1}`,
		`{"a": [1, 2}`,
		`{"a": 1`,
		`"a"`,
		`[1, 2] [3]`,
		`[1 2]`,
		`[1, 2,]`,
		`[1, 2`,
		`[{"content": "a"}] x`,
		``,
		`[{"a": "b" "c": "d"}]`,
		`["unterminated]`,
		`[tru]`,
		`[{"a": "b"]]`,
		`[1"a"]`,
		`[,1]`,
		`["a",]`,
		`[{"a": "b"}`,
	} {
		if _, ok := decodeJSONInPlace([]byte(in)); ok {
			t.Errorf("%q: decoded element by element; want it left to the whole-input decoder", in)
		}
	}
}
