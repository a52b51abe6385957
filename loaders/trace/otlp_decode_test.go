package trace

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestUnmarshalTracesIsEncodingJSON checks that the OTLP decoder gives
// what encoding/json gives: the same values, and the same error on a
// request it refuses.
func TestUnmarshalTracesIsEncodingJSON(t *testing.T) {
	span := func(s string) string {
		return `{"resourceSpans":[{"scopeSpans":[{"spans":[` + s + `]}]}]}`
	}
	cases := []string{
		span("{\"name\":\"a\xffb\xe2\x82\\u00e9\\ud83d\\ude00\\ud800x\"}"),
		span(`{"TraceId":"ab","NAME":"x","traceId":"cd"}`),
		span(`{"traceId":1}`),
		span(`{"traceId":"ab",}`),
		`{"resourceSpans":[]} x`,
		`{"resourceSpans":null}`,
		`[]`,
		span(`{"attributes":[{"key":"k","value":{"intValue":"12"}},{"key":"d","value":{"doubleValue":12e3}},{"key":"s","value":{"stringValue":null}}],"startTimeUnixNano":17}`),
		span(`{"attributes":[{"key":"k","value":{"arrayValue":{"values":[{"kvlistValue":{"values":[{"key":"a","value":{"boolValue":true}}]}}]}}}]}`),
	}
	for _, path := range []string{oiTraces, llmetryTraces, indexedTraces, otelTraces} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	}
	for _, in := range cases {
		var want, got otlpTraces
		wantErr := json.Unmarshal([]byte(in), &want)
		gotErr := unmarshalTraces([]byte(in), &got)
		if (wantErr == nil) != (gotErr == nil) || (wantErr != nil && wantErr.Error() != gotErr.Error()) {
			t.Errorf("%.80q: error %v; encoding/json: %v", in, gotErr, wantErr)
		}
		if wantErr == nil && !reflect.DeepEqual(want, got) {
			t.Errorf("%.80q: decoded %+v; encoding/json: %+v", in, got, want)
		}
	}
}
