package window

import (
	"encoding/json"
	"math/rand"
	"strings"
	"testing"
)

// jsonStringAlphabet holds what a JSON string's decoding treats each in
// its own way: every escape, broken ones, surrogates paired, lone and
// broken, invalid UTF-8, control characters and quotes.
var jsonStringAlphabet = []string{
	"a", "Z", " ", "é", "中", "😀", `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u4E2D`,
	`\ud83d\ude00`, `\ud83d`, `\ude00`, `\uD83D\u0041`, `\u12`, `\uzzzz`, `\x`, `\`, `"`, "\x01", "\n", "\xff", "\xe4\xb8",
	"\u2028", `\u0000`, `\uFFFF`,
}

// TestDecodeJSONStringAsEncodingJSON: the value and the failures are
// json.Unmarshal's, on random literals.
func TestDecodeJSONStringAsEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	for k := 0; k < 20000; k++ {
		var b strings.Builder
		for n := r.Intn(12); n > 0; n-- {
			b.WriteString(jsonStringAlphabet[r.Intn(len(jsonStringAlphabet))])
		}
		inner := b.String()
		var want string
		err := json.Unmarshal([]byte(`"`+inner+`"`), &want)
		got, ok := decodeJSONString(inner)
		if ok != (err == nil) || got != want {
			t.Fatalf("%q: decoded %q, %v; encoding/json %q, %v", inner, got, ok, want, err)
		}
	}
}
