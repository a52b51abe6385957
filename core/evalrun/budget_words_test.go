package evalrun

import "testing"

func TestBudgetWordsSaysWhyABlockIsOver(t *testing.T) {
	cases := []struct {
		figures Figures
		want    string
	}{
		{Figures{Truncated: 24, OverBudget: 29}, "24 queries cut by the budget; 29 queries' blocks over the budget (the citation headers are not budgeted)"},
		{Figures{Truncated: 1, OverBudget: 1}, "1 query cut by the budget; 1 query's block over the budget (the citation headers are not budgeted)"},
	}
	for _, c := range cases {
		if got := BudgetWords(c.figures); got != c.want {
			t.Errorf("BudgetWords(%+v) = %q, want %q", c.figures, got, c.want)
		}
	}
}
