package trace

import (
	"encoding/json"

	gojson "github.com/goccy/go-json"
)

// unmarshalTraces decodes an OTLP JSON traces request into req. Decoding
// is most of what listing a large traces file costs, and goccy/go-json
// decodes these requests into the same values as encoding/json in about
// a quarter of its time. A request it refuses is decoded again by
// encoding/json, whose errors (and their types) are the ones a bad line
// is reported with.
func unmarshalTraces(data []byte, req *otlpTraces) error {
	if gojson.Unmarshal(data, req) == nil {
		return nil
	}
	*req = otlpTraces{}
	return json.Unmarshal(data, req)
}

// unmarshalText decodes JSON text an instrumentation wrote into an
// attribute (messages, tool definitions, invocation parameters) with
// goccy/go-json, which gives the values encoding/json gives (invalid
// UTF-8 and lone surrogates become U+FFFD alike) in less time; text it
// refuses is decoded again by encoding/json, so what is refused is what
// encoding/json refuses.
func unmarshalText[T any](data []byte) (T, error) {
	var v T
	if gojson.Unmarshal(data, &v) == nil {
		return v, nil
	}
	var again T
	err := json.Unmarshal(data, &again)
	return again, err
}

// marshalValue writes a decoded value (maps, slices, strings, numbers)
// as JSON with goccy/go-json, byte for byte what encoding/json writes:
// map keys sorted, HTML characters and U+2028/U+2029 escaped, numbers in
// the same form, NaN and infinities refused.
func marshalValue(v any) ([]byte, error) {
	return gojson.Marshal(v)
}
