package report

import (
	"regexp"
	"strings"
)

// Term is one word of the reports with its meaning for a reader who
// never ran ctxlab.
type Term struct {
	Word    string
	Meaning string
	// match finds the word in a label; compiled from Word and its other
	// spellings.
	match *regexp.Regexp
}

// term makes a Term whose word is also found as any of spellings.
func term(word, meaning string, spellings ...string) Term {
	alts := []string{regexp.QuoteMeta(word)}
	for _, s := range spellings {
		alts = append(alts, regexp.QuoteMeta(s))
	}
	return Term{Word: word, Meaning: meaning, match: regexp.MustCompile(`(?i)(^|[^\pL_])(` + strings.Join(alts, "|") + `)($|[^\pL_])`)}
}

// requestTerms are the words of a request's report; evalTerms and
// trajectoryTerms those an eval run's and a trajectory's add.
var (
	requestTerms = []Term{
		term("window", "The most tokens the model takes in one request: the input and the reply together."),
		term("max input", "The window less the tokens reserved for the reply: the most the input may take."),
		term("reserved for the reply", "Room kept free in the window for the model's answer (the request's max_tokens); not input.", "response reserve", "reserve"),
		term("utilization", "The input's tokens as a share of the max input."),
		term("tokenizer", "How text is split into tokens, the unit models count and bill. o200k_base is the tokenizer of OpenAI's GPT-4o family; cl100k_base of GPT-4 and GPT-3.5; heuristic estimates words × 1.3.", "o200k_base", "cl100k_base", "heuristic"),
		term("component", "One part of the request: system prompt, tool definitions, conversation history, retrieved context (the documents), tool results, user query."),
		term("allocation", "The tokens a preset sets aside for one component; a budgeted assembly cuts the component to it.", "allocated", "preset"),
		term("raw", "A component's tokens before any cut: what the inputs hold."),
		term("measure", "Assembly mode: the request is counted as it was sent, nothing cut; components may be over their allocations.", "measured as sent"),
		term("budgeted", "Assembly mode: each component is cut to its allocation before the request is sent."),
		term("memory", "How the conversation history is fitted to its allocation: sliding keeps the last turns, priority keeps the most important messages, summary folds old turns into a summary."),
		term("assembler's headings", "The short headings the assembler puts before parts of the request (Available tools, Relevant context, Tool results)."),
		term("message framing", "Tokens the provider adds around each message (role markers, separators) and to prime the reply."),
		term("builder", "What turns the retrieved documents into the context block: context_manager (filter, sort, dedup, reorder, budget, format) or simple (take documents in order until full)."),
		term("reference mode", "Budget mode that counts only the documents' own tokens, not their citation headers, so the block can run over its budget; strict mode counts everything.", "reference"),
		term("lost-in-the-middle", "Reordering that puts the strongest documents at the start and the end of the block, where models read most closely, and the weaker ones in the middle.", "lost in the middle", "reorder"),
		term("budget", "The tokens the retrieved context may take; documents past it are left out (✗) or cut (✂)."),
		term("duplicate", "A document removed because another says the same: exact (same text) or near (5-word shingle similarity at or over the dedup threshold).", "duplicates", "similarity"),
		term("filtered", "Removed before the budget: shorter than the minimum tokens, or below the score cutoff."),
		term("summarized", "Sent as a short synopsis instead of whole, to fit the budget."),
		term("finding", "Something ctxlab found wrong or worth knowing in the request, worst first: error (the request fails), warning (answers may suffer), info."),
		term("fix", "A change of settings that ctxlab tried on the same input; its flags, added to the same command, apply it."),
		term("score", "The retriever's relevance score for a document: the higher, the better it matches the question. Rank is its place in that order, 1 the best match.", "rank"),
		term("synopsis", "A short copy of a document (the sentences that best cover the question) sent in its place when the whole does not fit. \"Not even one sentence fits\" means the budget left (remaining) was smaller than its shortest sentence.", "remaining"),
		term("broken axis", "A bar whose scale is interrupted at a zigzag (≈): the reply's reserve is drawn shortened so that the input, small beside it, stays readable; its real size is said in words under the bar.", "axis break"),
		term("alternatives", "Fixes of which only one should be applied: each settles the same problem alone, or they change the same setting. Fixes that go together are measured together under Combining fixes."),
	}
	evalTerms = []Term{
		term("context recall", "Of the documents judged relevant that retrieval found, the share that reached the context the model sees."),
		term("qrels", "Relevance judgments: which documents answer which query."),
		term("retrieval run", "What a search system returned for each query, ranked: a TREC run file or JSON Lines."),
	}
	trajectoryTerms = []Term{
		term("turn", "One request of the agent's conversation: everything sent to the model at that step."),
		term("prompt cache", "The provider's cache of a request's opening: a turn that starts like the last one is read from it at a lower price.", "cached"),
		term("trim policy", "A rule for what to leave out as the conversation grows: last N messages, drop the oldest, trim at a watermark, compact, clear old tool results.", "policy", "policies"),
		term("as-sent", "The conversation as the agent sent it, nothing trimmed."),
		term("input only", "The costs price the tokens sent to the model at its input rate; the replies' output tokens are not priced."),
	}
)

// Glossary is the words of r, with their meanings: the request's for a
// request, and the eval run's and the trajectory's when it has them.
func (r *Report) Glossary() []Term {
	var terms []Term
	if r.Window != nil {
		terms = append(terms, requestTerms...)
	}
	if r.Eval != nil {
		terms = append(terms, evalTerms...)
	}
	if r.Trajectory != nil {
		terms = append(terms, requestTerms[0], requestTerms[2], requestTerms[4])
		terms = append(terms, trajectoryTerms...)
	}
	return terms
}

// allTerms is every term, the most specific first, for Gloss.
var allTerms = func() []Term {
	all := append(append(append([]Term{}, evalTerms...), trajectoryTerms...), requestTerms...)
	// A longer word first: "reference mode" before "reference", "max
	// input" before "input".
	for i := 1; i < len(all); i++ {
		for j := i; j > 0 && len(all[j].Word) > len(all[j-1].Word); j-- {
			all[j], all[j-1] = all[j-1], all[j]
		}
	}
	return all
}()

// Gloss is the meaning of the first glossary word a label holds, for a
// hover text; "" when it holds none.
func Gloss(label string) string {
	for _, t := range allTerms {
		if t.match.MatchString(label) {
			return t.Word + ": " + t.Meaning
		}
	}
	return ""
}
