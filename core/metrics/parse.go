package metrics

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"ctxlab/internal/numfmt"
)

// metricsRequiredFields are the article's fields: a record without one of
// them did not come from a ContextMonitor.
var metricsRequiredFields = []string{
	"request_id", "use_case", "total_input_tokens", "system_tokens",
	"history_tokens", "rag_tokens", "tool_tokens", "query_tokens",
	"budget_utilization", "truncated_components", "timestamp",
}

// metricsTimestampLayouts are accepted for timestamp: RFC 3339 as ctxlab
// writes it, and Python's naive datetime.isoformat(), which the article's
// datetime.utcnow() produces, read as UTC.
var metricsTimestampLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05.999999999"}

// Bounds of a record's numbers. No request holds a trillion tokens, and
// with every count below it the report's sums stay exact in an int: it
// would take over 9 million records at the bound (a log of gigabytes,
// beyond the loaders' input size limit) to overflow. The audit's record
// of 9,223,372,036,854,775,807 tokens printed a negative average.
const (
	MaxRecordedTokens      = 1_000_000_000_000
	MaxRecordedUtilization = 1_000_000
)

// ParseLine reads one line of a metrics log. It checks that every
// article field is present with the right type, counts are not negative,
// the utilization is a finite number not below 0, the use case is named
// and the timestamp is a time; unknown fields are ignored so newer logs
// still load. The error says which field is wrong; the loader adds the
// file and line.
func ParseLine(line []byte) (ContextMetrics, error) {
	var m ContextMetrics
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return m, errors.New("empty line: expected a JSON object")
	}
	var fields map[string]rawField
	if err := json.Unmarshal(line, &fields); err != nil {
		// The error json gives for the map type it always named.
		var named map[string]json.RawMessage
		if namedErr := json.Unmarshal(line, &named); namedErr != nil {
			err = namedErr
		}
		return m, fmt.Errorf("not a JSON object: %w", err)
	}
	for _, key := range metricsRequiredFields {
		raw, ok := fields[key]
		if !ok {
			return m, fmt.Errorf("field %q is missing", key)
		}
		// Unmarshal takes null as "leave the zero value"; a record that
		// says null has no value, which is not the same as 0.
		if key != "truncated_components" && string(raw) == "null" {
			return m, fmt.Errorf("field %q is null", key)
		}
	}

	var err error
	str := func(key string, dst *string) {
		if err == nil && json.Unmarshal(fields[key], dst) != nil {
			err = fmt.Errorf("field %q: want a string, got %s", key, metricsSnippet(fields[key]))
		}
	}
	count := func(key string, dst *int) {
		raw, ok := fields[key]
		if err != nil || !ok {
			return
		}
		if json.Unmarshal(raw, dst) != nil {
			err = fmt.Errorf("field %q: want a whole number, got %s", key, metricsSnippet(raw))
		} else if *dst < 0 {
			err = fmt.Errorf("field %q: %s is negative", key, numfmt.Thousands(*dst))
		} else if *dst > MaxRecordedTokens {
			err = fmt.Errorf("field %q: %s is more tokens than any request holds; expected at most %s", key, numfmt.Thousands(*dst), numfmt.Thousands(MaxRecordedTokens))
		}
	}
	str("request_id", &m.RequestID)
	str("use_case", &m.UseCase)
	str("timestamp", &m.Timestamp)
	count("total_input_tokens", &m.TotalInputTokens)
	count("system_tokens", &m.SystemTokens)
	count("history_tokens", &m.HistoryTokens)
	count("rag_tokens", &m.RAGTokens)
	count("tool_tokens", &m.ToolTokens)
	count("query_tokens", &m.QueryTokens)
	count("max_input_tokens", &m.MaxInputTokens)
	count("framing_tokens", &m.FramingTokens)
	count("label_tokens", &m.LabelTokens)
	if err != nil {
		return m, err
	}

	if json.Unmarshal(fields["budget_utilization"], &m.BudgetUtilization) != nil {
		return m, fmt.Errorf("field %q: want a number, got %s", "budget_utilization", metricsSnippet(fields["budget_utilization"]))
	}
	if u := m.BudgetUtilization; math.IsNaN(u) || math.IsInf(u, 0) || u < 0 {
		return m, fmt.Errorf("field %q: %v is not a utilization (a number from 0 up)", "budget_utilization", u)
	}
	if u := m.BudgetUtilization; u > MaxRecordedUtilization {
		return m, fmt.Errorf("field %q: %v is not a utilization; expected at most %s (a million times the budget)", "budget_utilization", u, numfmt.Thousands(MaxRecordedUtilization))
	}
	if json.Unmarshal(fields["truncated_components"], &m.TruncatedComponents) != nil {
		return m, fmt.Errorf("field %q: want a list of component names, got %s", "truncated_components", metricsSnippet(fields["truncated_components"]))
	}
	if m.TruncatedComponents == nil {
		m.TruncatedComponents = []string{}
	}
	if m.UseCase == "" {
		return m, fmt.Errorf("field %q is empty", "use_case")
	}
	if _, ok := parseMetricsTime(m.Timestamp); !ok {
		return m, fmt.Errorf("field %q: %q is not an RFC 3339 time such as 2025-01-02T15:04:05Z", "timestamp", m.Timestamp)
	}
	return m, nil
}

// parseMetricsTime reads a record's timestamp in any accepted layout.
func parseMetricsTime(s string) (time.Time, bool) {
	for _, layout := range metricsTimestampLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// rawField is a field's JSON where it lies in the record's line, which
// outlives it: json.RawMessage would copy it, and a record with a 50 MB
// request id was then held three times (the line, the copy, the
// string). json.Unmarshal hands an Unmarshaler a slice of its input.
type rawField []byte

// UnmarshalJSON implements json.Unmarshaler.
func (r *rawField) UnmarshalJSON(b []byte) error {
	*r = b
	return nil
}

// metricsSnippet quotes a bad value briefly, since a log line can be
// huge, without splitting a character.
func metricsSnippet(raw rawField) string {
	const limit = 40
	if len(raw) > limit {
		return strings.ToValidUTF8(string(raw[:limit]), "") + "…"
	}
	return string(raw)
}
