package cli_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// compact:MARK's summaries come from the model with --summarizer llm,
// against a local server: the server is asked, the summary it writes is
// what the compacted requests carry (its tokens, not the extractive
// summary's), and the report names the model. A failing server falls
// back to the extractive summary, each failure on stderr.
func TestReplayCompactsWithTheLLM(t *testing.T) {
	t.Parallel()
	path := replayFixtures[0]
	base := []string{"replay", "--trajectory", path, "--window", "11000", "--reserve", "1000", "--policy", "compact:0.5"}
	extractive := replayJSON(t, base[1:]...)

	long := strings.Repeat("The customer wants every reservation moved to economy; refunds go to the original card. ", 12)
	srv := newChatServer(t, func(w http.ResponseWriter, _ *http.Request, _ int64) { completion(w, long) })
	llm := []string{"--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m", "--llm-timeout", "5s"}
	stdout, stderr, code := run(t, "", append(append(base, "--format", "json"), llm...)...)
	if code != 0 || stderr != "" {
		t.Fatalf("replay with the LLM: exit %d: %s", code, stderr)
	}
	if srv.requests.Load() == 0 {
		t.Fatal("the server was not asked for a summary")
	}
	var out struct {
		Summarizer *struct {
			Name, Model string
		} `json:"summarizer"`
		replayOut
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.Summarizer == nil || out.Summarizer.Name != "llm" || out.Summarizer.Model != "m" {
		t.Errorf("the JSON does not name the model: %+v", out.Summarizer)
	}
	differ := false
	for i, tu := range out.Policies[0].Turns {
		differ = differ || tu.InputTokens != extractive.Policies[0].Turns[i].InputTokens
	}
	if !differ {
		t.Error("the model's summaries left every compacted request as the extractive summary made it")
	}
	text, _, _ := run(t, "", append(base, llm...)...)
	if !strings.Contains(text, "Summaries (compact): llm ("+srv.baseURL()) {
		t.Errorf("the text report does not name the summarizer:\n%s", text)
	}

	down := newChatServer(t, func(w http.ResponseWriter, _ *http.Request, _ int64) {
		http.Error(w, "overloaded", http.StatusServiceUnavailable)
	})
	llm[3] = down.baseURL()
	stdout, stderr, code = run(t, "", append(append(base, "--format", "json"), llm...)...)
	if code != 0 || !strings.Contains(stderr, "extractive") {
		t.Fatalf("a failing server: exit %d, stderr %q; want the extractive summary and the failure said", code, stderr)
	}
	var fellBack replayOut
	if err := json.Unmarshal([]byte(stdout), &fellBack); err != nil {
		t.Fatal(err)
	}
	for i, tu := range fellBack.Policies[0].Turns {
		if tu.InputTokens != extractive.Policies[0].Turns[i].InputTokens {
			t.Fatalf("turn %d: %d tokens, the extractive summary gives %d", i+1, tu.InputTokens, extractive.Policies[0].Turns[i].InputTokens)
		}
	}
	_, stderr, _ = run(t, "", "replay", "--trajectory", path, "--policy", "as-sent", "--summarizer", "llm", "--llm-base-url", srv.baseURL(), "--llm-model", "m")
	if !strings.Contains(stderr, "only compact:MARK writes summaries") {
		t.Errorf("--summarizer llm without compaction: stderr %q", stderr)
	}
}
