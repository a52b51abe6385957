package metrics

import (
	"encoding/json"
	"strings"
	"testing"
)

const metricsGoodLine = `{"request_id":"r1","use_case":"support_chat","total_input_tokens":1200,"system_tokens":100,` +
	`"history_tokens":300,"rag_tokens":500,"tool_tokens":200,"query_tokens":100,"budget_utilization":0.25,` +
	`"truncated_components":["history"],"timestamp":"2025-01-02T03:04:05Z"}`

func metricsLineWith(edit func(map[string]any)) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(metricsGoodLine), &m); err != nil {
		panic(err)
	}
	edit(m)
	b, _ := json.Marshal(m)
	return string(b)
}

func TestParseMetricsLine(t *testing.T) {
	cases := []struct {
		name string
		line string
		want string // error text; "" for success
	}{
		{"good", metricsGoodLine, ""},
		{"surrounding whitespace", "  " + metricsGoodLine + "\r\n", ""},
		{"unknown fields ignored", metricsLineWith(func(m map[string]any) { m["region"] = "eu" }), ""},
		{"python naive timestamp", metricsLineWith(func(m map[string]any) { m["timestamp"] = "2025-01-02T03:04:05.123456" }), ""},
		{"null truncations", metricsLineWith(func(m map[string]any) { m["truncated_components"] = nil }), ""},
		{"blank", "   ", "empty line: expected a JSON object"},
		{"not JSON", "{oops", "not a JSON object: invalid character 'o' looking for beginning of object key string"},
		{"array", "[]", "not a JSON object: json: cannot unmarshal array into Go value of type map[string]json.RawMessage"},
		{"missing field", metricsLineWith(func(m map[string]any) { delete(m, "rag_tokens") }), `field "rag_tokens" is missing`},
		{"null count", metricsLineWith(func(m map[string]any) { m["total_input_tokens"] = nil }), `field "total_input_tokens" is null`},
		{"string count", metricsLineWith(func(m map[string]any) { m["query_tokens"] = "12" }), `field "query_tokens": want a whole number, got "12"`},
		{"fractional count", metricsLineWith(func(m map[string]any) { m["query_tokens"] = 1.5 }), `field "query_tokens": want a whole number, got 1.5`},
		{"negative count", metricsLineWith(func(m map[string]any) { m["system_tokens"] = -3 }), `field "system_tokens": -3 is negative`},
		{"negative optional count", metricsLineWith(func(m map[string]any) { m["framing_tokens"] = -1 }), `field "framing_tokens": -1 is negative`},
		{"utilization string", metricsLineWith(func(m map[string]any) { m["budget_utilization"] = "90%" }), `field "budget_utilization": want a number, got "90%"`},
		{"negative utilization", metricsLineWith(func(m map[string]any) { m["budget_utilization"] = -0.5 }), `field "budget_utilization": -0.5 is not a utilization (a number from 0 up)`},
		{"truncations not a list", metricsLineWith(func(m map[string]any) { m["truncated_components"] = "history,rag" }), `field "truncated_components": want a list of component names, got "history,rag"`},
		{"empty use case", metricsLineWith(func(m map[string]any) { m["use_case"] = "" }), `field "use_case" is empty`},
		{"use case not a string", metricsLineWith(func(m map[string]any) { m["use_case"] = 3 }), `field "use_case": want a string, got 3`},
		{"bad timestamp", metricsLineWith(func(m map[string]any) { m["timestamp"] = "yesterday" }), `field "timestamp": "yesterday" is not an RFC 3339 time such as 2025-01-02T15:04:05Z`},
		{"long bad value is cut", metricsLineWith(func(m map[string]any) { m["rag_tokens"] = strings.Repeat("é", 50) }),
			`field "rag_tokens": want a whole number, got "` + strings.Repeat("é", 19) + `…`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ParseLine([]byte(c.line))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("error = %v", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Fatalf("error = %v\nwant  %s", err, c.want)
			case c.want == "" && (m.UseCase != "support_chat" || m.TruncatedComponents == nil):
				t.Errorf("parsed %+v", m)
			}
		})
	}
}

// FuzzParseMetricsLine checks the parser never panics and that whatever
// it accepts is valid and survives a write and a second parse.
func FuzzParseMetricsLine(f *testing.F) {
	f.Add([]byte(metricsGoodLine))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"budget_utilization":1e400}`))
	f.Add([]byte(strings.Replace(metricsGoodLine, `0.25`, `NaN`, 1)))
	f.Fuzz(func(t *testing.T, line []byte) {
		m, err := ParseLine(line)
		if err != nil {
			return
		}
		if m.UseCase == "" || m.BudgetUtilization < 0 || m.TotalInputTokens < 0 {
			t.Fatalf("accepted an invalid record: %+v", m)
		}
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("accepted record does not marshal: %v", err)
		}
		if _, err := ParseLine(out); err != nil {
			t.Fatalf("written record does not parse back: %v\n%s", err, out)
		}
	})
}

// TestParseLineRefusesOverflowingCounts: counts that would overflow the
// report's sums, or a utilization whose mean would be infinite, are
// refused with the field named.
func TestParseLineRefusesOverflowingCounts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		field string
		value any
		want  string
	}{
		{"int64 max", "total_input_tokens", int64(9223372036854775807), `field "total_input_tokens": 9,223,372,036,854,775,807 is more tokens than any request holds; expected at most 1,000,000,000,000`},
		{"5e18", "total_input_tokens", int64(5e18), `is more tokens than any request holds`},
		{"past int64", "rag_tokens", json.Number("9223372036854775808"), `field "rag_tokens": want a whole number`},
		{"huge utilization", "budget_utilization", 1e300, `field "budget_utilization": 1e+300 is not a utilization; expected at most 1,000,000`},
	}
	for _, c := range cases {
		_, err := ParseLine([]byte(metricsLineWith(func(m map[string]any) { m[c.field] = c.value })))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	at := metricsLineWith(func(m map[string]any) { m["total_input_tokens"] = MaxRecordedTokens })
	if _, err := ParseLine([]byte(at)); err != nil {
		t.Errorf("a count at the bound: %v", err)
	}
}
