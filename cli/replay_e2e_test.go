package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	loadtraj "ctxlab/loaders/trajectory"
)

// Trajectories of every shape: a whole conversation with its tools, a
// bare message list, and cassettes of OpenAI and Anthropic agents.
var replayFixtures = []string{
	"../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json",
	"../loaders/trajectory/testdata/taubench/airline-task35-messages-only.json",
	"../loaders/trajectory/testdata/pydantic-ai/openai_chat_prompt_cache_e2e.yaml",
	"../loaders/trajectory/testdata/pydantic-ai/anthropic_cache_real_api.yaml",
	hitlCassette,
}

type replayOut struct {
	Turns []struct {
		Turn        int  `json:"turn"`
		InputTokens int  `json:"input_tokens"`
		OverWindow  bool `json:"over_window"`
	} `json:"turns"`
	Policies []struct {
		Name          string `json:"name"`
		OverflowTurns int    `json:"overflow_turns"`
		Turns         []struct {
			InputTokens  int `json:"input_tokens"`
			CachedTokens int `json:"cached_tokens"`
		} `json:"turns"`
	} `json:"policies"`
}

func replayJSON(t *testing.T, args ...string) replayOut {
	t.Helper()
	stdout, stderr, code := run(t, "", append([]string{"replay", "--format", "json"}, args...)...)
	if code != 0 && code != 3 {
		t.Fatalf("replay %v: exit %d: %s", args, code, stderr)
	}
	var out replayOut
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("replay %v: %v\n%s", args, err, stdout)
	}
	return out
}

// Under as-sent, turn N's input tokens are what ctxlab assemble counts
// for turn N's request body.
func TestReplayAsSentEqualsAssemble(t *testing.T) {
	for _, path := range replayFixtures {
		t.Run(filepath.Base(path), func(t *testing.T) {
			out := replayJSON(t, "--trajectory", path, "--policy", "as-sent")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			bodies, err := loadtraj.ParseBodies(path, data)
			if err != nil {
				t.Fatal(err)
			}
			if len(bodies) != len(out.Turns) || len(bodies) < 2 {
				t.Fatalf("%d bodies, %d turns", len(bodies), len(out.Turns))
			}
			for i, b := range bodies {
				file := writeFile(t, "turn"+strconv.Itoa(i+1)+".json", string(b.Body))
				stdout, stderr, code := run(t, "", "assemble", "--request", file, "--format", "json")
				if code != 0 && code != 3 {
					t.Fatalf("assemble turn %d: exit %d: %s", i+1, code, stderr)
				}
				var a struct {
					Assembly struct {
						Used int `json:"used"`
					} `json:"assembly"`
				}
				if err := json.Unmarshal([]byte(stdout), &a); err != nil {
					t.Fatal(err)
				}
				if a.Assembly.Used != out.Turns[i].InputTokens || out.Policies[0].Turns[i].InputTokens != a.Assembly.Used {
					t.Errorf("turn %d (%s): replay %d, as-sent policy %d, assemble %d", i+1, b.Label,
						out.Turns[i].InputTokens, out.Policies[0].Turns[i].InputTokens, a.Assembly.Used)
				}
			}
		})
	}
}

// A turn over the window exits 3 under the first policy given, and not
// when the first policy keeps every turn in.
func TestReplayExitsThreeOnOverflow(t *testing.T) {
	path := replayFixtures[0]
	_, stderr, code := run(t, "", "replay", "--trajectory", path, "--window", "12000", "--reserve", "1000")
	if code != 3 || !strings.Contains(stderr, "over the window under as-sent, the first at turn") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	stdout, stderr, code := run(t, "", "replay", "--trajectory", path, "--window", "12000", "--reserve", "1000", "--policy", "drop-oldest,as-sent")
	if code != 0 {
		t.Fatalf("drop-oldest first: exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Tokens per turn, as sent: ", "First turn over the window: ", "drop-oldest: no overflow", "as-sent: "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestReplayCSVAndBadFlags(t *testing.T) {
	stdout, stderr, code := run(t, "", "replay", "--trajectory", replayFixtures[1], "--format", "csv", "--policy", "as-sent,last:2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if lines[0] != "policy,turn,input_tokens,cached_tokens,cache_write_tokens,over_window,removed,removed_tokens,cost_usd" || len(lines) != 1+2*3 {
		t.Errorf("csv:\n%s", stdout)
	}
	for _, c := range []struct{ args, want string }{
		{"--policy dorp-oldest", "did you mean drop-oldest"},
		{"--policy watermark:0.5/0.9", "0 < LOW < HIGH <= 1"},
		{"--format xml", "expected text, json, csv or markdown"},
		{"--trajectory does-not-exist.json", "does-not-exist.json: cannot be read"},
		{"--cache-ttl 2h", "expected 5m or 1h"},
	} {
		_, stderr, code := run(t, "", append([]string{"replay", "--trajectory", replayFixtures[1]}, strings.Fields(c.args)...)...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d: %s", c.args, code, stderr)
		}
	}
}
