package metrics

import (
	"math"
	"sort"
	"time"

	"ctxlab/core/window"
)

// utilizationBuckets are the report's histogram bins, each holding the
// utilizations up to and including its bound; the last is everything over
// the max input. Alerts are exactly the last two bins.
var utilizationBuckets = []struct {
	label string
	upTo  float64
}{
	{"<=50%", 0.5},
	{"50-75%", 0.75},
	{"75-90%", UtilizationAlertThreshold},
	{"90-100%", 1.0},
	{">100%", math.Inf(1)},
}

// UtilizationBucket is one histogram bin.
type UtilizationBucket struct {
	Label string `json:"label"`
	Count int    `json:"count"`
}

// UtilizationSummary is the distribution of budget utilization.
// Percentiles are nearest-rank: the smallest value with at least p% of
// the records at or below it, always one of the observed values.
type UtilizationSummary struct {
	Mean    float64             `json:"mean"`
	P50     float64             `json:"p50"`
	P90     float64             `json:"p90"`
	P99     float64             `json:"p99"`
	Max     float64             `json:"max"`
	Buckets []UtilizationBucket `json:"buckets"`
}

// ComponentCount is a number of truncations of one component.
type ComponentCount struct {
	Component string `json:"component"`
	Count     int    `json:"count"`
}

// UseCaseSummary is the report restricted to one use case.
type UseCaseSummary struct {
	UseCase           string             `json:"use_case"`
	Requests          int                `json:"requests"`
	Alerts            int                `json:"alerts"`
	TruncatedRequests int                `json:"truncated_requests"`
	MeanInputTokens   float64            `json:"mean_input_tokens"`
	Utilization       UtilizationSummary `json:"utilization"`
	Truncations       []ComponentCount   `json:"truncations"`
}

// MonitorReport aggregates a metrics log for `ctxlab monitor`.
type MonitorReport struct {
	Requests int `json:"requests"`
	// Alerts counts the records above UtilizationAlertThreshold.
	Alerts int `json:"alerts"`
	// TruncatedRequests counts the records that cut any component.
	TruncatedRequests int                `json:"truncated_requests"`
	TotalInputTokens  int                `json:"total_input_tokens"`
	MeanInputTokens   float64            `json:"mean_input_tokens"`
	Utilization       UtilizationSummary `json:"utilization"`
	// Truncations counts the records that cut each component, in
	// ComponentNames order, then any other name alphabetically.
	Truncations []ComponentCount `json:"truncations"`
	// UseCases is one summary per use case, most requests first.
	UseCases []UseCaseSummary `json:"use_cases"`
	// First and Last are the earliest and latest timestamps, as written.
	First string `json:"first,omitempty"`
	Last  string `json:"last,omitempty"`
}

// Report aggregates records; the order of records does not matter.
func Report(records []ContextMetrics) MonitorReport {
	r := MonitorReport{Requests: len(records)}
	r.Alerts, r.TruncatedRequests, r.TotalInputTokens, r.Utilization, r.Truncations = summarizeMetrics(records)
	if len(records) > 0 {
		r.MeanInputTokens = float64(r.TotalInputTokens) / float64(len(records))
	}

	byUseCase := make(map[string][]ContextMetrics)
	var firstT, lastT time.Time
	for _, m := range records {
		byUseCase[m.UseCase] = append(byUseCase[m.UseCase], m)
		if t, ok := parseMetricsTime(m.Timestamp); ok {
			if r.First == "" || t.Before(firstT) {
				r.First, firstT = m.Timestamp, t
			}
			if r.Last == "" || t.After(lastT) {
				r.Last, lastT = m.Timestamp, t
			}
		}
	}
	for useCase, recs := range byUseCase {
		s := UseCaseSummary{UseCase: useCase, Requests: len(recs)}
		var total int
		s.Alerts, s.TruncatedRequests, total, s.Utilization, s.Truncations = summarizeMetrics(recs)
		s.MeanInputTokens = float64(total) / float64(len(recs))
		r.UseCases = append(r.UseCases, s)
	}
	sort.Slice(r.UseCases, func(i, j int) bool {
		a, b := r.UseCases[i], r.UseCases[j]
		if a.Requests != b.Requests {
			return a.Requests > b.Requests
		}
		return a.UseCase < b.UseCase
	})
	return r
}

// summarizeMetrics computes what the report and each use case share.
func summarizeMetrics(records []ContextMetrics) (alerts, truncatedRequests, totalInput int, util UtilizationSummary, truncations []ComponentCount) {
	values := make([]float64, len(records))
	counts := make(map[string]int)
	for i, m := range records {
		values[i] = m.BudgetUtilization
		totalInput += m.TotalInputTokens
		if _, ok := AlertParts(m); ok { // the alert is not made: only counted
			alerts++
		}
		if len(m.TruncatedComponents) > 0 {
			truncatedRequests++
		}
		seen := make(map[string]bool, len(m.TruncatedComponents))
		for _, c := range m.TruncatedComponents {
			if !seen[c] { // a component listed twice was still cut once
				seen[c] = true
				counts[c]++
			}
		}
	}
	return alerts, truncatedRequests, totalInput, summarizeUtilization(values), orderedComponentCounts(counts)
}

func summarizeUtilization(values []float64) UtilizationSummary {
	s := UtilizationSummary{Buckets: make([]UtilizationBucket, len(utilizationBuckets))}
	for i, b := range utilizationBuckets {
		s.Buckets[i].Label = b.label
	}
	if len(values) == 0 {
		return s
	}
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	sum := 0.0
	for _, v := range sorted {
		sum += v
		for i, b := range utilizationBuckets {
			if v <= b.upTo {
				s.Buckets[i].Count++
				break
			}
		}
	}
	s.Mean = sum / float64(len(sorted))
	s.P50 = nearestRank(sorted, 50)
	s.P90 = nearestRank(sorted, 90)
	s.P99 = nearestRank(sorted, 99)
	s.Max = sorted[len(sorted)-1]
	return s
}

// nearestRank is the p-th percentile of sorted values by the
// nearest-rank method: the value at rank ceil(p/100 * n).
func nearestRank(sorted []float64, p float64) float64 {
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

func orderedComponentCounts(counts map[string]int) []ComponentCount {
	out := make([]ComponentCount, 0, len(counts))
	for _, name := range window.ComponentNames {
		if n, ok := counts[name]; ok {
			out = append(out, ComponentCount{name, n})
			delete(counts, name)
		}
	}
	var others []string
	for name := range counts {
		others = append(others, name)
	}
	sort.Strings(others)
	for _, name := range others {
		out = append(out, ComponentCount{name, counts[name]})
	}
	return out
}
