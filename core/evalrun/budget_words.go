package evalrun

import (
	"fmt"

	"ctxlab/internal/numfmt"
)

// BudgetWords says what the budget did to a run's queries, in the words
// `ctxlab eval` and the workbench's Eval view both print: a query whose
// block is over the budget needs its reason said, since the citation
// headers the reference adds are not budgeted and every row shows more
// tokens than the budget.
func BudgetWords(f Figures) string {
	return fmt.Sprintf("%s cut by the budget; %s over the budget (the citation headers are not budgeted)",
		numfmt.Count(f.Truncated, "query", "queries"), numfmt.Count(f.OverBudget, "query's block", "queries' blocks"))
}
