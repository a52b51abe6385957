package longdoc

import (
	"context"
	"fmt"
	"strings"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// PlanHierarchical is the plan of the article's hierarchical_summarize:
// one call per chunk, then one combine call only if the chunk summaries
// together exceed 3000 tokens, which is unknown until they exist; the plan
// gives both bounds. chunkSize 0 means the article's 4000.
func PlanHierarchical(doc string, chunkSize int, tok tokens.Tokenizer) Plan {
	p := newPlan(Hierarchical, doc, chunkSize, DefaultHierarchicalChunkSize, tok)
	tok = p.tok
	for _, c := range p.Chunks {
		req := summarize.Request{Purpose: summarize.PurposeChunk, Text: c.Text}
		p.Calls = append(p.Calls, Call{Stage: StageChunkSummary, Chunk: c.Index, PromptTokens: tokens.CountOnce(tok, req.Prompt()), Exact: true, MaxTokens: req.MaxTokens()})
	}
	// The combined summaries are at most n × max_tokens plus separators;
	// when even that cannot pass the threshold, no combine call is
	// possible.
	n := len(p.Chunks)
	final := summarize.Request{Purpose: summarize.PurposeFinal}
	combinedBound := n*summarize.ChunkMaxTokens + max(n-1, 0)*tok.Count(tokens.ChunkParagraphSeparator)
	if combinedBound > hierarchicalCombineThreshold {
		p.Calls = append(p.Calls, Call{
			Stage:        StageCombine,
			Chunk:        -1,
			PromptTokens: tok.Count(final.Prompt()) + combinedBound,
			MaxTokens:    final.MaxTokens(),
			Condition:    fmt.Sprintf("only if %s together exceed %s tokens", chunkSummaries(n), numfmt.Thousands(hierarchicalCombineThreshold)),
		})
	} else if n > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("no combine call: %s of at most %s tokens cannot exceed %s tokens, so %s", chunkSummaries(n), numfmt.Thousands(summarize.ChunkMaxTokens), numfmt.Thousands(hierarchicalCombineThreshold), numfmt.Plural(n, "it is the result", "they are returned joined")))
	}
	p.totals()
	return p
}

// RunHierarchical carries out a hierarchical plan through sum (nil means
// ExtractiveSummarizer): each chunk summarized, the summaries joined with
// "\n\n" and combined by one more call when they exceed 3000 tokens.
func RunHierarchical(ctx context.Context, plan Plan, sum summarize.Summarizer) (Run, error) {
	if sum == nil {
		sum = summarize.ExtractiveSummarizer{}
	}
	tok := plan.tokenizer()
	run := Run{Strategy: Hierarchical}
	summaries := make([]string, 0, len(plan.Chunks))
	for _, c := range plan.Chunks {
		req := summarize.Request{Purpose: summarize.PurposeChunk, Text: c.Text}
		step, err := runStep(ctx, sum, Call{Stage: StageChunkSummary, Chunk: c.Index, MaxTokens: req.MaxTokens()}, req, tok, plan)
		if err != nil {
			return run, fmt.Errorf("hierarchical summary, chunk %s/%s: %w", numfmt.Thousands(c.Index+1), numfmt.Thousands(len(plan.Chunks)), err)
		}
		run.Steps = append(run.Steps, step)
		summaries = append(summaries, step.Output)
	}
	combined := strings.Join(summaries, tokens.ChunkParagraphSeparator)
	run.Result = combined
	if n := tok.Count(combined); n > hierarchicalCombineThreshold {
		req := summarize.Request{Purpose: summarize.PurposeFinal, Text: combined}
		step, err := runStep(ctx, sum, Call{Stage: StageCombine, Chunk: -1, MaxTokens: req.MaxTokens()}, req, tok, plan)
		if err != nil {
			return run, fmt.Errorf("hierarchical summary, combine: %w", err)
		}
		run.Steps = append(run.Steps, step)
		run.Result = step.Output
		run.Notes = append(run.Notes, fmt.Sprintf("%s took %s tokens, over %s: combined by one more call", chunkSummaries(len(summaries)), numfmt.Thousands(n), numfmt.Thousands(hierarchicalCombineThreshold)))
	} else if len(summaries) > 0 {
		run.Notes = append(run.Notes, fmt.Sprintf("%s took %s tokens, within %s: returned joined", chunkSummaries(len(summaries)), numfmt.Thousands(n), numfmt.Thousands(hierarchicalCombineThreshold)))
	}
	run.Calls = len(run.Steps)
	return run, nil
}

// chunkSummaries names the chunk summaries in a note: "the 16 chunk
// summaries", and "the chunk summary" for one, not "1 chunk summaries".
func chunkSummaries(n int) string {
	if n == 1 {
		return "the chunk summary"
	}
	return "the " + numfmt.Thousands(n) + " chunk summaries"
}
