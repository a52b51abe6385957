package summarize

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"ctxlab/core/value"
	"ctxlab/internal/numfmt"
)

// Summarizer condenses text for the rolling summary and the long-document
// strategies. ExtractiveSummarizer is the offline default; package llm
// holds one that asks an OpenAI-compatible model.
type Summarizer interface {
	Summarize(ctx context.Context, req Request) (string, error)
}

// Purpose says which of the article's model calls a request stands
// for; it picks the prompt, the max_tokens and the extractive rules.
type Purpose string

const (
	// PurposeConversation folds chat turns into the rolling summary.
	PurposeConversation Purpose = "conversation"
	// PurposeChunk summarizes one chunk of a long document (hierarchical).
	PurposeChunk Purpose = "chunk"
	// PurposeFinal combines chunk summaries (hierarchical, layer 2).
	PurposeFinal Purpose = "final"
	// PurposeMapQuestion answers a question from one section (map-reduce).
	PurposeMapQuestion Purpose = "map-question"
	// PurposeReduce synthesizes the sections' answers (map-reduce).
	PurposeReduce Purpose = "reduce"
)

// Purposes lists the purposes in pipeline order.
var Purposes = []Purpose{PurposeConversation, PurposeChunk, PurposeFinal, PurposeMapQuestion, PurposeReduce}

// NotFoundAnswer is what a map call answers when its section does not
// hold the answer; the article tests answers for it as a substring.
const NotFoundAnswer = "NOT FOUND"

// Request is one summarization call.
type Request struct {
	// Purpose is "" or one of Purposes; "" means conversation.
	Purpose Purpose `json:"purpose"`
	// Previous is the running summary a conversation fold extends.
	Previous string `json:"previous,omitempty"`
	// Messages are the turns to fold; when set they take precedence over
	// Text and are rendered "role: content", one per line.
	Messages []value.Message `json:"messages,omitempty"`
	// Text is the chunk, the joined chunk summaries or the joined partial
	// answers.
	Text string `json:"text,omitempty"`
	// MaxWords caps the summary; 0 means the purpose's default (300 words
	// for a conversation as the article's prompt says, and about 0.75
	// words per max_tokens token for the others).
	MaxWords int `json:"max_words,omitempty"`
	// Question is the map-reduce question.
	Question string `json:"question,omitempty"`
	// Section and Sections number a map call's chunk, 1-based, as the
	// article's "Document section i/n".
	Section  int `json:"section,omitempty"`
	Sections int `json:"sections,omitempty"`
}

// Validate reports a purpose that does not exist or a negative limit.
func (r Request) Validate() error {
	if r.MaxWords < 0 {
		return fmt.Errorf("summary word limit %s is negative", numfmt.Thousands(r.MaxWords))
	}
	if r.Purpose == "" {
		return nil
	}
	for _, p := range Purposes {
		if p == r.Purpose {
			return nil
		}
	}
	names := make([]string, len(Purposes))
	for i, p := range Purposes {
		names[i] = string(p)
	}
	return fmt.Errorf("unknown summary purpose %q (expected one of %s)", r.Purpose, strings.Join(names, ", "))
}

// purpose returns the purpose with "" resolved.
func (r Request) purpose() Purpose {
	if r.Purpose == "" {
		return PurposeConversation
	}
	return r.Purpose
}

// Input is the text to condense: the messages rendered as the article's
// conversation_text, or Text.
func (r Request) Input() string {
	if len(r.Messages) > 0 {
		return RenderMemoryLines(r.Messages)
	}
	return r.Text
}

// The article's max_tokens per call.
const (
	conversationMaxTokens = 400  // RollingSummarizer._summarize_old_turns
	ChunkMaxTokens        = 300  // hierarchical_summarize, layer 1
	finalMaxTokens        = 800  // hierarchical_summarize, layer 2
	MapMaxTokens          = 500  // map_reduce_analysis, map
	reduceMaxTokens       = 1000 // map_reduce_analysis, reduce
)

// conversationMaxWords is the article's "Max 300 words."
const conversationMaxWords = 300

// MaxTokens is the max_tokens the article sends with this call.
func (r Request) MaxTokens() int {
	switch r.purpose() {
	case PurposeChunk:
		return ChunkMaxTokens
	case PurposeFinal:
		return finalMaxTokens
	case PurposeMapQuestion:
		return MapMaxTokens
	case PurposeReduce:
		return reduceMaxTokens
	default:
		return conversationMaxTokens
	}
}

// WordLimit is MaxWords or the purpose's default. Only the conversation
// prompt states a word limit; the others are bounded by max_tokens, which
// English text turns into about three words per four tokens.
func (r Request) WordLimit() int {
	if r.MaxWords > 0 {
		return r.MaxWords
	}
	if r.purpose() == PurposeConversation {
		return conversationMaxWords
	}
	return r.MaxTokens() * 3 / 4
}

// articleIndent is the indentation inside the article's triple-quoted
// conversation prompt. It is sent as written so token counts match what
// the reference really sends.
const articleIndent = "                "

// Prompt is the user message the article sends for this call, verbatim.
func (r Request) Prompt() string {
	switch r.purpose() {
	case PurposeChunk:
		return "Summarize key facts, dates, names, and obligations:\n\n" + r.Input()
	case PurposeFinal:
		return "Create a comprehensive summary from these section summaries:\n\n" + r.Input()
	case PurposeMapQuestion:
		// One concatenation, one allocation of the prompt's size: through
		// fmt's buffer, which doubles as it grows and is then copied, a
		// 50 MB section was in memory three times.
		return "Document section " + strconv.Itoa(r.Section) + "/" + strconv.Itoa(r.Sections) + ":\n" + r.Input() +
			"\n\nQuestion: " + r.Question + "\n\nAnswer based on this section only. Say '" + NotFoundAnswer + "' if not in this section."
	case PurposeReduce:
		return "Question: " + r.Question + "\n\nPartial answers from document sections:\n" + r.Input() + "\n\nSynthesize a complete, coherent answer."
	default:
		existing := ""
		if r.Previous != "" {
			existing = "Previous summary: " + r.Previous + "\n\n"
		}
		return existing + "Summarize this conversation segment.\n" +
			articleIndent + "Preserve: names, IDs, decisions, preferences, unresolved issues.\n" +
			articleIndent + "Omit: greetings, filler, repeated information.\n" +
			articleIndent + fmt.Sprintf("Max %d words.\n", r.WordLimit()) +
			"\n" +
			articleIndent + "Conversation:\n" +
			articleIndent + r.Input() + "\n" +
			articleIndent
	}
}

// RenderMemoryLines is the article's to_text: "role: content" per message.
func RenderMemoryLines(msgs []value.Message) string {
	return strings.Join(slices.Collect(func(yield func(string) bool) {
		for i, m := range msgs {
			if i > 0 && !yield("\n") {
				return
			}
			if !yield(m.Role) || !yield(": ") || !yield(m.Content) {
				return
			}
		}
	}), "")
}
