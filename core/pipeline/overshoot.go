package pipeline

import "ctxlab/internal/numfmt"

// Overshoot is how far a reference-mode block runs past its budget, and
// why: the citation headers the budget does not count, less what the
// budget walk left unspent. Over is Headers − Unspent, so the figures
// shown side by side (the budget bar, the finding) always add up.
type Overshoot struct {
	Over, Headers, Unspent int
}

// Overshoot measures the block against the budget it was built for.
func (r *Result) Overshoot(budget int) Overshoot {
	return Overshoot{Over: r.TokensUsed - budget, Headers: r.HeaderOverhead(), Unspent: budget - r.Trace.BudgetUsed}
}

// Why is the breakdown in words: "headers 278, 40 left unspent", or
// "headers 278" when the walk spent the whole budget.
func (o Overshoot) Why() string {
	s := "headers " + numfmt.Thousands(o.Headers)
	if o.Unspent > 0 {
		s += ", " + numfmt.Thousands(o.Unspent) + " left unspent"
	}
	return s
}
