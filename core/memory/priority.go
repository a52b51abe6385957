package memory

import (
	"fmt"
	"regexp"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// applyPriority is the article's PriorityMemory after every message of
// history went through add(). Pinned messages (any pattern matches) are
// never dropped; the others are dropped oldest first until pinned plus
// unpinned fit. Replaying _trim per message gives the same set as one trim
// at the end: the pinned total only grows, so the unpinned suffix that
// survives each trim only shrinks.
//
// Unlike the sliding window, the article keeps no minimum: when the pinned
// messages fill the budget, even the newest unpinned message goes, and
// the overflow is reported rather than hidden.
func applyPriority(history []value.Message, tokens []int, opts Options, patterns []*regexp.Regexp) Result {
	fates := memoryFates(tokens, Dropped)
	pinnedTokens := 0
	var unpinned []int
	for i, m := range history {
		if p := firstMatchingPattern(m.Content, opts.Patterns, patterns); p != "" {
			fates[i].Fate = Pinned
			fates[i].Pattern = p
			pinnedTokens += tokens[i]
			continue
		}
		unpinned = append(unpinned, i)
	}
	// Drop unpinned messages from the front while over budget.
	unpinnedTokens := 0
	for _, i := range unpinned {
		unpinnedTokens += tokens[i]
	}
	first := 0
	for first < len(unpinned) && pinnedTokens+unpinnedTokens > opts.MaxTokens {
		unpinnedTokens -= tokens[unpinned[first]]
		first++
	}
	for _, i := range unpinned[first:] {
		fates[i].Fate = Kept
	}

	kept := make([]value.Message, 0, len(history)-first)
	if opts.ReferenceOrder {
		// The article rebuilds self.messages as priority + non_priority.
		for i, m := range history {
			if fates[i].Fate == Pinned {
				kept = append(kept, m)
			}
		}
		for _, i := range unpinned[first:] {
			kept = append(kept, history[i])
		}
	} else {
		for i, m := range history {
			if fates[i].Fate != Dropped {
				kept = append(kept, m)
			}
		}
	}

	res := Result{
		Messages: kept,
		Fates:    fates,
		Tokens:   pinnedTokens + unpinnedTokens,
	}
	pinnedCount := len(history) - len(unpinned)
	if pinnedCount > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s pinned by priority patterns (%s)", numfmt.Count(pinnedCount, "message", "messages"), numfmt.Count(pinnedTokens, "token", "tokens")))
	}
	if first > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("dropped %s to fit %s", oldest(first, "unpinned message", "unpinned messages"), numfmt.Count(opts.MaxTokens, "token", "tokens")))
	}
	if pinnedTokens > opts.MaxTokens {
		// One pinned message is "the pinned message", which "takes".
		subject := "pinned messages alone take"
		if pinnedCount == 1 {
			subject = "the pinned message alone takes"
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s %s, %s over the %s-token budget; priority memory never drops %s", subject, numfmt.Count(pinnedTokens, "token", "tokens"), numfmt.Thousands(pinnedTokens-opts.MaxTokens), numfmt.Thousands(opts.MaxTokens), numfmt.Plural(pinnedCount, "it", "them")))
	}
	if len(unpinned) > 0 && first == len(unpinned) && unpinned[len(unpinned)-1] == len(history)-1 {
		res.Notes = append(res.Notes, "the newest message was dropped: priority memory, unlike the sliding window, keeps no minimum")
	}
	if opts.ReferenceOrder {
		res.Notes = append(res.Notes, "reference order: the article moves pinned messages to the front, so the history is no longer chronological")
	}
	return res
}
