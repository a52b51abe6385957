package summarize

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"ctxlab/core/internal/testtext"
	"ctxlab/core/value"
	"ctxlab/internal/alloctest"
)

func summarize(t *testing.T, req Request) string {
	t.Helper()
	out, err := ExtractiveSummarizer{}.Summarize(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestExtractiveConversation(t *testing.T) {
	out := summarize(t, Request{Messages: testtext.SupportConversation})
	keep := []string{
		"ORD-48213", "Dana Whitfield", "cracked", "dana.w@example.com", "user_id: dw-7781",
		"$349.99", "March 3", "preference: I only want a replacement", "prefer delivery on a weekday",
		"We'll ship a replacement on Friday", "1Z999AA10123456784", "$25 express shipping fee",
		"still unresolved", "escalated the shipping refund", "2 business days",
	}
	for _, k := range keep {
		if !strings.Contains(out, k) {
			t.Errorf("summary lost %q", k)
		}
	}
	drop := []string{"thanks!", "Thanks!", "Hi!", "You're welcome", "One moment", "How can I help", "sorry to hear", "bye", "Acme support", "Understood"}
	for _, d := range drop {
		if strings.Contains(out, d) {
			t.Errorf("summary kept filler %q", d)
		}
	}
	if n := len(strings.Fields(out)); n > 300 {
		t.Errorf("%d words, over 300", n)
	}
	if !strings.HasPrefix(out, "User: My name is Dana Whitfield.") {
		t.Errorf("summary should open with the speaker label and drop the greeting: %q", out)
	}
	if again := summarize(t, Request{Messages: testtext.SupportConversation}); again != out {
		t.Error("not deterministic")
	}
	t.Log(out)
}

func TestExtractiveKeepsPreviousFactsAndDedups(t *testing.T) {
	prev := summarize(t, Request{Messages: testtext.SupportConversation[:6]})
	out := summarize(t, Request{Previous: prev, Messages: []value.Message{
		{Role: "user", Content: "My order ORD-48213 arrived damaged."},               // repeats the previous summary
		{Role: "assistant", Content: "We'll send a courier on 2024-05-02 at 10am."},  // new
		{Role: "assistant", Content: "We'll send a courier on 2024-05-02 at 10am."},  // exact repeat
		{Role: "user", Content: "Great, thank you so much!"},                         // filler
		{Role: "user", Content: "Please do not call me; preference: email contact."}, // preference
	}})
	for _, k := range []string{"Dana Whitfield", "ORD-48213", "dana.w@example.com", "courier on 2024-05-02", "preference: email contact"} {
		if !strings.Contains(out, k) {
			t.Errorf("lost %q from %q", k, out)
		}
	}
	if c := strings.Count(out, "courier"); c != 1 {
		t.Errorf("courier sentence appears %d times in %q", c, out)
	}
	if c := strings.Count(out, "ORD-48213"); c != 1 {
		t.Errorf("ORD-48213 sentence appears %d times in %q", c, out)
	}
	if !strings.HasPrefix(out, prev[:40]) {
		t.Errorf("previous summary's facts should come first: %q", out)
	}
}

func TestExtractiveOnlyFiller(t *testing.T) {
	filler := []value.Message{{Role: "user", Content: "Thanks!"}, {Role: "assistant", Content: "You're welcome! Have a great day."}, {Role: "user", Content: "ok bye"}}
	if out := summarize(t, Request{Messages: filler}); out != "" {
		t.Errorf("filler summarized as %q", out)
	}
	if out := summarize(t, Request{Previous: "User: ORD-9 is late.", Messages: filler}); out != "User: ORD-9 is late." {
		t.Errorf("previous summary not kept as is: %q", out)
	}
}

func TestExtractiveWordLimit(t *testing.T) {
	var msgs []value.Message
	for i := range 80 {
		msgs = append(msgs, value.Message{Role: "user", Content: strings.Repeat("the weather was mild and pleasant today in the valley ", 1) + "note " + string(rune('a'+i%26)) + string(rune('a'+i/26)) + " here."})
		if i%10 == 0 {
			msgs = append(msgs, value.Message{Role: "assistant", Content: "We'll refund order ORD-" + string(rune('1'+i/10)) + "00 on Friday."})
		}
	}
	for _, limit := range []int{0, 40, 120} {
		out := summarize(t, Request{Messages: msgs, MaxWords: limit})
		want := limit
		if want == 0 {
			want = 300
		}
		if n := len(strings.Fields(out)); n > want {
			t.Errorf("limit %d: %d words", limit, n)
		}
		// Decisions with identifiers outrank small talk.
		if !strings.Contains(out, "ORD-100") {
			t.Errorf("limit %d: the first decision was not kept: %q", limit, out)
		}
	}
	long := strings.Repeat("ORD-1 refund approved and shipped ", 100)
	if out := summarize(t, Request{Text: long, Purpose: PurposeChunk, MaxWords: 10}); len(strings.Fields(out)) > 10 || !strings.HasSuffix(out, "…") {
		t.Errorf("an oversized sentence must be cut to the limit: %q", out)
	}
}

func TestExtractiveChunk(t *testing.T) {
	text := "This Agreement is made between Northwind Ltd and Contoso GmbH.\n" +
		"The weather in the region is generally mild.\n" +
		"Contoso shall pay EUR 12,000 no later than 30 June 2025.\n" +
		"Either party may terminate with 90 days written notice."
	out := summarize(t, Request{Purpose: PurposeChunk, Text: text})
	for _, k := range []string{"Northwind Ltd", "EUR 12,000", "30 June 2025", "terminate with 90 days"} {
		if !strings.Contains(out, k) {
			t.Errorf("lost %q from %q", k, out)
		}
	}
	if strings.Contains(out, "weather") {
		t.Errorf("kept a sentence with no fact: %q", out)
	}
	if out := summarize(t, Request{Purpose: PurposeChunk, Text: "just some words here and there without anything."}); out == "" {
		t.Error("a chunk summary must not be empty")
	}
}

func TestExtractiveMapQuestion(t *testing.T) {
	section := "Payment is due within 30 days of invoice.\nThe termination notice period is 90 days.\nOffices are in Berlin."
	tests := []struct {
		question, want string
	}{
		{"What is the termination notice period?", "The termination notice period is 90 days."},
		{"When is payment due?", "Payment is due within 30 days of invoice."},
		{"Who audits the accounts?", NotFoundAnswer},
		{"", NotFoundAnswer},
	}
	for _, tt := range tests {
		out := summarize(t, Request{Purpose: PurposeMapQuestion, Text: section, Question: tt.question, Section: 1, Sections: 1})
		if out != tt.want {
			t.Errorf("%q: got %q, want %q", tt.question, out, tt.want)
		}
	}
}

func TestSummaryRequestPrompts(t *testing.T) {
	conv := Request{Previous: "P", Messages: []value.Message{{Role: "user", Content: "a"}, {Role: "assistant", Content: "b"}}}
	wantConv := "Previous summary: P\n\nSummarize this conversation segment.\n" +
		"                Preserve: names, IDs, decisions, preferences, unresolved issues.\n" +
		"                Omit: greetings, filler, repeated information.\n" +
		"                Max 300 words.\n\n" +
		"                Conversation:\n" +
		"                user: a\nassistant: b\n" +
		"                "
	tests := []struct {
		req       Request
		prompt    string
		maxTokens int
		words     int
	}{
		{conv, wantConv, 400, 300},
		{Request{Purpose: PurposeChunk, Text: "T"}, "Summarize key facts, dates, names, and obligations:\n\nT", 300, 225},
		{Request{Purpose: PurposeFinal, Text: "T"}, "Create a comprehensive summary from these section summaries:\n\nT", 800, 600},
		{Request{Purpose: PurposeMapQuestion, Text: "T", Question: "Q?", Section: 2, Sections: 3},
			"Document section 2/3:\nT\n\nQuestion: Q?\n\nAnswer based on this section only. Say 'NOT FOUND' if not in this section.", 500, 375},
		{Request{Purpose: PurposeReduce, Text: "Section 1: A\nSection 3: B", Question: "Q?"},
			"Question: Q?\n\nPartial answers from document sections:\nSection 1: A\nSection 3: B\n\nSynthesize a complete, coherent answer.", 1000, 750},
	}
	for _, tt := range tests {
		if got := tt.req.Prompt(); got != tt.prompt {
			t.Errorf("%s prompt:\n%q\nwant\n%q", tt.req.purpose(), got, tt.prompt)
		}
		if got := tt.req.MaxTokens(); got != tt.maxTokens {
			t.Errorf("%s max_tokens = %d, want %d", tt.req.purpose(), got, tt.maxTokens)
		}
		if got := tt.req.WordLimit(); got != tt.words {
			t.Errorf("%s word limit = %d, want %d", tt.req.purpose(), got, tt.words)
		}
	}
	if err := (Request{Purpose: "poem"}).Validate(); err == nil || !strings.Contains(err.Error(), "conversation, chunk, final, map-question, reduce") {
		t.Errorf("err = %v", err)
	}
	if _, err := (ExtractiveSummarizer{}).Summarize(context.Background(), Request{MaxWords: -1}); err == nil {
		t.Error("negative word limit accepted")
	}
}

// wordsRe is the regular expression words hand-codes.
var wordsRe = regexp.MustCompile(`[$€£¥#]?[\p{L}\p{N}](?:[\p{L}\p{N}'_@]|[-./:][\p{L}\p{N}])*`)

func FuzzExtWords(f *testing.F) {
	f.Add("hi, ord-48213 $249.99 dana.w@example.com -- #12 it's user_id: dw-7781. a/b c: x… ünï-cödé $ 5 #")
	f.Add("²0 $$5 #-a a--b a.-b")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := words(s), wordsRe.FindAllString(s, -1); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", s, got, want)
		}
	})
}

