package tokens

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Keep says which end of a text survives truncation.
type Keep int

const (
	// KeepStart keeps the beginning: documents, system prompts.
	KeepStart Keep = iota
	// KeepEnd keeps the end: chat history, tool results.
	KeepEnd
)

// Tokenizer counts tokens and cuts text to a token limit. Implementations
// are safe for concurrent use.
type Tokenizer interface {
	// Name is the tokenizer's name as the command line spells it.
	Name() string
	// Count returns the number of tokens in text.
	Count(text string) int
	// Truncate returns text cut to at most maxTokens tokens, keeping the
	// start or the end. Text that already fits is returned unchanged.
	Truncate(text string, maxTokens int, keep Keep) string
	// Exact reports whether counts are the provider's real token counts
	// (false for the whitespace heuristic).
	Exact() bool
}

// Tokenizer names accepted by ByName.
const (
	TokenizerHeuristic = "heuristic"
	TokenizerCL100K    = "cl100k_base"
	TokenizerO200K     = "o200k_base"
)

// Names lists the built-in tokenizers in display order.
var Names = []string{TokenizerHeuristic, TokenizerCL100K, TokenizerO200K}

var BuiltinTokenizers = map[string]Tokenizer{
	TokenizerHeuristic: Heuristic{},
	TokenizerCL100K:    newBPE(TokenizerCL100K),
	TokenizerO200K:     newBPE(TokenizerO200K),
}

// ByName returns a built-in tokenizer. BPE vocabularies load on
// first use, not here, so asking for one is free.
func ByName(name string) (Tokenizer, error) {
	if t, ok := BuiltinTokenizers[strings.TrimSpace(name)]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("unknown tokenizer %q (expected one of %s)", name, strings.Join(Names, ", "))
}

// modelEncodingPrefixes maps model-name prefixes to encodings; the longest
// matching prefix wins, so "gpt-4o" is not taken for "gpt-4".
var modelEncodingPrefixes = map[string]string{
	"gpt-5":                  TokenizerO200K,
	"gpt-4.5":                TokenizerO200K,
	"gpt-4.1":                TokenizerO200K,
	"gpt-4o":                 TokenizerO200K,
	"chatgpt-4o":             TokenizerO200K,
	"gpt-oss":                TokenizerO200K,
	"o1":                     TokenizerO200K,
	"o3":                     TokenizerO200K,
	"o4":                     TokenizerO200K,
	"codex-":                 TokenizerO200K,
	"gpt-4":                  TokenizerCL100K,
	"gpt-3.5":                TokenizerCL100K,
	"gpt-35":                 TokenizerCL100K,
	"text-embedding-3":       TokenizerCL100K,
	"text-embedding-ada-002": TokenizerCL100K,
}

// EncodingForModel returns the encoding a model uses. Provider prefixes
// such as "openai:" or "openai/" are ignored.
func EncodingForModel(model string) (string, error) {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	best := ""
	for prefix := range modelEncodingPrefixes {
		if strings.HasPrefix(name, prefix) && len(prefix) > len(best) {
			best = prefix
		}
	}
	if best == "" {
		if laterOpenAIModel.MatchString(name) {
			return TokenizerO200K, nil
		}
		return "", fmt.Errorf("unknown model %q (known families: %s)", model, strings.Join(knownModelFamilies(), ", "))
	}
	return modelEncodingPrefixes[best], nil
}

// laterOpenAIModel matches OpenAI model names newer than the table (o5,
// o10-mini, gpt-6, gpt-7.1): every OpenAI model since gpt-4o uses
// o200k_base, so a newer one is taken to as well.
var laterOpenAIModel = regexp.MustCompile(`^(o([5-9]|[1-9][0-9]+)|gpt-([6-9]|[1-9][0-9]+))([-.]|$)`)

// ForModel is the tokenizer ctxlab counts a model's tokens
// with: its encoding for an OpenAI model, o200k_base as an estimate for a
// Claude model (LookupModel), whose tokenizer is not public.
func ForModel(model string) (Tokenizer, error) {
	enc, err := EncodingForModel(model)
	if err != nil {
		spec, ok := LookupModel(model)
		if !ok {
			return nil, err
		}
		enc = spec.Encoding
	}
	return ByName(enc)
}

func knownModelFamilies() []string {
	families := make([]string, 0, len(modelEncodingPrefixes))
	for prefix := range modelEncodingPrefixes {
		families = append(families, strings.TrimSuffix(prefix, "-")+"*")
	}
	families = append(families, "claude*") // counted with o200k_base, an estimate
	sort.Strings(families)
	return families
}
