package longdoc

import (
	"context"
	"fmt"

	"ctxlab/core/summarize"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// Strategy is one of the article's two ways through a document too
// long for one call.
type Strategy string

const (
	// Hierarchical is hierarchical_summarize: chunks → chunk
	// summaries → one combined summary.
	Hierarchical Strategy = "hierarchical"
	// MapReduce is map_reduce_analysis: each chunk answers the
	// question, one call synthesizes the answers.
	MapReduce Strategy = "map-reduce"
)

// The article's sizes.
const (
	DefaultHierarchicalChunkSize = 4000 // hierarchical_summarize(chunk_size=4000)
	DefaultMapReduceChunkSize    = 6000 // split_into_chunks(document, max_tokens=6000)
	// hierarchicalCombineThreshold: chunk summaries longer than this
	// together are combined by one more call; shorter ones are returned
	// joined as they are.
	hierarchicalCombineThreshold = 3000
)

// notFoundInDocument is what map_reduce_analysis returns, without a
// reduce call, when every section said NOT FOUND.
const notFoundInDocument = "The answer was not found in the document."

// Chunk is one chunk of the document.
type Chunk struct {
	Index  int    `json:"index"`
	Tokens int    `json:"tokens"`
	Text   string `json:"text"`
	// OverLimit marks a chunk above the chunk size: a single paragraph
	// longer than the limit, or the separator the article does not count.
	OverLimit bool `json:"over_limit,omitempty"`
}

// Stages of a long-document call.
const (
	StageChunkSummary = "chunk"   // hierarchical layer 1
	StageCombine      = "combine" // hierarchical layer 2
	StageMap          = "map"     // map-reduce, one per chunk
	StageReduce       = "reduce"  // map-reduce synthesis
)

// Call is one model call of a plan.
type Call struct {
	Stage string `json:"stage"`
	// Chunk is the 0-based chunk the call reads, -1 for combine and
	// reduce.
	Chunk int `json:"chunk"`
	// PromptTokens is the prompt's tokens, the article's wrapper
	// included: exact when Exact, else an upper bound, since the prompt
	// holds model outputs not yet produced.
	PromptTokens int  `json:"prompt_tokens"`
	Exact        bool `json:"exact"`
	// MaxTokens is the article's max_tokens for the call.
	MaxTokens int `json:"max_tokens"`
	// Condition says when the call happens, "" when it always does.
	Condition string `json:"condition,omitempty"`
}

// Plan is what a long-document strategy will send, known before
// any model runs: the chunks, every call with its token counts, and how
// many calls there will be.
type Plan struct {
	Strategy       Strategy `json:"strategy"`
	Question       string   `json:"question,omitempty"`
	ChunkSize      int      `json:"chunk_size"`
	Tokenizer      string   `json:"tokenizer"`
	DocumentTokens int      `json:"document_tokens"`
	Chunks         []Chunk  `json:"chunks"`
	Calls          []Call   `json:"calls"`
	// MinCalls and MaxCalls bound the number of calls: the last call
	// depends on what the first ones return.
	MinCalls int `json:"min_calls"`
	MaxCalls int `json:"max_calls"`
	// MaxPromptTokens and MaxOutputTokens total the calls at MaxCalls,
	// upper bounds included.
	MaxPromptTokens int      `json:"max_prompt_tokens"`
	MaxOutputTokens int      `json:"max_output_tokens"`
	Notes           []string `json:"notes,omitempty"`

	tok tokens.Tokenizer
}

// Step is one call a run made.
type Step struct {
	Call         Call   `json:"call"`
	Output       string `json:"output"`
	OutputTokens int    `json:"output_tokens"`
	// Used is false for a map answer that said NOT FOUND and so does not
	// reach the reduce call.
	Used bool `json:"used"`
}

// Run is a plan carried out through a Summarizer.
type Run struct {
	Strategy Strategy `json:"strategy"`
	Steps    []Step   `json:"steps"`
	Result   string   `json:"result"`
	Calls    int      `json:"calls"`
	Notes    []string `json:"notes,omitempty"`
}

// planChunks splits doc and measures each chunk.
func planChunks(doc string, chunkSize int, tok tokens.Tokenizer) []Chunk {
	texts := tokens.SplitIntoChunks(doc, chunkSize, tok)
	chunks := make([]Chunk, len(texts))
	for i, text := range texts {
		n := tok.Count(text)
		chunks[i] = Chunk{Index: i, Tokens: n, Text: text, OverLimit: n > chunkSize}
	}
	return chunks
}

// totals fills the call counts and token totals from the calls.
func (p *Plan) totals() {
	p.MinCalls, p.MaxCalls, p.MaxPromptTokens, p.MaxOutputTokens = 0, 0, 0, 0
	for _, c := range p.Calls {
		if c.Condition == "" {
			p.MinCalls++
		}
		p.MaxCalls++
		p.MaxPromptTokens += c.PromptTokens
		p.MaxOutputTokens += c.MaxTokens
	}
	over := 0
	for _, c := range p.Chunks {
		if c.OverLimit {
			over++
		}
	}
	if over > 0 {
		p.Notes = append(p.Notes, fmt.Sprintf("%d %s the %s-token chunk size: a paragraph longer than the limit is never split, and the article's check does not count the \"\\n\\n\" that joins paragraphs", over, numfmt.Plural(over, "chunk exceeds", "chunks exceed"), numfmt.Thousands(p.ChunkSize)))
	}
}

// tokenizer returns the plan's tokenizer, Heuristic for a plan built by
// hand.
func (p Plan) tokenizer() tokens.Tokenizer {
	if p.tok == nil {
		return tokens.Heuristic{}
	}
	return p.tok
}

// runStep makes one call and records it, with the prompt's tokens the
// plan counted for it when it did (planned), else counted now.
func runStep(ctx context.Context, sum summarize.Summarizer, call Call, req summarize.Request, tok tokens.Tokenizer, planned Plan) (Step, error) {
	if n, ok := planned.exactPromptTokens(call); ok {
		call.PromptTokens = n
	} else {
		call.PromptTokens = tok.Count(req.Prompt())
	}
	call.Exact = true
	out, err := sum.Summarize(ctx, req)
	if err != nil {
		return Step{}, err
	}
	return Step{Call: call, Output: out, OutputTokens: tok.Count(out), Used: true}, nil
}

// newPlan is a plan's common start: the document chunked and counted,
// with the heuristic tokenizer when none is given and the strategy's
// default chunk size when chunkSize is 0 or less.
func newPlan(strategy Strategy, doc string, chunkSize, defaultChunkSize int, tok tokens.Tokenizer) Plan {
	if tok == nil {
		tok = tokens.Heuristic{}
	}
	if chunkSize <= 0 {
		chunkSize = defaultChunkSize
	}
	return Plan{
		Strategy:       strategy,
		ChunkSize:      chunkSize,
		Tokenizer:      tok.Name(),
		DocumentTokens: tok.Count(doc),
		Chunks:         planChunks(doc, chunkSize, tok),
		tok:            tok,
	}
}

// exactPromptTokens is the plan's exact count of the prompt of call (a
// chunk's or a map call's, whose prompt holds no model output): the
// same prompt, so a run need not make it again to count it. Made a
// second time, one 50 MB chunk's prompt took the heap from 103 MB live
// to 172 MB.
func (p Plan) exactPromptTokens(call Call) (int, bool) {
	// The plans list a chunk's call at the chunk's index.
	if i := call.Chunk; i >= 0 && i < len(p.Calls) {
		if c := p.Calls[i]; c.Exact && c.Stage == call.Stage && c.Chunk == i {
			return c.PromptTokens, true
		}
	}
	return 0, false
}
