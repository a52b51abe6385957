package request

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
)

// billedPair is a request OpenAI billed, from core/window/testdata/billed
// (see SOURCE.md there): the body sent and the input tokens recorded.
type billedPair struct {
	Model        string          `json:"model"`
	Body         json.RawMessage `json:"body"`
	PromptTokens int             `json:"prompt_tokens"`
	InputTokens  int             `json:"input_tokens"`
	Source       string          `json:"source"`
	Interaction  int             `json:"interaction"`
}

func (p billedPair) billed() int { return p.PromptTokens + p.InputTokens }

// billedMiss is a pair counted off by more than the target, and why.
var billedKnownMisses = map[string]string{
	// One recording of o1-mini, whose prompt carries 8 tokens more than
	// the rules give; no other o1-mini request was recorded to tell why.
	"tests/models/cassettes/test_openai/test_system_prompt_role_o1_mini.yaml:1": "o1-mini",
}

// withinTarget is the standard every recorded request is held to: within
// 2% of the tokens billed, or 1 token, whichever is larger.
func withinTarget(counted, billed int) bool {
	return math.Abs(float64(counted-billed)) <= math.Max(1, 0.02*float64(billed))
}

// replayBilled counts every pair of a file as `ctxlab assemble --request`
// does (the request measured as sent) and returns the pairs, exact and
// within-target counts per model family, and a table of the misses.
func replayBilled(t *testing.T, file string) (total, exact, within int, misses []string, families map[string][3]int) {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "core", "window", "testdata", "billed", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<26)
	families = map[string][3]int{}
	for line := 1; sc.Scan(); line++ {
		var p billedPair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		scenario, err := Parse(file, p.Body, Options{})
		if err != nil {
			t.Fatalf("%s:%d (%s:%d): %v", file, line, p.Source, p.Interaction, err)
		}
		ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: scenario, Now: time.Unix(0, 0), SkipFindings: true}, scenario.Settings)
		if err != nil {
			t.Fatalf("%s:%d (%s:%d): %v", file, line, p.Source, p.Interaction, err)
		}
		counted, billed := ev.Assembly.Used, p.billed()
		family := modelFamily(p.Model)
		fam := families[family]
		fam[0]++
		total++
		if counted == billed {
			exact++
			fam[1]++
		}
		if withinTarget(counted, billed) {
			within++
			fam[2]++
		}
		families[family] = fam
		if counted != billed {
			key := fmt.Sprintf("%s:%d", p.Source, p.Interaction)
			mark := ""
			if !withinTarget(counted, billed) {
				mark = " beyond target"
				if why, ok := billedKnownMisses[key]; ok {
					mark += " (known: " + why + ")"
				}
			}
			misses = append(misses, fmt.Sprintf("%+5d %6d %6d  %-16s %s%s", counted-billed, counted, billed, p.Model, key, mark))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(misses)
	return total, exact, within, misses, families
}

// modelFamily groups models by how OpenAI renders their prompts.
func modelFamily(model string) string {
	switch {
	case strings.HasPrefix(model, "gpt-5"):
		return "gpt-5"
	case strings.HasPrefix(model, "o1"), strings.HasPrefix(model, "o3"), strings.HasPrefix(model, "o4"):
		return "o-series"
	case strings.Contains(model, "search"):
		return "search"
	case strings.HasPrefix(model, "gpt-3.5"), strings.HasPrefix(model, "gpt-4") && !strings.HasPrefix(model, "gpt-4o") && !strings.HasPrefix(model, "gpt-4.1") && !strings.HasPrefix(model, "gpt-4.5"):
		return "gpt-4/3.5 (cl100k)"
	}
	return "gpt-4o/4.1"
}

// checkBilled replays a file and fails when fewer than minExact requests
// are counted exactly, or when more than maxBeyond are counted beyond
// target (billedKnownMisses not counted): the figures docs/internals/counting.md
// gives, so any request newly missed fails it.
func checkBilled(t *testing.T, file string, minExact, maxBeyond int) {
	total, exact, within, misses, families := replayBilled(t, file)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d requests, %d exact, %d within target\n", file, total, exact, within)
	names := make([]string, 0, len(families))
	for name := range families {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f := families[name]
		fmt.Fprintf(&b, "  %-12s %3d requests, %3d exact, %3d within target\n", name, f[0], f[1], f[2])
	}
	fmt.Fprintf(&b, " diff counted billed  model            source\n")
	beyond := 0
	for _, m := range misses {
		fmt.Fprintf(&b, "%s\n", m)
		if strings.Contains(m, "beyond target") && !strings.Contains(m, "(known:") {
			beyond++
		}
	}
	t.Log(b.String())
	if beyond > maxBeyond {
		t.Errorf("%d requests counted beyond ±2%% (or ±1 token) of what OpenAI billed, more than the %d documented:\n%s", beyond, maxBeyond, b.String())
	}
	if exact < minExact {
		t.Errorf("%d of %d requests counted exactly, fewer than the %d documented:\n%s", exact, total, minExact, b.String())
	}
}

// TestBilledOpenAIChat replays recorded Chat Completions requests through
// the count `assemble --request` prints and holds each to what OpenAI
// billed (usage.prompt_tokens): every one within target but the known
// misses.
func TestBilledOpenAIChat(t *testing.T) {
	checkBilled(t, "openai_chat.jsonl", 89, 0)
}

// TestBilledOpenAIResponses replays recorded Responses API requests (their
// input items, instructions, function tools and text.format) through the
// same count and compares each with what OpenAI billed
// (usage.input_tokens). One is counted beyond target
// (docs/internals/counting.md lists it); no other may miss.
func TestBilledOpenAIResponses(t *testing.T) {
	checkBilled(t, "openai_responses.jsonl", 73, 1)
}

// TestBilledCrewAIChat replays a second project's recorded Chat
// Completions requests (crewAI's cassettes, SOURCE.md), mostly agent
// prompts on gpt-4o-mini and gpt-4.1, as a check on rules calibrated on
// the first.
func TestBilledCrewAIChat(t *testing.T) {
	checkBilled(t, "crewai_openai_chat.jsonl", 609, 12)
}
