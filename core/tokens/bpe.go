package tokens

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// splitters are the pre-tokenizations of the built-in encodings.
var splitters = map[string]splitter{
	TokenizerCL100K: cl100kNext,
	TokenizerO200K:  o200kNext,
}

// BPE is a tiktoken encoding loaded on first use. Loading parses a
// multi-megabyte vocabulary, so it happens at most once per process and
// only when a count is actually needed. Its tokens are exactly
// tiktoken-go's (EncodeOrdinary); the encoder is ctxlab's own, for speed
// (see splitter and bytePairMerge).
type BPE struct {
	name  string
	once  sync.Once
	enc   *encoding
	err   error
	ready atomic.Bool
	memo  tokenMemo
}

func newBPE(name string) *BPE { return &BPE{name: name} }

// NewBPE returns a BPE tokenizer of its own, unloaded, unlike ByName's
// shared one: a benchmark or test of a cold start (the workbench before
// the vocabulary is in memory) needs one that no earlier test loaded.
func NewBPE(name string) (*BPE, error) {
	if _, ok := splitters[name]; !ok {
		return nil, fmt.Errorf("unknown BPE encoding %q (expected %s or %s)", name, TokenizerCL100K, TokenizerO200K)
	}
	return newBPE(name), nil
}

func (b *BPE) load() *encoding {
	b.once.Do(func() {
		var v *vocabulary
		v, b.err = loadVocabulary(b.name)
		if b.err == nil {
			b.enc = &encoding{vocabulary: *v, next: splitters[b.name], pieces: newPieceCache()}
		}
		b.ready.Store(true)
	})
	if b.err != nil {
		// The vocabularies are compiled into the binary; failing to parse
		// them is a build defect, not an input error.
		panic("ctxlab: embedded BPE vocabulary " + b.name + " failed to load: " + b.err.Error())
	}
	return b.enc
}

// Loaded reports, without waiting, whether the vocabulary is in memory,
// so a count would not stall on loading it.
func (b *BPE) Loaded() bool { return b.ready.Load() }

// Name implements Tokenizer.
func (b *BPE) Name() string { return b.name }

// Exact implements Tokenizer.
func (b *BPE) Exact() bool { return true }

// Preload loads the vocabulary now; the workbench calls it in the
// background so the first count does not stall a key press.
func (b *BPE) Preload() { b.load() }

// Encode returns the token ids of text. Special-token text such as
// "<|endoftext|>" is encoded as ordinary text, never as the special token:
// input is data, not control.
func (b *BPE) Encode(text string) []int { return b.load().encode(text) }

// Count implements Tokenizer.
func (b *BPE) Count(text string) int {
	if text == "" {
		return 0
	}
	return b.memo.count(text, b.load().countObserved)
}

// CountContext implements ContextCounter.
func (b *BPE) CountContext(ctx context.Context, text string, done func(bytes int)) (int, error) {
	return b.load().countContext(ctx, text, done)
}

// Truncate implements Tokenizer. A cut that falls inside a multi-byte
// character drops the partial character rather than emit invalid UTF-8.
func (b *BPE) Truncate(text string, maxTokens int, keep Keep) string {
	if b.Count(text) <= maxTokens {
		return text
	}
	return b.memo.truncate(cutKey{text, maxTokens, keep}, func() string { return b.truncate(text, maxTokens, keep) })
}

func (b *BPE) truncate(text string, maxTokens int, keep Keep) string {
	enc := b.load()
	if keep == KeepEnd {
		valid := validText(text)
		start, total := enc.tailStart(valid, maxTokens)
		if total <= maxTokens {
			return text
		}
		if maxTokens <= 0 {
			return ""
		}
		// A copy, so the cut does not hold the whole text alive.
		return strings.Clone(trimPartialRunes(valid[start:]))
	}
	// One id past the cut tells whether anything is cut.
	tokens := enc.encodeUpTo(text, max(maxTokens, 0)+1)
	if len(tokens) <= maxTokens {
		return text
	}
	if maxTokens <= 0 {
		return ""
	}
	return trimPartialRunes(enc.decode(tokens[:maxTokens]))
}

// trimPartialRunes removes the bytes of characters a token boundary split,
// which can only sit at either end of a decoded slice.
func trimPartialRunes(s string) string {
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r != utf8.RuneError || size != 1 {
			break
		}
		s = s[1:]
	}
	for len(s) > 0 {
		r, size := utf8.DecodeLastRuneInString(s)
		if r != utf8.RuneError || size != 1 {
			break
		}
		s = s[:len(s)-1]
	}
	return s
}

// ContextCounter is implemented by tokenizers that can count one long
// text in steps: stopped through ctx, telling done how many bytes they
// have read. The count is Count's.
type ContextCounter interface {
	CountContext(ctx context.Context, text string, done func(bytes int)) (int, error)
}

// Preloader is implemented by tokenizers whose first use is expensive.
type Preloader interface {
	// Preload loads what the first count needs.
	Preload()
	// Loaded reports, without waiting, whether a count would start at once.
	Loaded() bool
}
