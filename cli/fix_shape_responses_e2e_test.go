package cli_test

// Every fix ctxlab offers for a recorded OpenAI Responses API request
// keeps the request in that API's shape: the body assemble --format json
// prints once the fix is applied is one the Responses API takes, its
// input items are the input's as sent (an item dropped, or its text cut,
// only where the fix's preview names its message), its tools are the
// input's, less those the fix names, and its instructions, text format,
// tool choice and reply limit are the input's.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"ctxlab/internal/chatbody"
	"ctxlab/internal/racetest"
)

// recordedResponses reads every recorded Responses API body the
// repository holds (the billed pairs under core/window/testdata/billed)
// and writes each to a file of its own.
func recordedResponses(t *testing.T) []recordedRequest {
	t.Helper()
	dir := t.TempDir()
	var out []recordedRequest
	for _, file := range []string{"openai_responses.jsonl", "openllmetry_openai_responses.jsonl"} {
		f, err := os.Open(filepath.Join("..", "core", "window", "testdata", "billed", file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<26)
		for line := 1; sc.Scan(); line++ {
			var pair struct {
				Body json.RawMessage `json:"body"`
			}
			if err := json.Unmarshal(sc.Bytes(), &pair); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			var body map[string]any
			if err := json.Unmarshal(pair.Body, &body); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", file, line))
			if err := os.WriteFile(path, pair.Body, 0o600); err != nil {
				t.Fatal(err)
			}
			out = append(out, recordedRequest{path: path, body: body})
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 100 {
		t.Fatalf("found %d recorded Responses requests; expected the pydantic-ai and OpenLLMetry ones", len(out))
	}
	return out
}

// responsesExport is what the test reads of assemble --format json for
// a Responses request.
type responsesExport struct {
	Messages          json.RawMessage   `json:"messages"`
	Instructions      *string           `json:"instructions"`
	Input             []json.RawMessage `json:"input"`
	Tools             []json.RawMessage `json:"tools"`
	ToolChoice        any               `json:"tool_choice"`
	ParallelToolCalls any               `json:"parallel_tool_calls"`
	Text              any               `json:"text"`
	MaxOutputTokens   *int              `json:"max_output_tokens"`
}

func TestEveryFixKeepsTheRecordedResponsesRequest(t *testing.T) {
	t.Parallel()
	offered, applied, bodies, losing := 0, 0, 0, 0
	for _, r := range recordedResponses(t) {
		measured, body, ok := assembleExport(t, r.args()...)
		if !ok {
			t.Fatalf("%s: refused", r)
		}
		checkResponsesKept(t, r.String()+" measured", r.body, suggestion{}, measured, body)
		bodies++
		// At its own window, at one that leaves 60% of the request room,
		// and at that much room with a small reserve, so that the
		// lossless fixes (the reserve, the model's window) are not
		// enough and the fixes that drop and cut are offered.
		used, reserve := measured.Assembly.Used, measured.Assembly.Budget.ResponseReserve
		for _, extra := range [][]string{nil, {"--window", strconv.Itoa(reserve + used*6/10)},
			{"--reserve", "16", "--window", strconv.Itoa(16 + used*6/10)}} {
			base := append(r.args(), extra...)
			before, _, ok := assembleExport(t, append(slices.Clone(base), "--suggest")...)
			if !ok {
				t.Fatalf("%s %v: refused", r, base)
			}
			for _, fix := range before.Suggestions {
				offered++
				lossy := len(fix.Lost.MessagesDropped)+len(fix.Lost.MessagesCut)+len(fix.Lost.ToolsDropped) > 0
				if lossy {
					losing++
				}
				// Under -race every racetest.Step(3)-th lossless fix, and every
				// fix that drops or cuts.
				if offered%racetest.Step(3) != 0 && !lossy {
					continue
				}
				applied++
				after, body, ok := assembleExport(t, append(slices.Clone(base), fix.Flags...)...)
				if !ok {
					t.Errorf("%s: fix %s (%v) refused", r, fix.Kind, fix.Flags)
					continue
				}
				// The flags the body was printed with, for the reserve.
				fix.Flags = append(slices.Clone(extra), fix.Flags...)
				checkResponsesKept(t, fmt.Sprintf("%s %v, fix %s %v", r, extra, fix.Kind, fix.Flags), r.body, fix, after, body)
			}
		}
	}
	if offered < 100 || losing == 0 {
		t.Fatalf("%d fixes offered for the recorded Responses requests, %d of them dropping or cutting; expected the overflow fixes of each", offered, losing)
	}
	t.Logf("%d Responses bodies measured, %d fixes offered, %d of them dropping or cutting; %d applied and checked", bodies, offered, losing, applied)
}

// checkResponsesKept checks one exported body against the Responses body
// it was read from.
func checkResponsesKept(t *testing.T, name string, input map[string]any, fix suggestion, after exported, printed string) {
	t.Helper()
	if err := chatbody.CheckResponses([]byte(printed)); err != nil {
		t.Errorf("%s: not a Responses API body: %v", name, err)
		return
	}
	var out responsesExport
	if err := json.Unmarshal([]byte(printed), &out); err != nil {
		t.Fatal(err)
	}
	if out.Messages != nil {
		t.Errorf("%s: a Responses body printed with Chat Completions messages", name)
	}
	checkItemsKept(t, name, input, fix, out)
	cutSystem := slices.Contains(fix.Lost.MessagesCut, 1)
	switch instructions, _ := input["instructions"].(string); {
	case out.Instructions == nil && instructions != "":
		t.Errorf("%s: the instructions are not sent", name)
	case out.Instructions != nil && *out.Instructions != instructions && !cutSystem:
		t.Errorf("%s: instructions %q, the input's are %q and the fix cuts no system prompt", name, *out.Instructions, instructions)
	}
	for _, key := range []string{"text", "tool_choice", "parallel_tool_calls"} {
		got := map[string]any{"text": out.Text, "tool_choice": out.ToolChoice, "parallel_tool_calls": out.ParallelToolCalls}[key]
		if want := input[key]; !reflect.DeepEqual(normalized(t, want), normalized(t, got)) {
			t.Errorf("%s: %s %v, the input's is %v", name, key, got, want)
		}
	}
	if limit, ok := input["max_output_tokens"]; ok {
		setsReserve := slices.ContainsFunc(fix.Flags, func(f string) bool { return f == "--reserve" || len(f) > 10 && f[:10] == "--reserve=" })
		if out.MaxOutputTokens == nil || float64(*out.MaxOutputTokens) != limit.(float64) && !setsReserve {
			t.Errorf("%s: max_output_tokens %v, the input's is %v", name, out.MaxOutputTokens, limit)
		}
	} else if out.MaxOutputTokens != nil {
		t.Errorf("%s: max_output_tokens %d, which the input does not set", name, *out.MaxOutputTokens)
	}
	checkToolsKept(t, name, input, fix, exported{Tools: out.Tools})
}

// responsesInputItems are a Responses body's input items, a string input
// as the one user message it stands for, each with the number of the
// message it is in the request as sent: the instructions are message 1,
// the function calls of one turn are one message, an item the chat form
// has no place for goes with the message after it.
func responsesInputItems(t *testing.T, input map[string]any) (items []map[string]any, numbers []int) {
	t.Helper()
	n := 0
	if s, _ := input["instructions"].(string); s != "" {
		n = 1
	}
	if s, ok := input["input"].(string); ok {
		return []map[string]any{{"role": "user", "content": s}}, []int{n + 1}
	}
	list, _ := normalized(t, input["input"]).([]any)
	pending, inCalls := 0, false
	for _, v := range list {
		item, _ := v.(map[string]any)
		typ, _ := item["type"].(string)
		switch {
		case typ == "function_call":
			if !inCalls {
				n++
			}
			inCalls = true
		case typ == "function_call_output", typ == "message", typ == "" && item["role"] != nil:
			n++
			inCalls = false
		default:
			inCalls = false
			pending++
			items = append(items, item)
			numbers = append(numbers, 0)
			continue
		}
		for k := len(numbers) - pending; k < len(numbers); k++ {
			numbers[k] = n
		}
		pending = 0
		items = append(items, item)
		numbers = append(numbers, n)
	}
	for k := len(numbers) - pending; k < len(numbers); k++ {
		numbers[k] = n
	}
	return items, numbers
}

// checkItemsKept: the exported input items are the input's, in order,
// each as sent or with only its text (a message's content, an output)
// changed; the messages none of whose items are sent are those the fix
// names dropped, those with an item changed or missing those it names
// cut.
func checkItemsKept(t *testing.T, name string, input map[string]any, fix suggestion, out responsesExport) {
	t.Helper()
	in, numbers := responsesInputItems(t, input)
	sent, total, changed := map[int]int{}, map[int]int{}, map[int]bool{}
	for _, n := range numbers {
		total[n]++
	}
	j := 0
	for k, raw := range out.Input {
		item, _ := normalized(t, raw).(map[string]any)
		match, textOnly := -1, false
		for i := j; i < len(in) && match < 0; i++ {
			if reflect.DeepEqual(in[i], item) {
				match = i
			}
		}
		for i := j; i < len(in) && match < 0; i++ {
			if sameItemButText(in[i], item) {
				match, textOnly = i, true
			}
		}
		if match < 0 {
			t.Errorf("%s: exported input item %d is not one of the input's, in order: %s", name, k+1, raw)
			return
		}
		sent[numbers[match]]++
		changed[numbers[match]] = changed[numbers[match]] || textOnly
		j = match + 1
	}
	var dropped, cut []int
	for n := 1; n <= numbers[len(numbers)-1]; n++ {
		switch {
		case total[n] == 0:
		case sent[n] == 0:
			dropped = append(dropped, n)
		case sent[n] < total[n] || changed[n]:
			cut = append(cut, n)
		}
	}
	if !slices.Equal(nonNil(dropped), nonNil(fix.Lost.MessagesDropped)) {
		t.Errorf("%s: messages %v not sent, the fix names %v dropped (%s)", name, dropped, fix.Lost.MessagesDropped, fix.Description)
	}
	cutNamed := slices.DeleteFunc(slices.Clone(fix.Lost.MessagesCut), func(n int) bool { return total[n] == 0 })
	if !slices.Equal(nonNil(cut), nonNil(cutNamed)) {
		t.Errorf("%s: messages %v sent in part or changed, the fix names %v cut", name, cut, fix.Lost.MessagesCut)
	}
}

// sameItemButText: two input items alike but for the text a cut
// changes, a message's content or a function call's output.
func sameItemButText(a, b map[string]any) bool {
	a, b = maps(a), maps(b)
	for _, key := range []string{"content", "output"} {
		delete(a, key)
		delete(b, key)
	}
	return reflect.DeepEqual(a, b)
}
