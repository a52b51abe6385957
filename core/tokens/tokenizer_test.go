package tokens

import (
	"reflect"
	"strings"
	"testing"
)

func TestBPEKnownVectors(t *testing.T) {
	cases := []struct {
		name string
		want []int
	}{
		{TokenizerCL100K, []int{15339, 1917}},
		{TokenizerO200K, []int{24912, 2375}},
	}
	for _, c := range cases {
		tok, err := ByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		got := tok.(*BPE).Encode("hello world")
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Encode(hello world) = %v, want %v", c.name, got, c.want)
		}
		if n := tok.Count("hello world"); n != 2 {
			t.Errorf("%s: Count = %d, want 2", c.name, n)
		}
	}
}

func TestHeuristicCount(t *testing.T) {
	cases := []struct {
		text string
		want int
	}{
		{"", 0},
		{"   ", 0},
		{"one", 1},                             // 1.3
		{"one two", 2},                         // 2.6
		{"a b c", 3},                           // 3.9000000000000004
		{"a b c d e f g h i j", 13},            // 13.0
		{"a\tb\nc\u00a0d\u2003e\u001cf", 7},    // Python whitespace incl. U+001C
		{"Paris is the capital of France.", 7}, // 6 words * 1.3 = 7.8
	}
	for _, c := range cases {
		if got := (Heuristic{}).Count(c.text); got != c.want {
			t.Errorf("Count(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

func TestHeuristicTruncate(t *testing.T) {
	text := "one two three four five six seven eight nine ten"
	if got := (Heuristic{}).Truncate(text, 13, KeepStart); got != text {
		t.Errorf("fitting text changed: %q", got)
	}
	if got := (Heuristic{}).Truncate(text, 6, KeepStart); got != "one two three four" {
		t.Errorf("keep start = %q", got)
	}
	if got := (Heuristic{}).Truncate(text, 6, KeepEnd); got != "seven eight nine ten" {
		t.Errorf("keep end = %q", got)
	}
}

func TestBPETruncate(t *testing.T) {
	tok, _ := ByName(TokenizerO200K)
	text := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 20)
	for _, keep := range []Keep{KeepStart, KeepEnd} {
		cut := tok.Truncate(text, 10, keep)
		if n := tok.Count(cut); n > 10 {
			t.Errorf("keep %v: %d tokens after truncation to 10", keep, n)
		}
		if keep == KeepStart && !strings.HasPrefix(text, cut) {
			t.Errorf("keep start: %q is not a prefix", cut)
		}
		if keep == KeepEnd && !strings.HasSuffix(text, cut) {
			t.Errorf("keep end: %q is not a suffix", cut)
		}
	}
	// A cut inside a multi-byte character must not leave invalid UTF-8.
	emoji := strings.Repeat("🙂", 10)
	for n := 0; n < 12; n++ {
		cut := tok.Truncate(emoji, n, KeepStart)
		if !strings.HasPrefix(emoji, cut) || strings.ContainsRune(cut, '\uFFFD') {
			t.Errorf("truncate emoji to %d: %q", n, cut)
		}
	}
}

func TestEncodingForModel(t *testing.T) {
	cases := map[string]string{
		"gpt-4o":                 TokenizerO200K,
		"gpt-4o-mini-2024-07-18": TokenizerO200K,
		"gpt-4.1":                TokenizerO200K,
		"o1":                     TokenizerO200K,
		"o3-mini":                TokenizerO200K,
		"o4-mini":                TokenizerO200K,
		"gpt-5":                  TokenizerO200K,
		"openai:gpt-4o":          TokenizerO200K,
		"gpt-4":                  TokenizerCL100K,
		"gpt-4-turbo":            TokenizerCL100K,
		"gpt-3.5-turbo":          TokenizerCL100K,
		"text-embedding-3-small": TokenizerCL100K,
	}
	for model, want := range cases {
		got, err := EncodingForModel(model)
		if err != nil || got != want {
			t.Errorf("EncodingForModel(%q) = %q, %v; want %q", model, got, err, want)
		}
	}
	if _, err := EncodingForModel("llama-3"); err == nil {
		t.Error("unknown model accepted")
	}
}

func TestTokenizerByNameUnknown(t *testing.T) {
	_, err := ByName("gpt2")
	if err == nil || !strings.Contains(err.Error(), "heuristic") {
		t.Errorf("want an error listing the tokenizers, got %v", err)
	}
}

func TestBPEMemoGivesTheSameAnswers(t *testing.T) {
	tok, _ := ByName(TokenizerCL100K)
	b := tok.(*BPE)
	text := strings.Repeat("Refunds are issued within five business days. ", 30)
	want := len(b.Encode(text))
	for i := 0; i < 3; i++ {
		if got := tok.Count(text); got != want {
			t.Fatalf("count %d: %d, want %d", i, got, want)
		}
		if got := tok.Truncate(text, 17, KeepEnd); got != b.truncate(text, 17, KeepEnd) {
			t.Fatalf("truncate %d differs", i)
		}
	}
	var m tokenMemo
	m.makeRoom(memoMaxBytes) // full
	m.count(text, func(string) int { return 1 })
	if len(m.counts) != 1 || m.bytes != len(text) {
		t.Errorf("a full memo did not start over: %d entries, %d bytes", len(m.counts), m.bytes)
	}
}

// TestTokenizerForClaudeModels: a Claude model counts with o200k_base, as
// an estimate, wherever a model name is accepted.
func TestTokenizerForClaudeModels(t *testing.T) {
	for _, model := range []string{"claude-sonnet-4-5", "anthropic:claude-3-5-haiku-latest", "claude-opus-4-1-20250805"} {
		tok, err := ForModel(model)
		if err != nil || tok.Name() != TokenizerO200K {
			t.Errorf("%s: %v %v", model, tok, err)
		}
	}
	if _, err := ForModel("llama-3"); err == nil || !strings.Contains(err.Error(), "claude*") {
		t.Errorf("an unknown model: %v", err)
	}
}

// TestLaterOpenAIModelsUseO200K: "o4-mini and later" includes models
// newer than the table.
func TestLaterOpenAIModelsUseO200K(t *testing.T) {
	for _, model := range []string{"o5", "o5-mini", "o10", "gpt-6", "gpt-7.1-mini", "openai:gpt-6"} {
		if enc, err := EncodingForModel(model); err != nil || enc != TokenizerO200K {
			t.Errorf("%s: %q %v", model, enc, err)
		}
	}
	for _, model := range []string{"o", "omni", "gpt-", "gpt-x", "o5x"} {
		if enc, err := EncodingForModel(model); err == nil {
			t.Errorf("%s: took %q", model, enc)
		}
	}
}

// TestMemoKeepsNoLongText: a text of memoPrintBytes or more is
// remembered by its fingerprint, so the memo keeps no reference to it
// (a 50 MB rendering of a history would otherwise stay alive), and it
// is still counted once; a cut of it is remembered, the text is not.
func TestMemoKeepsNoLongText(t *testing.T) {
	long := strings.Repeat("a long history line\n", memoPrintBytes/20+1)
	other := "b" + long[1:] // the same length, another text
	var m tokenMemo
	computed := 0
	count := func(s string) int { computed++; return len(s) % 1000 }
	for range 2 {
		if got := m.count(long, count); got != len(long)%1000 {
			t.Fatalf("count = %d", got)
		}
	}
	m.count(other, count)
	if computed != 2 || len(m.counts) != 0 || len(m.bigCounts) != 2 || m.bytes != 0 {
		t.Errorf("%d computed, %d texts kept as keys, %d fingerprints, %d bytes; want 2, 0, 2, 0", computed, len(m.counts), len(m.bigCounts), m.bytes)
	}
	cut := m.truncate(cutKey{long, 3, KeepEnd}, func() string { return strings.Clone(long[len(long)-5:]) })
	again := m.truncate(cutKey{long, 3, KeepEnd}, func() string { t.Fatal("cut twice"); return "" })
	if cut != again || len(m.cuts) != 0 || len(m.bigCuts) != 1 || m.bytes != len(cut) {
		t.Errorf("cut %q then %q; %d cuts by text, %d by fingerprint, %d bytes", cut, again, len(m.cuts), len(m.bigCuts), m.bytes)
	}
}
