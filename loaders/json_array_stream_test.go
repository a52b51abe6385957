package loaders

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"strings"
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
		// Records holding numbers, a member at a time, and what lies
		// below inPlaceLevels decoded whole.
		`[{"content": "a long text", "score": 0.75, "metadata": {"page": 3, "tags": ["x", 1e3]}, "score": 1}]`,
		`{"messages": [{"role": "assistant", "tool_calls": [{"index": 0, "function": {"arguments": "{\"n\": 1}"}}]}]}`,
		`[[[[[[{"a": [1, {"b": 2.5}]}]]]]], {"c": {"d": {"e": {"f": 12345678901234567890}}}}]`,
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

// FuzzDecodeJSONInPlace: whatever the input, decoding it a part at a
// time either leaves it to the whole-input decoder or gives exactly what
// that decoder gives.
func FuzzDecodeJSONInPlace(f *testing.F) {
	for _, seed := range []string{
		`[{"content": "a", "score": 0.5, "metadata": {"n": [1, {"m": 2}]}}]`,
		`{"model": "m", "messages": [{"role": "user", "content": "x", "n": 1}], "tools": [{"a": [{"b": 2}]}]}`,
		`[[{"page_content": "x"}, 0.9]]`,
		`[{"a": "b", "a": 1}]`,
		`[{"a": [1, 2}]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, ok := decodeJSONInPlace(in)
		if !ok {
			return
		}
		dec := json.NewDecoder(bytes.NewReader(in))
		dec.UseNumber()
		var whole any
		if err := dec.Decode(&whole); err != nil {
			t.Fatalf("%q: decoded a part at a time, but the whole-input decoder says %v", in, err)
		}
		if want := normalizeJSON(whole); !reflect.DeepEqual(got.value, want) {
			t.Fatalf("%q:\n got %#v\nwant %#v", in, got.value, want)
		}
	})
}

// TestRecordWithNumbersIsNotCopied: a JSON array's record that holds a
// number (a score) beside a long text is decoded a member at a time, so
// the text is decoded where it is read, never copied into a decoder's
// buffer first: one 50 MB document in a JSON array peaked at 4.1 times
// the file when the record was decoded whole. Not parallel: it reads
// the process's allocation count.
func TestRecordWithNumbersIsNotCopied(t *testing.T) {
	const textBytes = 8 << 20
	in := []byte(`[{"content": "` + strings.Repeat("word ", textBytes/5) + `", "score": 0.5}]`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	got, ok := decodeJSONInPlace(in)
	runtime.ReadMemStats(&after)
	if !ok {
		t.Fatal("not decoded")
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > textBytes*3/2 {
		t.Errorf("decoding a record of %d bytes of text allocated %d bytes; want the text once (a decoder's copy of the record makes it twice and more)", textBytes, allocated)
	}
	runtime.KeepAlive(got)
}
