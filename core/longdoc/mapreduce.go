package longdoc

import (
	"context"
	"fmt"
	"strings"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// PlanMapReduce is the plan of the article's map_reduce_analysis: one map
// call per chunk asking the question of that section only, then one
// reduce call unless every section answers NOT FOUND. chunkSize 0 means
// the article's 6000.
func PlanMapReduce(doc, question string, chunkSize int, tok tokens.Tokenizer) Plan {
	p := newPlan(MapReduce, doc, chunkSize, DefaultMapReduceChunkSize, tok)
	p.Question, tok = question, p.tok
	n := len(p.Chunks)
	for _, c := range p.Chunks {
		req := mapRequest(c, n, question)
		p.Calls = append(p.Calls, Call{Stage: StageMap, Chunk: c.Index, PromptTokens: tokens.CountOnce(tok, req.Prompt()), Exact: true, MaxTokens: req.MaxTokens()})
	}
	if n > 0 {
		// Each partial answer is at most max_tokens behind its
		// "Section i: " label, one per line.
		reduce := summarize.Request{Purpose: summarize.PurposeReduce, Question: question}
		bound := tok.Count(reduce.Prompt())
		for i := range n {
			bound += tok.Count(fmt.Sprintf("Section %d: ", i+1)) + summarize.MapMaxTokens + tok.Count("\n")
		}
		p.Calls = append(p.Calls, Call{
			Stage:        StageReduce,
			Chunk:        -1,
			PromptTokens: bound,
			MaxTokens:    reduce.MaxTokens(),
			Condition:    "only if at least one section does not answer NOT FOUND",
		})
		p.Notes = append(p.Notes, "the article sends the reduce call to gpt-4o and the map calls to gpt-4o-mini; ctxlab uses one summarizer for both")
	}
	p.totals()
	return p
}

// mapRequest is the map call for one chunk.
func mapRequest(c Chunk, sections int, question string) summarize.Request {
	return summarize.Request{Purpose: summarize.PurposeMapQuestion, Text: c.Text, Question: question, Section: c.Index + 1, Sections: sections}
}

// RunMapReduce carries out a map-reduce plan through sum (nil means
// ExtractiveSummarizer). An answer containing NOT FOUND anywhere is
// discarded, as the article's substring test does; when all are, the
// result is the article's fixed sentence and no reduce call is made.
func RunMapReduce(ctx context.Context, plan Plan, sum summarize.Summarizer) (Run, error) {
	if sum == nil {
		sum = summarize.ExtractiveSummarizer{}
	}
	tok := plan.tokenizer()
	run := Run{Strategy: MapReduce}
	n := len(plan.Chunks)
	var answers []string
	for _, c := range plan.Chunks {
		req := mapRequest(c, n, plan.Question)
		step, err := runStep(ctx, sum, Call{Stage: StageMap, Chunk: c.Index, MaxTokens: req.MaxTokens()}, req, tok, plan)
		if err != nil {
			return run, fmt.Errorf("map-reduce, section %s/%s: %w", numfmt.Thousands(c.Index+1), numfmt.Thousands(n), err)
		}
		if strings.Contains(step.Output, summarize.NotFoundAnswer) {
			step.Used = false
		} else {
			answers = append(answers, fmt.Sprintf("Section %d: %s", c.Index+1, step.Output))
		}
		run.Steps = append(run.Steps, step)
	}
	if len(answers) == 0 {
		run.Result = notFoundInDocument
		run.Notes = append(run.Notes, "every section answered NOT FOUND: no reduce call")
		run.Calls = len(run.Steps)
		return run, nil
	}
	req := summarize.Request{Purpose: summarize.PurposeReduce, Question: plan.Question, Text: strings.Join(answers, "\n")}
	step, err := runStep(ctx, sum, Call{Stage: StageReduce, Chunk: -1, MaxTokens: req.MaxTokens()}, req, tok, plan)
	if err != nil {
		return run, fmt.Errorf("map-reduce, reduce: %w", err)
	}
	run.Steps = append(run.Steps, step)
	run.Result = step.Output
	run.Notes = append(run.Notes, fmt.Sprintf("%s of %s %s answered", numfmt.Thousands(len(answers)), numfmt.Thousands(n), numfmt.Plural(n, "section", "sections")))
	run.Calls = len(run.Steps)
	return run, nil
}
