package trajectory

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	engine "ctxlab/core/trajectory"
	"ctxlab/core/window"
	"ctxlab/loaders"
)

const (
	taskTwo      = "testdata/taubench/airline-task2-62-messages.json"
	taskFortyEig = "testdata/taubench/airline-task48-10-messages.json"
	messagesOnly = "testdata/taubench/airline-task35-messages-only.json"
	openAICache  = "testdata/pydantic-ai/openai_chat_prompt_cache_e2e.yaml"
	anthropicCch = "testdata/pydantic-ai/anthropic_cache_real_api.yaml"
	toolRound    = "testdata/pydantic-ai/openai_tool_call_roundtrip_wire_stable_ag_ui.yaml"
)

var fixtures = []string{taskTwo, taskFortyEig, messagesOnly, openAICache, anthropicCch, toolRound}

func load(t *testing.T, path string) *engine.Trajectory {
	t.Helper()
	tr, err := Load(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Each assistant message of a conversation given whole is a turn; the
// messages after the last are not.
func TestConversationTurns(t *testing.T) {
	var body struct {
		Tools    []json.RawMessage `json:"tools"`
		Messages []map[string]any  `json:"messages"`
	}
	data, _ := os.ReadFile(taskTwo)
	if err := json.Unmarshal(data, &body); err != nil {
		t.Fatal(err)
	}
	assistants, results := 0, 0
	for i, m := range body.Messages {
		if m["role"] == "assistant" && i > 0 {
			assistants++
		}
		if m["role"] == "tool" {
			results++
		}
	}
	if len(body.Messages) != 62 || results != 27 || len(body.Tools) != 14 {
		t.Fatalf("fixture: %d messages, %d tool results, %d tools", len(body.Messages), results, len(body.Tools))
	}
	tr := load(t, taskTwo)
	if len(tr.Turns) != assistants {
		t.Fatalf("%d turns, want one per assistant message, %d", len(tr.Turns), assistants)
	}
	last := tr.Messages(len(tr.Turns) - 1)
	if last[len(last)-1].Role == "assistant" {
		t.Error("the last turn's request ends with the assistant message it asked for")
	}

	trailing := `[{"role":"system","content":"s"},{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"role":"user","content":"c"}]`
	bodies, err := ParseBodies("t.json", []byte(trailing))
	if err != nil || len(bodies) != 1 {
		t.Fatalf("%d bodies, %v; want 1: the user message after the last assistant is not a turn", len(bodies), err)
	}
}

func TestCassetteTurnsRecordTheCache(t *testing.T) {
	tr := load(t, anthropicCch)
	if len(tr.Turns) != 2 {
		t.Fatalf("%d turns", len(tr.Turns))
	}
	if r := tr.Turns[1].Recorded; r == nil || r.CachedTokens != 1111 || r.CacheWriteTokens != 418 {
		t.Errorf("turn 2 recorded %+v; want 1,111 read and 418 written", r)
	}
	if r := load(t, openAICache).Turns[1].Recorded; r == nil || r.CachedTokens != 4012 || r.InputTokens != 4020 {
		t.Errorf("OpenAI turn 2 recorded %+v", r)
	}
}

func TestArrayAndFolder(t *testing.T) {
	dir := t.TempDir()
	a := `{"model":"gpt-4o","messages":[{"role":"user","content":"one"}]}`
	b := `{"model":"gpt-4o","messages":[{"role":"user","content":"one"},{"role":"assistant","content":"two"},{"role":"user","content":"three"}]}`
	for name, body := range map[string]string{"01.json": a, "02.json": b, "notes.txt": "ignored"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	folder := load(t, dir)
	array := filepath.Join(t.TempDir(), "array.json")
	if err := os.WriteFile(array, []byte("["+a+","+b+"]"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := load(t, array)
	if len(folder.Turns) != 2 || len(list.Turns) != 2 || folder.Turns[1].InputTokens != list.Turns[1].InputTokens {
		t.Errorf("folder %d turns, array %d", len(folder.Turns), len(list.Turns))
	}
}

// Errors name the file and the turn.
func TestErrorsNameFileAndTurn(t *testing.T) {
	conv := `[{"role":"user","content":"a"},{"role":"assistant","content":"b"},{"role":"robot","content":"c"},{"role":"assistant","content":"d"}]`
	bodies, err := ParseBodies("conv.json", []byte(conv))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build("conv.json", bodies, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "conv.json: turn 2 (message 4): message 3: role") {
		t.Errorf("error %v", err)
	}
	for body, want := range map[string]string{
		`[{"messages":[]}, 3]`:                       "request 2 is not an object",
		`{"interactions":[{"request":{"uri":"x"}}]}`: "none with a chat request",
		`[{"role":"user","content":"a"}]`:            "no assistant message",
		`{"model":"x"}`:                              `no "messages" list`,
		`[]`:                                         "empty list",
	} {
		_, err := ParseBodies("in.json", []byte(body))
		var le *loaders.Error
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "in.json") {
			t.Errorf("%s: %v; want %q", body, err, want)
		} else if !errorsAs(err, &le) {
			t.Errorf("%s: %T, not a loaders.Error", body, err)
		}
	}
}

func errorsAs(err error, target **loaders.Error) bool {
	le, ok := err.(*loaders.Error)
	*target = le
	return ok
}

// No policy orphans a tool message on a real trajectory either, with a
// window small enough that each policy trims.
func TestPoliciesKeepPairsOnFixtures(t *testing.T) {
	for _, path := range fixtures {
		tr := load(t, path)
		peak := 0
		for _, turn := range tr.Turns {
			peak = max(peak, turn.InputTokens)
		}
		opts := engine.Options{Window: peak/2 + 100, Reserve: 100, Rules: tokens.CacheRulesFor(tr.Model, tr.Provider)}
		opts.Sent = func(policy string, turn int, sent []window.ChatMessage) {
			if err := engine.CheckPairs(sent, tr.Messages(turn-1)); err != nil {
				t.Errorf("%s: %s, turn %d: %v", path, policy, turn, err)
			}
		}
		policies := append(engine.Defaults(), engine.Policy{Kind: engine.KindLast, N: 1}, engine.Policy{Kind: engine.KindClearToolResults, N: 1})
		if _, err := engine.Replay(context.Background(), tr, policies, opts); err != nil {
			t.Fatal(err)
		}
	}
}

// For a request that repeats the one before it, the prediction never
// falls short of the cached tokens the provider recorded, by more than
// the rules' step: OpenAI documents 128-token steps, which a finer
// recorded count can exceed by less than one step.
func TestPredictedCacheCoversRecorded(t *testing.T) {
	checked := 0
	for _, path := range []string{openAICache, anthropicCch, toolRound} {
		data, _ := os.ReadFile(path)
		bodies, err := ParseBodies(path, data)
		if err != nil {
			t.Fatal(err)
		}
		tr := load(t, path)
		rules := tokens.CacheRulesFor(tr.Model, tr.Provider)
		rep, err := engine.Replay(context.Background(), tr, []engine.Policy{{Kind: engine.KindAsSent}}, engine.Options{Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(bodies); i++ {
			rec := tr.Turns[i].Recorded
			if rec == nil || !repeats(t, bodies[i-1].Body, bodies[i].Body) {
				continue
			}
			checked++
			got := rep.Policies[0].Turns[i].CachedTokens
			if got < rec.CachedTokens {
				t.Errorf("%s turn %d: predicted %d cached, recorded %d", path, i+1, got, rec.CachedTokens)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("checked %d turns", checked)
	}
}

// repeats reports whether next's messages begin with prev's, after the
// same system prompt and tools.
func repeats(t *testing.T, prev, next []byte) bool {
	var p, n map[string]json.RawMessage
	if json.Unmarshal(prev, &p) != nil || json.Unmarshal(next, &n) != nil {
		t.Fatal("bodies are not JSON")
	}
	if string(p["system"]) != string(n["system"]) || string(p["tools"]) != string(n["tools"]) {
		return false
	}
	var pm, nm []json.RawMessage
	_ = json.Unmarshal(p["messages"], &pm)
	_ = json.Unmarshal(n["messages"], &nm)
	if len(pm) > len(nm) {
		return false
	}
	for i := range pm {
		if string(pm[i]) != string(nm[i]) {
			return false
		}
	}
	return true
}
