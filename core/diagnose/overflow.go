package diagnose

import (
	"errors"
	"fmt"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
)

// overflowFindings: the request over its max input, and allocations that
// do not fit the window (the article's "Budget overflow"), which is why
// the request was measured as sent.
func overflowFindings(in *Input) []Finding {
	var fs []Finding
	var budget *window.BudgetOverflowError
	if errors.As(in.BudgetProblem, &budget) && in.Assembly != nil {
		b := in.Assembly.Budget
		largest, largestTokens := largestAllocation(b)
		msg := fmt.Sprintf("The allocations add up to %s but the max input is %s (the %s window less the %s response reserve), so nothing could be budgeted and the request was measured as sent; the largest allocation is %s at %s",
			tokensOf(b.Allocated()), numfmt.Thousands(b.MaxInput()), numfmt.Thousands(b.TotalWindow), numfmt.Thousands(b.ResponseReserve), window.ComponentWords(largest), numfmt.Thousands(largestTokens))
		if b.ResponseReserve > largestTokens {
			msg += fmt.Sprintf(", and the reserve alone takes %s of the window", percent(b.ResponseReserve, b.TotalWindow))
		}
		fs = append(fs, Finding{Code: CodeAllocationsOverWindow, Severity: SeverityError, Message: msg + ".",
			Refs: []Ref{ComponentRef(largest), ComponentRef(window.ComponentReserve)}, weight: b.Allocated() - b.MaxInput()})
	}
	a := in.Assembly
	if a == nil || a.Fits {
		return fs
	}
	if a.MaxInput <= 0 {
		// No room at all: the cause is the reserve, not the request, and
		// "over a max input of -2,596" would mean nothing.
		msg := fmt.Sprintf("The response reserve of %s leaves no room in the %s-token window, so the request's %s cannot fit however small it is; lower the reserve (the request's max_tokens) or raise the window",
			tokensOf(a.Budget.ResponseReserve), numfmt.Thousands(a.Window), tokensOf(a.Used))
		return append(fs, Finding{Code: CodeOverflow, Severity: SeverityError, Message: msg + ".",
			Refs: []Ref{ComponentRef(window.ComponentReserve)}, weight: a.Used - a.MaxInput})
	}
	over := a.Used - a.MaxInput
	refs := []Ref{}
	biggest := ""
	biggestTokens := 0
	for _, c := range a.Components {
		if c.Name != window.ComponentReserve && c.Used > biggestTokens {
			biggest, biggestTokens = c.Name, c.Used
		}
	}
	if biggest != "" {
		refs = append(refs, ComponentRef(biggest))
	}
	refs = append(refs, ComponentRef(window.ComponentReserve))
	msg := fmt.Sprintf("The request is %s over its max input: %s used of %s (the %s window less the %s response reserve); the largest part is %s at %s",
		tokensOf(over), numfmt.Thousands(a.Used), numfmt.Thousands(a.MaxInput), numfmt.Thousands(a.Window), numfmt.Thousands(a.Budget.ResponseReserve),
		window.ComponentWords(biggest), tokensOf(biggestTokens))
	if reserve := a.Budget.ResponseReserve; 2*reserve > a.Window {
		// The reserve, not the request, is what leaves too little room:
		// said first among the causes, since its fix loses nothing.
		msg += fmt.Sprintf("; the cause is the response reserve, which takes %s of the %s-token window (%s), more than half of it",
			tokensOf(reserve), numfmt.Thousands(a.Window), percent(reserve, a.Window))
		refs = []Ref{ComponentRef(window.ComponentReserve)}
		if biggest != "" {
			refs = append(refs, ComponentRef(biggest))
		}
	}
	return append(fs, Finding{Code: CodeOverflow, Severity: SeverityError, Message: msg + ".", Refs: refs, weight: over})
}

// largestAllocation names the largest input allocation by its component.
func largestAllocation(b window.ContextBudget) (string, int) {
	allocations := []struct {
		name   string
		tokens int
	}{
		{window.ComponentSystem, b.SystemPrompt}, {window.ComponentTools, b.ToolDefinitions},
		{window.ComponentHistory, b.ConversationHistory}, {window.ComponentRAG, b.RetrievedContext},
		{window.ComponentToolResults, b.ToolResults}, {window.ComponentQuery, b.UserQuery},
	}
	best := allocations[0]
	for _, a := range allocations[1:] {
		if a.tokens > best.tokens {
			best = a
		}
	}
	return best.name, best.tokens
}
