package trajectory

import (
	"context"
	"fmt"
	"testing"

	"ctxlab/core/tokens"
	engine "ctxlab/core/trajectory"
	"ctxlab/core/window"
	"ctxlab/internal/racetest"
)

func policyBody(t *testing.T, data []byte, turn, sent []window.ChatMessage) []byte {
	t.Helper()
	out, err := PolicyBody(data, turn, sent)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Over the recorded OpenAI trajectories, every request a policy makes
// (messages dropped, tool results cleared to stubs, a summary in place
// of the oldest) counts what the turn's body with those messages counts
// measured as sent, as OpenAI bills it.
func TestPolicyRequestsCountAsTheirBody(t *testing.T) {
	for _, path := range []string{taskTwo, taskFortyEig, messagesOnly, openAICache, toolRound} {
		bodies, err := ReadBodies(path)
		if err != nil {
			t.Fatal(err)
		}
		tr := load(t, path)
		peak := 0
		for _, turn := range tr.Turns {
			peak = max(peak, turn.InputTokens)
		}
		type request struct {
			policy string
			turn   int
			sent   []window.ChatMessage
		}
		var requests []request
		opts := engine.Options{Window: peak/2 + 100, Reserve: 100, Rules: tokens.CacheRulesFor(tr.Model, tr.Provider)}
		opts.Sent = func(policy string, turn int, sent []window.ChatMessage) {
			requests = append(requests, request{policy, turn, sent})
		}
		policies := append(engine.Defaults(), engine.Policy{Kind: engine.KindClearToolResults, N: 1})
		rep, err := engine.Replay(context.Background(), tr, policies, opts)
		if err != nil {
			t.Fatal(err)
		}
		counted := map[string][]int{}
		for _, p := range rep.Policies {
			for _, turn := range p.Turns {
				counted[p.Name] = append(counted[p.Name], turn.InputTokens)
			}
		}
		checked := 0
		for i, r := range requests {
			if i%racetest.Step(3) != 0 {
				continue
			}
			got := counted[r.policy][r.turn-1]
			data := policyBody(t, bodies[r.turn-1].Body, tr.Messages(r.turn-1), r.sent)
			one, err := Build(path, []TurnBody{{Label: fmt.Sprintf("%s turn %d", r.policy, r.turn), Body: data}}, Options{})
			if err != nil {
				t.Fatalf("%s: %s turn %d: %v", path, r.policy, r.turn, err)
			}
			if want := one.Turns[0].InputTokens; got != want {
				t.Errorf("%s: %s turn %d: replay counts %d, its body %d", path, r.policy, r.turn, got, want)
			}
			checked++
		}
		if checked == 0 {
			t.Fatalf("%s: no request checked", path)
		}
	}
}
