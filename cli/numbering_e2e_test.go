package cli_test

// One numbering: every surface names a message by its position in the
// request as sent (from 1, the system message included; an Anthropic
// request's top-level system prompt is message 1) and a tool result by
// its position among tool results only, and --drop-item takes the same
// numbers.

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"ctxlab/core"
	"ctxlab/core/window"
	"ctxlab/internal/testcorpus"
	"ctxlab/loaders/request"
	"ctxlab/themes"
	"ctxlab/tui/views"
)

// numberingCase is a recorded request and one tool result of it that
// every surface must name alike.
type numberingCase struct {
	name string
	args []string
	// toolResults is how many tool results the request has.
	toolResults int
	// result is a tool result's number among tool results, message the
	// number of the message that carries it, as sent; bodyIndex is where
	// the exported body's messages list holds that message, block its
	// tool_result block for an Anthropic message (-1 for a tool message).
	result, message, bodyIndex, block int
	// largest: the result is the largest, so the findings name it.
	largest bool
	// refused are item edits that name what no edit changes, and a
	// phrase of the refusal.
	refused map[string]string
}

var numberingCases = []numberingCase{
	{
		name: "tau-bench airline, 62 messages",
		args: []string{"--request", "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "6000"},
		// Message 6 is the first tool message, 40 the sixteenth.
		toolResults: 27, result: 16, message: 40, bodyIndex: 39, block: -1, largest: true,
		refused: map[string]string{
			"message:1":      "message 1 is the system prompt",
			"message:10":     "message 10 is the user's query",
			"message:63":     "the request has 62 messages",
			"tool_result:28": "the request has 27 tool results",
		},
	},
	{
		name: "Anthropic parallel calls, system prompt first",
		args: []string{"--request", testcorpus.Path("pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml"), "--interaction", "2"},
		// The system prompt is message 1, the question 2, the calls 3,
		// and message 4 carries the four tool results as blocks.
		toolResults: 4, result: 2, message: 4, bodyIndex: 2, block: 1,
		refused: map[string]string{
			"message:1":     "message 1 is the system prompt",
			"message:2":     "message 2 is the user's query",
			"message:4":     "message 4 holds tool results 1-4",
			"tool_result:5": "the request has 4 tool results",
		},
	},
}

var toolResultLabel = regexp.MustCompile(`^tool result (\d+)(?:: [^(]*)? \(message (\d+)\)$`)

func TestOneNumberingOnEverySurface(t *testing.T) {
	t.Parallel()
	for _, c := range numberingCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			label := fmt.Sprintf("tool result %d", c.result)
			withMessage := fmt.Sprintf("(message %d)", c.message)

			// JSON: the space's items number the tool results 1..N among
			// themselves, each with its message as sent.
			stdout, stderr, code := run(t, "", append([]string{"assemble", "--format", "json"}, c.args...)...)
			if code != 0 && code != 3 {
				t.Fatalf("assemble --format json: exit %d: %s", code, stderr)
			}
			var out struct {
				Space []struct {
					Kind  string `json:"kind"`
					Label string `json:"label"`
				} `json:"space"`
				Findings []struct {
					Message string `json:"message"`
					Refs    []struct {
						Kind   string `json:"kind"`
						Number int    `json:"number"`
					} `json:"refs"`
				} `json:"findings"`
			}
			if err := json.Unmarshal([]byte(stdout), &out); err != nil {
				t.Fatal(err)
			}
			var numbers []int
			jsonLabel := ""
			inHistory := regexp.MustCompile(`^message \d+ \(tool result (\d+)\)$`)
			for _, it := range out.Space {
				if m := inHistory.FindStringSubmatch(it.Label); m != nil {
					n, _ := strconv.Atoi(m[1])
					numbers = append(numbers, n)
				}
				if it.Kind != "tool-result" {
					continue
				}
				m := toolResultLabel.FindStringSubmatch(it.Label)
				if m == nil {
					t.Errorf("JSON space: tool result labelled %q", it.Label)
					continue
				}
				n, _ := strconv.Atoi(m[1])
				numbers = append(numbers, n)
				if n == c.result {
					jsonLabel = it.Label
					if m[2] != strconv.Itoa(c.message) {
						t.Errorf("JSON space: %q, want message %d", it.Label, c.message)
					}
				}
			}
			slices.Sort(numbers)
			want := make([]int, c.toolResults)
			for i := range want {
				want[i] = i + 1
			}
			if !slices.Equal(numbers, want) {
				t.Errorf("JSON space numbers the tool results %v, want 1..%d", numbers, c.toolResults)
			}
			if c.largest {
				found := false
				for _, f := range out.Findings {
					for _, r := range f.Refs {
						found = found || r.Kind == "tool_result" && r.Number == c.result && strings.Contains(f.Message, label+" (")
					}
				}
				if !found {
					t.Errorf("JSON findings name no %s by ref and message", label)
				}
			}

			// Text: the space's row, the findings, the message list.
			text, stderr, code := run(t, "", append([]string{"assemble", "--full"}, c.args...)...)
			if code != 0 && code != 3 {
				t.Fatalf("assemble: exit %d: %s", code, stderr)
			}
			if !strings.Contains(text, jsonLabel) || jsonLabel == "" {
				t.Errorf("text report lacks the JSON's label %q", jsonLabel)
			}
			if c.largest && !strings.Contains(text, label+" (") {
				t.Errorf("text findings do not name %s", label)
			}
			if !regexp.MustCompile(`(?m)^── \[` + strconv.Itoa(c.message) + `\] tool `).MatchString(text) {
				t.Errorf("text message list has no tool message [%d]", c.message)
			}

			// The HTML report.
			page, stderr, code := run(t, "", append([]string{"report"}, c.args...)...)
			if code != 0 && code != 3 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			if !strings.Contains(page, label) || !strings.Contains(page, withMessage) {
				t.Errorf("report lacks %q %q", label, withMessage)
			}

			// --drop-item takes the same number, and drops that message.
			checkDropped(t, c, "tool_result:"+strconv.Itoa(c.result))
			if c.block < 0 {
				checkDropped(t, c, "message:"+strconv.Itoa(c.message))
			}
			for edit, phrase := range c.refused {
				_, stderr, code := run(t, "", append([]string{"assemble", "--drop-item", edit}, c.args...)...)
				if code == 0 || code == 3 || !strings.Contains(stderr, "--drop-item "+edit+": "+phrase) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
					t.Errorf("--drop-item %s: exit %d, %q; want one line with %q", edit, code, stderr, phrase)
				}
			}
		})
	}
}

