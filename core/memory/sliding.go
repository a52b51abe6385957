package memory

import (
	"fmt"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// applySliding is the article's SlidingWindowMemory after every message
// of history went through add(). Replaying add/_trim message by message
// keeps exactly the longest suffix of the history whose content tokens fit
// maxTokens (a message dropped once never returns, and a suffix that fits
// now also fitted before the newest message arrived), or the newest
// message alone when even it does not fit. One walk from the end computes
// that suffix without the replay's quadratic re-summing.
func applySliding(history []value.Message, tokens []int, maxTokens int) Result {
	fates := memoryFates(tokens, Dropped)
	start, used := slidingStart(tokens, 0, len(tokens), maxTokens)
	for i := start; i < len(history); i++ {
		fates[i].Fate = Kept
	}
	kept := append([]value.Message(nil), history[start:]...)
	res := Result{
		Messages: kept,
		Fates:    fates,
		Tokens:   used,
	}
	if start > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("dropped %s to fit %s", oldest(start, "message", "messages"), numfmt.Count(maxTokens, "token", "tokens")))
	}
	if len(history) > 0 && used > maxTokens {
		res.Notes = append(res.Notes, fmt.Sprintf("the newest message alone takes %s, over the %s-token budget; the sliding window always keeps it", numfmt.Count(used, "token", "tokens"), numfmt.Thousands(maxTokens)))
	}
	return res
}

// oldest names the n oldest of something in a note: "the oldest message",
// "the 1,204 oldest messages".
func oldest(n int, one, many string) string {
	if n == 1 {
		return "the oldest " + one
	}
	return "the " + numfmt.Thousands(n) + " oldest " + many
}

// slidingStart returns where the longest suffix of tokens[from:to] within
// budget starts, never after the last element (the article's _trim stops
// at one message), and that suffix's token total. The rolling summary
// reuses it as its last-resort trim, passing the budget left after the
// summary line.
func slidingStart(tokens []int, from, to, budget int) (start, used int) {
	if to <= from {
		return to, 0
	}
	start = to - 1
	used = tokens[start]
	for start > from && used+tokens[start-1] <= budget {
		start--
		used += tokens[start]
	}
	return start, used
}
