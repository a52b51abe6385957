package request

import (
	"strings"
	"testing"
)

// TestUnusableRecordedUsageIsNoted: a cassette whose recorded usage is not
// a count loads, with a note saying the bill is not compared.
func TestUnusableRecordedUsageIsNoted(t *testing.T) {
	t.Parallel()
	for value, shown := range map[string]string{".nan": `"NaN"`, "-5": `"-5"`, "1e23": `"1e+23"`, `"abc"`: `"abc"`} {
		cassette := `interactions:
- request:
    parsed_body:
      model: gpt-4o
      messages:
      - {role: user, content: "hello there"}
  response:
    parsed_body:
      usage: {prompt_tokens: ` + value + `, completion_tokens: 3}
`
		sc, err := Parse("c.yaml", []byte(cassette), Options{})
		if err != nil {
			t.Errorf("usage %s: %v", value, err)
			continue
		}
		if sc.Recorded != nil {
			t.Errorf("usage %s: kept as %+v", value, *sc.Recorded)
		}
		want := "the recorded usage.prompt_tokens, " + shown + ", is not a token count (a whole number from 0 up), so the provider's count is not compared"
		if !strings.Contains(strings.Join(sc.Notes, "\n"), want) {
			t.Errorf("usage %s: notes %q lack %q", value, sc.Notes, want)
		}
	}
}