// checkDropped: the exported body with the edit has every message of the
// body without it, the one the case names with its content replaced by
// the drop's note and every other field as sent.
func checkDropped(t *testing.T, c numberingCase, edit string) {
	t.Helper()
	body := func(args ...string) []map[string]any {
		stdout, stderr, code := run(t, "", append(append([]string{"assemble", "--format", "json"}, c.args...), args...)...)
		if code != 0 && code != 3 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var out struct {
			Messages []map[string]any `json:"messages"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		return out.Messages
	}
	before, after := body(), body("--drop-item", edit)
	if len(before) != len(after) {
		t.Fatalf("--drop-item %s: %d messages exported, %d without it", edit, len(after), len(before))
	}
	for i := range before {
		b, _ := json.Marshal(before[i])
		a, _ := json.Marshal(after[i])
		if i != c.bodyIndex {
			if string(a) != string(b) {
				t.Errorf("--drop-item %s changed body message %d: %s", edit, i+1, a)
			}
			continue
		}
		if string(a) == string(b) || !strings.Contains(string(a), "removed by ctxlab") {
			t.Errorf("--drop-item %s left message %d as it was: %s", edit, c.message, a)
		}
		if c.block >= 0 {
			blocks, _ := after[i]["content"].([]any)
			for k, blk := range blocks {
				text, _ := json.Marshal(blk)
				if dropped := strings.Contains(string(text), "removed by ctxlab"); dropped != (k == c.block) {
					t.Errorf("--drop-item %s: block %d of message %d dropped %v: %s", edit, k+1, c.message, dropped, text)
				}
			}
			continue
		}
		delete(before[i], "content")
		delete(after[i], "content")
		b, _ = json.Marshal(before[i])
		a, _ = json.Marshal(after[i])
		if string(a) != string(b) {
			t.Errorf("--drop-item %s changed more than the content of message %d: %s, was %s", edit, c.message, a, b)
		}
	}
}

// After every allocation is given, the allocations are the user's: no
// note speaks of the preset's.
func TestAllocationNoteFollowsTheAllocationsUsed(t *testing.T) {
	t.Parallel()
	request := []string{"assemble", "--request", "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", "--window", "6000", "--preset", "agent_workflow"}
	text, stderr, code := run(t, "", request...)
	if code != 0 && code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(text, "note: agent_workflow allocates 18,500 input tokens, more than this request's max input of 3,000") {
		t.Errorf("the preset's allocations over the max input are not noted:\n%s", text)
	}
	all := append(slices.Clone(request), "--system-budget", "100", "--tools-budget", "100", "--history-budget", "100",
		"--rag-budget", "0", "--tool-results-budget", "100", "--query-budget", "100")
	text, stderr, code = run(t, "", all...)
	if code != 0 && code != 3 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Contains(text, "allocates") {
		t.Errorf("with every allocation given, a note still speaks of the preset's:\n%s", text)
	}
	over := append(slices.Clone(request), "--system-budget", "2000", "--tools-budget", "1000", "--history-budget", "100",
		"--rag-budget", "0", "--tool-results-budget", "100", "--query-budget", "100")
	text, _, _ = run(t, "", over...)
	if strings.Contains(text, "agent_workflow allocates") || !strings.Contains(text, "note: the allocations add up to 3,300 input tokens, more than this request's max input of 3,000") {
		t.Errorf("allocations given over the max input are not noted as the user's:\n%s", text)
	}
}

// The workbench's Context view heads each message with the number the
// other surfaces give it.
func TestContextViewNumbersMessagesAsSent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path        string
		interaction int
		want        []string
	}{
		{"../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", 0, []string{"── 1 system", "── 6 tool", "── 40 tool", "── 62 tool"}},
		{testcorpus.Path("pydantic-ai-llm-requests/test_multiple_parallel_tool_calls.yaml"), 2, []string{"── 1 system", "── 2 user", "── 3 assistant", "── 4 tool"}},
	} {
		sc, err := request.Load(c.path, nil, request.Options{Interaction: c.interaction})
		if err != nil {
			t.Fatal(err)
		}
		ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, sc.Settings)
		if err != nil {
			t.Fatal(err)
		}
		view := ansi.Strip(views.Context(themes.New(themes.Dark), ev, sc, 200))
		for _, w := range c.want {
			if !strings.Contains(view, w+" ") {
				t.Errorf("%s: the Context view has no %q", c.path, w)
			}
		}
	}

	// Budgeted in the chat layout, the history and the tool results are
	// dropped whole: the query sent second is still message 10.
	sc, err := request.Load("../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json", nil, request.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := sc.Settings
	s.Mode, s.Layout = window.Budgeted, window.LayoutChat
	s.Budget.ConversationHistory, s.Budget.ToolResults, s.Budget.ToolDefinitions, s.Budget.RetrievedContext = 100, 100, 100, 0
	ev, err := core.Evaluate(context.Background(), core.EvalInput{Scenario: sc}, s)
	if err != nil {
		t.Fatal(err)
	}
	view := ansi.Strip(views.Context(themes.New(themes.Dark), ev, sc, 200))
	if !strings.Contains(view, "── 10 user ") || strings.Contains(view, "── 2 user ") {
		t.Errorf("budgeted, the query is not headed as message 10:\n%s", view)
	}
}

// The tau-bench trajectory has two empty tool results (messages 12 and
// 26): at no window, measured or budgeted, is a fix offered that drops
// or cuts an empty item.
func TestNoFixEditsAnEmptyToolResult(t *testing.T) {
	t.Parallel()
	path := "../loaders/trajectory/testdata/taubench/airline-task2-62-messages.json"
	data, stderr, code := run(t, "", "assemble", "--request", path, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var body struct {
		Messages []struct {
			Role    string `json:"role"`
			Content any    `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal([]byte(data), &body); err != nil {
		t.Fatal(err)
	}
	// Each tool result's and message's content, by the numbers the edits
	// take.
	empty := map[string]bool{}
	result := 0
	for i, m := range body.Messages {
		text, _ := m.Content.(string)
		isEmpty := strings.TrimSpace(text) == ""
		if m.Role == "tool" {
			result++
			empty["tool_result:"+strconv.Itoa(result)] = isEmpty
		}
		empty["message:"+strconv.Itoa(i+1)] = isEmpty
	}
	if !empty["tool_result:2"] || !empty["message:26"] {
		t.Fatalf("the trajectory's empty tool results are not where expected: %v", empty)
	}
	offered := 0
	for _, args := range [][]string{
		{"--window", "6000"}, {"--window", "12000", "--reserve", "1000"}, {"--window", "9000", "--reserve", "500"},
		{"--window", "12000", "--reserve", "1000", "--mode", "budgeted", "--preset", "support_chat"},
	} {
		stdout, stderr, code := run(t, "", append([]string{"assemble", "--request", path, "--suggest", "--format", "json"}, args...)...)
		if code != 0 && code != 3 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		var out struct {
			Suggestions []struct {
				Flags []string `json:"flags"`
			} `json:"suggestions"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		for _, s := range out.Suggestions {
			offered++
			for i, flag := range s.Flags {
				if (flag == "--drop-item" || flag == "--truncate-item") && i+1 < len(s.Flags) {
					item, _, _ := strings.Cut(s.Flags[i+1], "=")
					if empty[item] {
						t.Errorf("%v: a fix edits %s, which is empty: %v", args, item, s.Flags)
					}
				}
			}
		}
	}
	if offered == 0 {
		t.Fatal("no fix offered")
	}
}
