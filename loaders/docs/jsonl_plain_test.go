package docs

import (
	"bytes"
	"math"
	"reflect"
	"testing"
	"unicode/utf8"

	"ctxlab/core/value"
	"ctxlab/loaders"
)

// plainLineCases are lines plainLine must decode itself (true) or leave
// to encoding/json (false): half a surrogate pair, which encoding/json
// reads as U+FFFD and encoding/json/v2 refuses, is left to it.
var plainLineCases = map[string]bool{
	`{"content": "a b c", "score": 0.5, "source": "s1"}`:                      true,
	`{"source":"s","score":1,"content":""}`:                                   true,
	`{ "content" : "x" , "score" : null , "source" : null }`:                  true,
	`{"content": "esc \" \\ \/ \b \f \n \r \t \u00e9 \u003c\u003e\u0026"}`:    true,
	`{"content": "pair \ud83d\ude00, lone \ud800 and \udc00x, \ud800\u0041"}`: false,
	`{"content": "high then high \ud83d\ud83d\ude00"}`:                        false,
	`{"content": "é漢🙂 raw"}`:                                                  true,
	`{"content": "a", "score": -0}`:                                           true,
	`{"content": "a", "score": -0.0}`:                                         true,
	`{"content": "a", "score": 12345678901234567}`:                            true,
	`{"content": "a", "score": 1.5e-3}`:                                       true,
	`{"content": "a", "score": 2E+2}`:                                         true,
	`{"content": "a", "score": 1e-400}`:                                       true, // underflow to 0, as both decoders give it
	`{"content": "a", "score": 1e400}`:                                        false,
	`{"content": "a", "score": 99999999999999999999}`:                         true,
	`{"content": "a", "score": 01}`:                                           false,
	`{"content": "a", "score": -}`:                                            false,
	`{"content": "a", "score": 1.}`:                                           false,
	`{"content": "a", "score": "0.5"}`:                                        false,
	`{"content": "a", "content": "b"}`:                                        false,
	`{"content": "a", "metadata": {}}`:                                        false,
	`{"content": "a", "id": 3}`:                                               false,
	`{"text": "a"}`:                                                           false,
	`{"score": 0.5}`:                                                          false,
	`{"content": null}`:                                                       false,
	`{"content": 5}`:                                                          false,
	`{"cont\u0065nt": "a"}`:                                                   true,
	`{"content": "a\'"}`:                                                      false,
	`{"content": "a\x"}`:                                                      false,
	`{"content": "a\u12"}`:                                                    false,
	"{\"content\": \"tab\there\"}":                                            false,
	`{"content": "a",}`:                                                       false,
	`{"content": "a"} x`:                                                      false,
	`{"content": "a"`:                                                         false,
	`{}`:                                                                      false,
	`{"content": "a", "source": 7}`:                                           false,
	`{"content": "a", "score": true}`:                                         false,
	`{"content": "a", "score": nul}`:                                          false,
	`{"content": "unterminated \u00e9`:                                        false,
	`{"content": "a"}` + `{"content": "b"}`:                                   false,
	`{"content": "\ud83d\ude00\ud83d\ude00\ud83d"}`:                           false,
	`{"content": "backslash at the end \\"}`:                                  true,
	`{"content": "a", "score": 0.1, "score": 0.2}`:                            false,
	`{"content": "lone then quote \ud83d\"x", "source": "\ud83d\ude00"}`:      false,
	`{"content": "pair cut \ud83d\u12"}`:                                      false,
	"{\"content\": \"escaped tab \\\tx\"}":                                    false,
	`{"content": "a", "source": "x", "source": "y"}`:                          false,
	`{"content": "a", "score": -12.5e-1, "source": "\u2028\u2029"}`:           true,
	`{"content": "` + "\u2028 \u00ad \u200b" + `", "source": "` + "\t" + `"}`: false,
}

// Every line plainLine decodes gives exactly the general decoder's
// document, and the lines it declines are declined.
func TestPlainLineIsTheGeneralDecoding(t *testing.T) {
	for line, decoded := range plainLineCases {
		ok := checkPlainLine(t, []byte(line))
		if ok != decoded {
			t.Errorf("%s: decoded directly %v, want %v", line, ok, decoded)
		}
	}
}

// checkPlainLine fails t if plainLine decodes line differently from the
// general decoder, and says whether plainLine decoded it.
func checkPlainLine(t *testing.T, line []byte) (ok bool) {
	t.Helper()
	doc, ok := plainLine(line)
	if !ok {
		return false
	}
	obj, wantOK := generalObject(line)
	var want value.Document
	if wantOK {
		var err error
		want, err = plainRecord(loaders.Place{}, "f.jsonl", obj)
		wantOK = err == nil
	}
	if !wantOK {
		t.Fatalf("%q: decoded directly, but the general decoder refuses it", line)
	}
	if !reflect.DeepEqual(doc, want) || math.Float64bits(doc.Score) != math.Float64bits(want.Score) {
		t.Fatalf("%q: decoded directly as %#v, the general decoder gives %#v", line, doc, want)
	}
	return true
}

func FuzzPlainLine(f *testing.F) {
	for line := range plainLineCases {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		line = bytes.Trim(line, " \t\r\n")
		if len(line) == 0 || line[0] != '{' || !utf8.Valid(line) {
			return // streamedRecord hands plainLine nothing else
		}
		checkPlainLine(t, line)
	})
}
