package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

// TestJSONTextAgreesWithEncodingJSON guards the listing's bytes: the
// attribute text decoded with unmarshalText and the values written with
// marshalValue are what encoding/json decodes and writes, on the inputs
// where decoders tend to differ.
func TestJSONTextAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{
		"{\"a\":\"\xff\xfe\"}", `{"a":"\ud800"}`, `{"a":"\ud800x\udc00"}`, `[1e400]`, `[1] x`, `[1]  `,
		`{"a":1,"a":2}`, `[1.0, 1e21, 1e-7, 123456789012345678901234, -0, 0.1, 1E5, -1.5e-10]`,
		`{"a":"<&>\u2028\u2029"}`, `{"b":{"z":1,"y":[true,null]},"a":"é\u00e9\ud83d\ude00"}`,
		`[01]`, `{"a":tru}`, `[1,]`, "{\"a\":\"x\ty\"}", `[.5]`, `{"a":"\/\u0000\u001f"}`,
		`{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{}}}}`,
	} {
		var want any
		wantErr := json.Unmarshal([]byte(in), &want)
		got, err := unmarshalText[any]([]byte(in))
		if (err == nil) != (wantErr == nil) || fmt.Sprintf("%#v", got) != fmt.Sprintf("%#v", want) {
			t.Errorf("unmarshalText(%q) = %#v, %v; encoding/json: %#v, %v", in, got, err, want, wantErr)
		}
		if wantErr != nil {
			continue
		}
		wantOut, _ := json.Marshal(want)
		if out, err := marshalValue(want); err != nil || !bytes.Equal(out, wantOut) {
			t.Errorf("marshalValue(%#v) = %s, %v; encoding/json: %s", want, out, err, wantOut)
		}
	}
	for _, v := range []any{math.NaN(), math.Inf(-1)} {
		if out, err := marshalValue(map[string]any{"a": v}); err == nil {
			t.Errorf("marshalValue(%v) = %s; encoding/json refuses it", v, out)
		}
	}
	params, err := unmarshalText[struct {
		Model string `json:"model"`
	}]([]byte(`{"MODEL":"x","model":"y","Model":"z","nested":{"model":"no"}}`))
	if err != nil || params.Model != "z" {
		t.Errorf("model = %q, %v; encoding/json reads z", params.Model, err)
	}
}
