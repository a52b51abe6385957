package trajectory

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/window"
)

func replayAll(t *testing.T, tr *Trajectory, policies []Policy, opts Options) *Report {
	t.Helper()
	rep, err := Replay(context.Background(), tr, policies, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func openAIOptions(model string) Options {
	p, _, ok := tokens.DefaultPrices().Lookup(model)
	return Options{Rules: tokens.CacheRulesFor(model, ""), Price: p, PriceKnown: ok}
}

// Every policy, over a trajectory that overflows, keeps each tool result
// with its call and each call with its results.
func TestNoPolicyOrphansAToolMessage(t *testing.T) {
	msgs := agentConversation(120, 60)
	tr := buildConversation(t, msgs, "gpt-4o", 6000, 500)
	policies := append(Defaults(), Policy{Kind: KindLast, N: 1}, Policy{Kind: KindClearToolResults, N: 1}, Policy{Kind: KindWatermark, High: 0.5, Low: 0.2})
	opts := openAIOptions("gpt-4o")
	checked := 0
	opts.Sent = func(policy string, turn int, sent []window.ChatMessage) {
		if err := CheckPairs(sent, tr.Messages(turn-1)); err != nil {
			t.Errorf("%s, turn %d: %v", policy, turn, err)
		}
		checked++
	}
	rep := replayAll(t, tr, policies, opts)
	if checked != len(policies)*len(tr.Turns) {
		t.Fatalf("checked %d requests, want %d", checked, len(policies)*len(tr.Turns))
	}
	if rep.Policies[0].OverflowTurns == 0 {
		t.Fatal("the trajectory never overflows as sent: the policies were not made to trim")
	}
	for _, p := range rep.Policies[1:] {
		if p.TurnsTrimmed == 0 {
			t.Errorf("%s trimmed nothing", p.Name)
		}
	}
}

// The checker itself finds a result cut from its call and a call cut
// from its result.
func TestCheckPairsFindsOrphans(t *testing.T) {
	msgs := agentConversation(3, 5)
	asSent := msgs[:len(msgs)-1]
	if err := CheckPairs(asSent, asSent); err != nil {
		t.Fatalf("the conversation itself: %v", err)
	}
	// Drop the assistant message of call_2: its result is orphaned.
	orphan := append(append([]window.ChatMessage{}, asSent[:4]...), asSent[5:]...)
	if err := CheckPairs(orphan, asSent); err == nil {
		t.Error("a result without its call passed")
	}
	// Drop call_2's result: the call is split from it.
	split := append(append([]window.ChatMessage{}, asSent[:5]...), asSent[6:]...)
	if err := CheckPairs(split, asSent); err == nil {
		t.Error("a call without its result passed")
	}
}

// As sent, each turn's input tokens are its measured total, and a
// conversation that only grows reads its whole previous request from
// the cache, in OpenAI's 128-token steps from 1,024.
func TestAsSentCachesTheGrowingPrefix(t *testing.T) {
	tr := buildConversation(t, agentConversation(30, 40), "gpt-4o", 128_000, 1000)
	rep := replayAll(t, tr, []Policy{{Kind: KindAsSent}}, openAIOptions("gpt-4o"))
	p := rep.Policies[0]
	for i, turn := range p.Turns {
		if turn.InputTokens != tr.Turns[i].InputTokens {
			t.Fatalf("turn %d: %d input tokens, want the measured %d", i+1, turn.InputTokens, tr.Turns[i].InputTokens)
		}
		if i == 0 {
			if turn.CachedTokens != 0 {
				t.Fatalf("turn 1 cached %d; nothing was served before it", turn.CachedTokens)
			}
			continue
		}
		prev := tr.Turns[i-1].InputTokens
		if prev >= 1024 {
			if want := 1024 + (prev-1024)/128*128; turn.CachedTokens != want {
				t.Errorf("turn %d: cached %d, want %d (the previous request, %d tokens, in 128-token steps)", i+1, turn.CachedTokens, want, prev)
			}
		} else if turn.CachedTokens != 0 {
			t.Errorf("turn %d: cached %d of a %d-token prefix, under OpenAI's 1,024 minimum", i+1, turn.CachedTokens, prev)
		}
	}
	price, _, _ := tokens.DefaultPrices().Lookup("gpt-4o")
	want := 0.0
	for _, turn := range p.Turns {
		want += (float64(turn.InputTokens-turn.CachedTokens)*price.Input + float64(turn.CachedTokens)*price.CachedInput) / 1e6
	}
	if math.Abs(p.CostUSD-want) > 1e-9 || math.Abs(p.Per1000USD-1000*p.CostUSD) > 1e-9 {
		t.Errorf("cost %v per 1,000 %v, want %v and 1,000 times it", p.CostUSD, p.Per1000USD, want)
	}
}

// A turn over the window is refused: it caches and costs nothing, and
// the next turn is matched against the last request served.
func TestRefusedTurnCachesNothing(t *testing.T) {
	tr := buildConversation(t, agentConversation(40, 40), "gpt-4o", 128_000, 1000)
	over := 20
	tr.Turns[over].Reserve = 200_000 // this turn alone cannot fit
	rep := replayAll(t, tr, []Policy{{Kind: KindAsSent}}, openAIOptions("gpt-4o"))
	p := rep.Policies[0]
	got := p.Turns[over]
	if !got.OverWindow || got.CachedTokens != 0 || got.CostUSD != 0 || p.OverflowTurns != 1 || p.FirstOverflow != over+1 {
		t.Fatalf("refused turn: %+v; policy overflow %d first %d", got, p.OverflowTurns, p.FirstOverflow)
	}
	served := tr.Turns[over-1].InputTokens
	if want := 1024 + (served-1024)/128*128; p.Turns[over+1].CachedTokens != want {
		t.Errorf("turn after the refused one cached %d, want %d (matched against turn %d)", p.Turns[over+1].CachedTokens, want, over)
	}
}

// Watermark hysteresis keeps the prefix still between trims; dropping
// the oldest every turn moves it, so watermark caches more.
func TestWatermarkCachesMoreThanDropOldest(t *testing.T) {
	tr := buildConversation(t, agentConversation(300, 60), "gpt-4o", 16_000, 1000)
	rep := replayAll(t, tr, []Policy{{Kind: KindDropOldest}, {Kind: KindWatermark, High: 0.8, Low: 0.6}}, openAIOptions("gpt-4o"))
	drop, wm := rep.Policies[0], rep.Policies[1]
	if drop.OverflowTurns != 0 || wm.OverflowTurns != 0 {
		t.Fatalf("overflow: drop-oldest %d, watermark %d", drop.OverflowTurns, wm.OverflowTurns)
	}
	if wm.CachedShare() <= drop.CachedShare() {
		t.Errorf("watermark cached %.2f, drop-oldest %.2f: want watermark higher", wm.CachedShare(), drop.CachedShare())
	}
	if wm.CostUSD >= drop.CostUSD {
		t.Errorf("watermark costs %v, drop-oldest %v", wm.CostUSD, drop.CostUSD)
	}
}

// Anthropic: a breakpoint at the end of each request lets the next read
// it; reads and writes follow the rules' multiples.
func TestAnthropicBreakpoints(t *testing.T) {
	model := "claude-sonnet-4-5"
	tr := buildConversation(t, agentConversation(20, 80), model, 200_000, 1000)
	price, _, _ := tokens.DefaultPrices().Lookup(model)
	rules := tokens.CacheRulesFor(model, tokens.ProviderAnthropic)
	opts := Options{Rules: rules, Price: price, PriceKnown: true}
	rep := replayAll(t, tr, []Policy{{Kind: KindAsSent}}, opts)
	p := rep.Policies[0]
	for i := 1; i < len(p.Turns); i++ {
		prev, cur := tr.Turns[i-1].InputTokens, p.Turns[i]
		if prev >= rules.MinTokens && cur.CachedTokens != prev {
			t.Errorf("turn %d read %d, want the whole previous request, %d", i+1, cur.CachedTokens, prev)
		}
		if prev >= rules.MinTokens && cur.CacheWrites != cur.InputTokens-prev {
			t.Errorf("turn %d wrote %d, want the new %d", i+1, cur.CacheWrites, cur.InputTokens-prev)
		}
		in := price.Input / 1e6
		want := float64(cur.InputTokens-cur.CachedTokens-cur.CacheWrites)*in + float64(cur.CachedTokens)*price.CachedInput/1e6 + float64(cur.CacheWrites)*in*1.25
		if math.Abs(cur.CostUSD-want) > 1e-12 {
			t.Errorf("turn %d cost %v, want %v", i+1, cur.CostUSD, want)
		}
	}
	opts.LongLived = true
	long := replayAll(t, tr, []Policy{{Kind: KindAsSent}}, opts).Policies[0]
	if long.CacheWrites != p.CacheWrites {
		t.Fatalf("1-hour writes %d, 5-minute %d", long.CacheWrites, p.CacheWrites)
	}
	writes := float64(p.CacheWrites) * price.Input / 1e6
	if diff := long.CostUSD - p.CostUSD; math.Abs(diff-writes*(2-1.25)) > 1e-9 {
		t.Errorf("1-hour writes cost %v more, want %v", diff, writes*0.75)
	}
	opts.LongLived = false
	opts.Breakpoints = BreakpointsNone
	none := replayAll(t, tr, []Policy{{Kind: KindAsSent}}, opts).Policies[0]
	if none.CachedTokens != 0 || none.CacheWrites != 0 {
		t.Errorf("no breakpoints cached %d and wrote %d", none.CachedTokens, none.CacheWrites)
	}
}

// Clearing tool results replaces old ones with a stub that answers the
// same call, and compaction puts one summary where the span was.
func TestClearAndCompactReplace(t *testing.T) {
	tr := buildConversation(t, agentConversation(60, 60), "gpt-4o", 8000, 500)
	var lastClear, lastCompact []window.ChatMessage
	opts := openAIOptions("gpt-4o")
	opts.Sent = func(policy string, turn int, sent []window.ChatMessage) {
		switch policy {
		case "clear-tool-results:3":
			lastClear = sent
		case "compact:0.8":
			lastCompact = sent
		}
	}
	rep := replayAll(t, tr, []Policy{{Kind: KindClearToolResults, N: 3}, {Kind: KindCompact, High: 0.8}}, opts)
	results, kept := 0, 0
	for _, m := range lastClear {
		if m.Role == "tool" {
			results++
			if m.Content != ClearedStub {
				kept++
			}
		}
	}
	if kept != 3 || results != 60 {
		t.Errorf("clear-tool-results:3 sent %d results, %d whole; want 60 and 3", results, kept)
	}
	summaries := 0
	for _, m := range lastCompact {
		if m.Role == "user" && len(m.Content) > len(summaryHeading) && m.Content[:len(summaryHeading)] == summaryHeading {
			summaries++
		}
	}
	if summaries != 1 {
		t.Errorf("compaction sent %d summaries, want 1", summaries)
	}
	if c := rep.Policies[1]; c.OverflowTurns != 0 || c.TurnsTrimmed == 0 {
		t.Errorf("compaction: %d overflows, %d turns trimmed", c.OverflowTurns, c.TurnsTrimmed)
	}
}

func TestParsePolicies(t *testing.T) {
	ps, err := ParsePolicies("watermark:0.9/0.5, last:4,clear-tool-results,compact:0.7")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name())
	}
	if got := fmt.Sprint(names); got != "[watermark:0.9/0.5 last:4 clear-tool-results:3 compact:0.7]" {
		t.Errorf("names %s", got)
	}
	all, _ := ParsePolicies("all")
	if all[0].Kind != KindAsSent || len(all) != len(Kinds) {
		t.Errorf("all: %v", all)
	}
	for _, bad := range []string{"watermark:0.5/0.8", "last:0", "drop-oldest:3", "dorp-oldest", "compact:2", ""} {
		if _, err := ParsePolicies(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	_, err = ParsePolicy("dorp-oldest")
	if err == nil || !strings.Contains(err.Error(), "did you mean drop-oldest") {
		t.Errorf("misspelt policy: %v", err)
	}
}