// FuzzExtractiveSummarize: any text, any purpose, no panic and never
// over the word limit.
func FuzzExtractiveSummarize(f *testing.F) {
	f.Add("Hi! My order ORD-48213 arrived damaged. Thanks!", "prior ORD-1.", "What order?", 20, uint8(0))
	f.Add("$5 on 5/2 at 10am #12 a1b2c3d4 x@y.z http://a", "", "", 3, uint8(3))
	f.Fuzz(func(t *testing.T, text, previous, question string, maxWords int, purpose uint8) {
		if maxWords < 0 || maxWords > 500 {
			return
		}
		req := Request{
			Purpose:  Purposes[int(purpose)%len(Purposes)],
			Previous: previous,
			Messages: []value.Message{{Role: "user", Content: text}, {Role: "assistant", Content: previous}},
			Text:     text,
			Question: question,
			MaxWords: maxWords,
		}
		out, err := ExtractiveSummarizer{}.Summarize(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		limit := req.WordLimit()
		if req.Purpose == PurposeConversation && out == previous {
			return // nothing new: the previous summary stands as given
		}
		if n := len(strings.Fields(out)); n > limit && out != NotFoundAnswer {
			t.Fatalf("%d words over limit %d: %q", n, limit, out)
		}
	})
}

func BenchmarkExtractiveSummarize(b *testing.B) {
	req := Request{Previous: "", Messages: testtext.BenchHistory()[:30]}
	for b.Loop() {
		if _, err := (ExtractiveSummarizer{}).Summarize(b.Context(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMapPromptIsMadeOnce: a map call's prompt is made once, in an
// allocation of its size, whatever the section's length: made through
// fmt's doubling buffer and copied, a 50 MB section was in memory three
// times while the plan counted its prompt.
func TestMapPromptIsMadeOnce(t *testing.T) {
	req := Request{Purpose: PurposeMapQuestion, Text: strings.Repeat("word ", 1<<18), Question: "what?", Section: 3, Sections: 12}
	prompt := req.Prompt()
	bound := uint64(len(prompt)) + 64<<10
	if allocated := alloctest.Least(bound, func() { prompt = req.Prompt() }); allocated > bound {
		t.Errorf("a map prompt of %d bytes allocated %d bytes, want it made once", len(prompt), allocated)
	}
	if got, want := req.Prompt(), "Document section 3/12:\n"+req.Text+"\n\nQuestion: what?\n\nAnswer based on this section only. Say 'NOT FOUND' if not in this section."; got != want {
		t.Errorf("the prompt changed: %.80q…", got)
	}
}
