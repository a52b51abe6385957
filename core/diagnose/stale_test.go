package diagnose

import "testing"

func TestProbablyStale(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		stale int
		why   string
	}{
		{"kb/returns/refund-policy.md", "kb/archive/2025/refund-policy-v3.md", 1, "archive, 2025"},
		{"archive-2024-shipping-times", "kb-shipping-times", 0, "archive, 2024"},
		{"docs/old/setup.md", "docs/setup.md", 0, "old"},
		{"api-v1.md", "api-v3.md", 0, "v1 beside v3"},
		{"pricing-2023.html", "pricing-2025.html", 0, "2023"},
		{"pricing-2025.html", "pricing.html", 0, "2025"},
		{"kb/returns.md", "kb/refunds.md", -1, ""},
		{"archive/a.md", "archive/b.md", -1, ""},
		{"golden-v2.md", "golden-v2.md", -1, ""},
	} {
		stale, why := ProbablyStale(tc.a, tc.b)
		if stale != tc.stale || why != tc.why {
			t.Errorf("ProbablyStale(%q, %q) = %d %q, want %d %q", tc.a, tc.b, stale, why, tc.stale, tc.why)
		}
	}
}
