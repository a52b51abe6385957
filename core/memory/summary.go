package memory

import (
	"context"
	"fmt"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// summaryLine is the article's build_context line for the summary.
func summaryLine(summary string) string {
	return "[Conversation summary: " + summary + "]"
}

// summaryLinePattern names the summary line in notes, which count it
// whole (brackets and label included), while a fold's SummaryTokens
// counts the summary text alone.
const summaryLinePattern = "[Conversation summary: …]"

// applyRollingSummary replays the article's RollingSummarizer over the
// history: each message increments turn_count, and every SummarizeEvery
// turns all but the KeepRecent newest unfolded messages are folded into
// the running summary, the previous summary passed along. The article
// has no budget and never trims the recent messages, so between folds they
// can outgrow any budget; by ctxlab's choice the summary line counts
// against MaxTokens and, when summary plus recent messages are still over
// it, the oldest recent messages are dropped as the sliding window would
// drop them, and that is reported.
func applyRollingSummary(ctx context.Context, history []value.Message, tokens []int, opts Options, tok tokens.Tokenizer, sum summarize.Summarizer) (Result, error) {
	fates := memoryFates(tokens, Kept)
	var folds []SummaryFold
	summary := ""
	recentStart := 0 // history[recentStart:turn] are the article's recent_messages
	for turn := 1; turn <= len(history); turn++ {
		if turn%opts.SummarizeEvery != 0 || turn-recentStart <= opts.KeepRecent {
			continue
		}
		foldEnd := turn - opts.KeepRecent
		next, err := sum.Summarize(ctx, summarize.Request{
			Purpose:  summarize.PurposeConversation,
			Previous: summary,
			Messages: history[recentStart:foldEnd],
		})
		if err != nil {
			return Result{}, fmt.Errorf("rolling summary at turn %s (messages %s-%s): %w", numfmt.Thousands(turn), numfmt.Thousands(recentStart+1), numfmt.Thousands(foldEnd), err)
		}
		summary = next
		folded := make([]int, 0, foldEnd-recentStart)
		for i := recentStart; i < foldEnd; i++ {
			fates[i].Fate = Summarized
			folded = append(folded, i)
		}
		folds = append(folds, SummaryFold{Turn: turn, Folded: folded, SummaryTokens: tok.Count(summary)})
		recentStart = foldEnd
	}

	res := Result{Summary: summary, Fates: fates, Folds: folds}
	summaryTokens := 0
	var lines []value.Message
	if summary != "" {
		line := summaryLine(summary)
		summaryTokens = tok.Count(line)
		lines = append(lines, value.Message{Role: SummaryRole, Content: line})
	}
	keepFrom, recentTokens := slidingStart(tokens, recentStart, len(history), opts.MaxTokens-summaryTokens)
	for i := recentStart; i < keepFrom; i++ {
		fates[i].Fate = Dropped
	}
	recent := history[keepFrom:]
	lines = append(lines, recent...)
	res.Messages = lines
	res.Tokens = summaryTokens + recentTokens

	if len(folds) > 0 && summary == "" {
		res.Notes = append(res.Notes, fmt.Sprintf("the summarizer found nothing worth keeping in the %s folded %s", numfmt.Thousands(recentStart), numfmt.Plural(recentStart, "message", "messages")))
	} else if len(folds) > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%s folded %s %s into the summary; its %s line takes %s tokens with the brackets",
			numfmt.Count(len(folds), "fold", "folds"), numfmt.Thousands(recentStart), numfmt.Plural(recentStart, "message", "messages"), summaryLinePattern, numfmt.Thousands(summaryTokens)))
	}
	if pending := len(history) - recentStart; len(history) > 0 {
		next := (len(history)/opts.SummarizeEvery + 1) * opts.SummarizeEvery
		res.Notes = append(res.Notes, fmt.Sprintf("%s verbatim; next fold at message %s (each message is a turn, as in the article)", numfmt.Count(pending, "recent message", "recent messages"), numfmt.Thousands(next)))
	}
	if keepFrom > recentStart {
		res.Notes = append(res.Notes, fmt.Sprintf("summary plus recent messages exceeded %s tokens: dropped the %s (the article does not trim them)", numfmt.Thousands(opts.MaxTokens), numfmt.Count(keepFrom-recentStart, "oldest recent message", "oldest recent messages")))
	}
	if summaryTokens > opts.MaxTokens {
		res.Notes = append(res.Notes, fmt.Sprintf("the summary line alone takes %s tokens, over the %s-token budget", numfmt.Thousands(summaryTokens), numfmt.Thousands(opts.MaxTokens)))
	}
	return res, nil
}
