package cli_test

// Every fix ctxlab offers for a recorded request keeps the request: the
// body assemble --format json prints once the fix is applied is one the
// provider takes, holds the input's messages and tools as they were sent
// (a message dropped or cut, a tool dropped, only where the fix's preview
// names it), and its tools' JSON whole.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"ctxlab/internal/chatbody"
	"ctxlab/internal/racetest"
	"ctxlab/internal/testcorpus"
	"ctxlab/loaders"
)

// recordedRequest is one request body of the repository's recorded
// traffic: a file, and for a cassette the interaction.
type recordedRequest struct {
	path        string
	interaction int
	body        map[string]any
	// windows are extra --window values to run it at, besides its own.
	windows []int
}

func (r recordedRequest) args() []string {
	args := []string{"assemble", "--request", r.path}
	if r.interaction > 0 {
		args = append(args, "--interaction", strconv.Itoa(r.interaction))
	}
	return args
}

func (r recordedRequest) String() string {
	name := filepath.Base(r.path)
	if r.interaction > 0 {
		name += fmt.Sprintf("#%d", r.interaction)
	}
	return name
}

// recordedRequests reads every recorded request body the repository
// holds: the tau-bench trajectories, the pydantic-ai cassettes beside
// them, the shared corpus, and request pairs under loaders/request.
func recordedRequests(t *testing.T) []recordedRequest {
	t.Helper()
	var files []string
	for _, pattern := range []string{
		"../loaders/trajectory/testdata/taubench/*.json",
		"../loaders/trajectory/testdata/pydantic-ai/*.yaml",
		"../loaders/request/testdata/*/*.json", "../loaders/request/testdata/*/*.yaml",
		"../loaders/request/testdata/*.json", "../loaders/request/testdata/*.yaml",
		filepath.Join(testcorpus.Dir(), "*", "*.json"), filepath.Join(testcorpus.Dir(), "*", "*.yaml"),
	} {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, matches...)
	}
	var out []recordedRequest
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := loaders.DecodeAny(path, data)
		if err != nil {
			continue // not one body: a list of messages, JSON Lines
		}
		if interactions := loaders.CassetteInteractions(tree.Value); len(interactions) > 0 {
			for i, interaction := range interactions {
				request, _ := loaders.AsMap(interaction["request"])
				for _, b := range loaders.CassetteBodies(request) {
					if body, ok := loaders.AsMap(b); ok && body["messages"] != nil {
						out = append(out, recordedRequest{path: path, interaction: i + 1, body: body})
						break
					}
				}
			}
			continue
		}
		if body, ok := loaders.AsMap(tree.Value); ok && body["messages"] != nil {
			r := recordedRequest{path: path, body: body}
			if strings.Contains(path, "taubench") {
				r.windows = []int{6000}
			}
			out = append(out, r)
		}
	}
	if len(out) < 10 {
		t.Fatalf("found %d recorded requests; expected the tau-bench, pydantic-ai and corpus ones", len(out))
	}
	return out
}

// suggestion is what the test reads of a fix.
type suggestion struct {
	Kind        string   `json:"kind"`
	Description string   `json:"description"`
	Flags       []string `json:"flags"`
	Lossless    bool     `json:"lossless"`
	Lost        struct {
		MessagesDropped []int    `json:"messages_dropped"`
		MessagesCut     []int    `json:"messages_cut"`
		ToolsDropped    []string `json:"tools_dropped"`
	} `json:"lost"`
}

// exported is what the test reads of assemble --format json.
type exported struct {
	Messages []json.RawMessage `json:"messages"`
	Tools    []json.RawMessage `json:"tools"`
	System   any               `json:"system"`
	Assembly struct {
		Used     int    `json:"used"`
		Provider string `json:"provider"`
		Budget   struct {
			ResponseReserve int `json:"response_reserve"`
		} `json:"budget"`
	} `json:"assembly"`
	Suggestions []suggestion `json:"suggestions"`
}

func assembleExport(t *testing.T, args ...string) (exported, string, bool) {
	t.Helper()
	stdout, stderr, code := run(t, "", append(args, "--format", "json")...)
	if code != 0 && code != 3 {
		return exported{}, stderr, false
	}
	var out exported
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	return out, stdout, true
}

func TestEveryFixKeepsTheRecordedRequest(t *testing.T) {
	t.Parallel()
	offered, applied := 0, 0
	for _, r := range recordedRequests(t) {
		measured, _, ok := assembleExport(t, r.args()...)
		if !ok {
			continue // a cassette's interaction that is not a chat request
		}
		data, err := loaders.MarshalJSON(r.body)
		if err != nil {
			t.Fatal(err)
		}
		validInput := chatbody.CheckOpenAI(data) == nil || measured.Assembly.Provider == "anthropic"
		// At its own window, and at one that leaves 60% of the request
		// room, so that the fixes for an overflow are offered too.
		windows := append([]int{0, measured.Assembly.Budget.ResponseReserve + measured.Assembly.Used*6/10}, r.windows...)
		for _, w := range windows {
			base := r.args()
			if w > 0 {
				base = append(base, "--window", strconv.Itoa(w))
			}
			before, _, ok := assembleExport(t, append(slices.Clone(base), "--suggest")...)
			if !ok {
				t.Fatalf("%s %v: refused", r, base)
			}
			for _, fix := range before.Suggestions {
				offered++
				// Under -race every racetest.Step(3)-th lossless fix, and every
				// fix that drops or cuts.
				lossy := len(fix.Lost.MessagesDropped)+len(fix.Lost.MessagesCut)+len(fix.Lost.ToolsDropped) > 0
				if offered%racetest.Step(3) != 0 && !lossy {
					continue
				}
				applied++
				args := append(slices.Clone(base), fix.Flags...)
				after, body, ok := assembleExport(t, args...)
				if !ok {
					t.Errorf("%s: fix %s (%v) refused", r, fix.Kind, fix.Flags)
					continue
				}
				checkKeptRequest(t, fmt.Sprintf("%s at --window %d, fix %s %v", r, w, fix.Kind, fix.Flags), r.body, validInput, fix, after, body)
			}
		}
	}
	if offered < 20 {
		t.Fatalf("%d fixes offered for the recorded requests; expected the overflow fixes of each", offered)
	}
	t.Logf("%d fixes offered, %d applied and checked", offered, applied)
}

// checkKeptRequest checks one exported body against the input body.
// validInput is false for an input the provider's check refuses as it
// is (functionary's calls have no ids): a fix keeps what it was.
func checkKeptRequest(t *testing.T, name string, input map[string]any, validInput bool, fix suggestion, after exported, body string) {
	t.Helper()
	if after.Assembly.Provider == "anthropic" {
		if err := chatbody.CheckAnthropic([]byte(body)); err != nil {
			t.Errorf("%s: not an Anthropic Messages body: %v", name, err)
		}
		checkBlocksKept(t, name, input, fix, after)
		if input["system"] != nil && !reflect.DeepEqual(normalized(t, input["system"]), normalized(t, after.System)) {
			t.Errorf("%s: system %v, the input's is %v", name, after.System, input["system"])
		}
	} else {
		if err := chatbody.CheckOpenAI([]byte(body)); err != nil && validInput {
			t.Errorf("%s: not an OpenAI Chat Completions body: %v", name, err)
		}
		checkMessagesKept(t, name, input, fix, after)
	}
	checkToolsKept(t, name, input, fix, after)
}

// checkMessagesKept: the exported messages are the input's, in order,
// each as sent or with only its content changed where the fix names it
// cut; the input messages missing are those the fix names dropped.
func checkMessagesKept(t *testing.T, name string, input map[string]any, fix suggestion, after exported) {
	t.Helper()
	in := normalized(t, input["messages"]).([]any)
	// Messages are numbered as sent, an Anthropic body's top-level system
	// prompt message 1.
	at := 1
	if system, _ := input["system"].(string); system != "" {
		at = 2
	} else if list, _ := input["system"].([]any); len(list) > 0 {
		at = 2
	}
	var dropped, cut []int
	j := 0
	for k, raw := range after.Messages {
		out := normalized(t, raw)
		// The next input message it is, as sent; else the next it is
		// with another content.
		match, contentOnly := -1, false
		for i := j; i < len(in) && match < 0; i++ {
			if same, _ := compareMessage(in[i], out); same {
				match = i
			}
		}
		for i := j; i < len(in) && match < 0; i++ {
			if _, other := compareMessage(in[i], out); other {
				match, contentOnly = i, true
			}
		}
		if match < 0 {
			t.Errorf("%s: exported message %d is not one of the input's, in order: %s", name, k+1, raw)
			return
		}
		for ; j < match; j++ {
			dropped = append(dropped, j+at)
		}
		if contentOnly {
			cut = append(cut, match+at)
		}
		j = match + 1
	}
	for ; j < len(in); j++ {
		dropped = append(dropped, j+at)
	}
	if !slices.Equal(dropped, nonNil(fix.Lost.MessagesDropped)) && !(len(dropped) == 0 && len(fix.Lost.MessagesDropped) == 0) {
		t.Errorf("%s: messages %v not sent, the fix names %v dropped (%s)", name, dropped, fix.Lost.MessagesDropped, fix.Description)
	}
	if !slices.Equal(cut, nonNil(fix.Lost.MessagesCut)) && !(len(cut) == 0 && len(fix.Lost.MessagesCut) == 0) {
		t.Errorf("%s: messages %v sent with another content, the fix names %v cut", name, cut, fix.Lost.MessagesCut)
	}
}

func nonNil(list []int) []int {
	if list == nil {
		return []int{}
	}
	return list
}

// compareMessage: same is the message as sent; contentOnly is the same
// message with another content.
func compareMessage(in, out any) (same, contentOnly bool) {
	if reflect.DeepEqual(in, out) {
		return true, false
	}
	a, ok1 := in.(map[string]any)
	b, ok2 := out.(map[string]any)
	if !ok1 || !ok2 {
		return false, false
	}
	a, b = maps(a), maps(b)
	delete(a, "content")
	delete(b, "content")
	return false, reflect.DeepEqual(a, b)
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// checkToolsKept: each exported tool is one of the input's, its JSON
// whole, and the names missing are the ones the fix names.
func checkToolsKept(t *testing.T, name string, input map[string]any, fix suggestion, after exported) {
	t.Helper()
	var in []any
	if input["tools"] != nil {
		in = normalized(t, input["tools"]).([]any)
	}
	var names []string
	for _, tool := range in {
		names = append(names, toolName(tool))
	}
	var kept []string
	for _, raw := range after.Tools {
		out := normalized(t, raw)
		if !slices.ContainsFunc(in, func(tool any) bool { return reflect.DeepEqual(tool, out) }) {
			t.Errorf("%s: exported tool %s is not one of the input's as sent", name, raw)
		}
		kept = append(kept, toolName(out))
	}
	var missing []string
	for _, n := range names {
		if !slices.Contains(kept, n) {
			missing = append(missing, n)
		}
	}
	slices.Sort(missing)
	named := slices.Clone(fix.Lost.ToolsDropped)
	slices.Sort(named)
	if len(missing)+len(named) > 0 && !slices.Equal(missing, named) {
		t.Errorf("%s: tools %v not sent, the fix names %v dropped (%s)", name, missing, named, fix.Description)
	}
}

func toolName(tool any) string {
	m, _ := tool.(map[string]any)
	if fn, ok := m["function"].(map[string]any); ok {
		if n, ok := fn["name"].(string); ok {
			return n
		}
	}
	n, _ := m["name"].(string)
	return n
}

// normalized is v as JSON reads it back: YAML's integers and JSON's
// numbers compare equal, and so do a raw message and its decoded value.
func normalized(t *testing.T, v any) any {
	t.Helper()
	data, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if data, err = loaders.MarshalJSON(v); err != nil {
			t.Fatal(err)
		}
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// block is one content block of an Anthropic message, and the message.
type block struct {
	message int // from 1
	role    string
	value   map[string]any
}

// anthropicBlocks lists messages' content blocks in order; a string
// content is one text block, as the API reads it.
func anthropicBlocks(t *testing.T, messages any) []block {
	t.Helper()
	list, _ := normalized(t, messages).([]any)
	var out []block
	for i, m := range list {
		msg, _ := m.(map[string]any)
		role, _ := msg["role"].(string)
		switch content := msg["content"].(type) {
		case string:
			out = append(out, block{i + 1, role, map[string]any{"type": "text", "text": content}})
		case []any:
			for _, b := range content {
				if text, ok := b.(string); ok {
					b = map[string]any{"type": "text", "text": text}
				}
				value, _ := b.(map[string]any)
				out = append(out, block{i + 1, role, value})
			}
		}
	}
	return out
}

// checkBlocksKept is checkMessagesKept for an Anthropic body, block by
// block, since the turns of one role in a row are one message there: the
// exported blocks are the input's, in order, each as sent or with only
// its text or tool_result content changed; a message none of whose
// blocks are sent is dropped, one that lost some or had one changed is
// cut, as the fix names them.
func checkBlocksKept(t *testing.T, name string, input map[string]any, fix suggestion, after exported) {
	t.Helper()
	in := anthropicBlocks(t, input["messages"])
	outMessages := make([]any, len(after.Messages))
	for i, m := range after.Messages {
		outMessages[i] = m
	}
	out := anthropicBlocks(t, outMessages)
	sent, changed := map[int]int{}, map[int]bool{}
	j := 0
	for k, b := range out {
		match, contentOnly := -1, false
		for i := j; i < len(in) && match < 0; i++ {
			if in[i].role == b.role && reflect.DeepEqual(in[i].value, b.value) {
				match = i
			}
		}
		for i := j; i < len(in) && match < 0; i++ {
			if _, other := compareMessage(withoutText(in[i].value), withoutText(b.value)); in[i].role == b.role && other {
				match, contentOnly = i, true
			}
		}
		if match < 0 {
			t.Errorf("%s: exported block %d is not one of the input's, in order: %v", name, k+1, b.value)
			return
		}
		sent[in[match].message]++
		changed[in[match].message] = changed[in[match].message] || contentOnly
		j = match + 1
	}
	total := map[int]int{}
	for _, b := range in {
		total[b.message]++
	}
	// Messages are numbered as sent, the top-level system prompt message
	// 1: block message n is message n+1 when there is one.
	shift := 0
	if system, _ := input["system"].(string); system != "" {
		shift = 1
	} else if list, _ := input["system"].([]any); len(list) > 0 {
		shift = 1
	}
	var dropped, cut []int
	for n := 1; n <= len(normalized(t, input["messages"]).([]any)); n++ {
		switch {
		case sent[n] == 0 && total[n] > 0:
			dropped = append(dropped, n+shift)
		case sent[n] < total[n] || changed[n]:
			cut = append(cut, n+shift)
		}
	}
	if !slices.Equal(nonNil(dropped), nonNil(fix.Lost.MessagesDropped)) {
		t.Errorf("%s: messages %v not sent, the fix names %v dropped (%s)", name, dropped, fix.Lost.MessagesDropped, fix.Description)
	}
	if !slices.Equal(nonNil(cut), nonNil(fix.Lost.MessagesCut)) {
		t.Errorf("%s: messages %v sent in part or changed, the fix names %v cut", name, cut, fix.Lost.MessagesCut)
	}
}

// withoutText is a block with its text moved under "content", so that
// compareMessage sees a text block and a tool_result alike.
func withoutText(b map[string]any) map[string]any {
	out := maps(b)
	if text, ok := out["text"]; ok {
		delete(out, "text")
		out["content"] = text
	}
	return out
}

// An Anthropic body with system blocks and content blocks that carry
// cache_control is printed back as it came, measured and budgeted.
func TestAnthropicRequestIsPrintedAsSent(t *testing.T) {
	t.Parallel()
	body := `{"model": "claude-sonnet-4-5", "max_tokens": 1024,
  "system": [{"type": "text", "text": "You look up orders.", "cache_control": {"type": "ephemeral"}}],
  "tools": [{"name": "lookup_order", "description": "Look up an order", "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}}}],
  "messages": [
    {"role": "user", "content": [{"type": "text", "text": "Where is ORD-1?", "cache_control": {"type": "ephemeral"}}]},
    {"role": "assistant", "content": [{"type": "text", "text": "Looking."}, {"type": "tool_use", "id": "tu_1", "name": "lookup_order", "input": {"id": "ORD-1"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "content": "shipped"}]}]}`
	path := writeFile(t, "anthropic.json", body)
	var input map[string]any
	if err := json.Unmarshal([]byte(body), &input); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{}, {"--layout", "chat"}} {
		out, printed, ok := assembleExport(t, append([]string{"assemble", "--request", path}, args...)...)
		if !ok {
			t.Fatalf("%v: refused", args)
		}
		name := fmt.Sprintf("anthropic.json %v", args)
		checkKeptRequest(t, name, input, true, suggestion{}, out, printed)
		var got struct {
			Messages any `json:"messages"`
		}
		if err := json.Unmarshal([]byte(printed), &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(normalized(t, got.Messages), normalized(t, input["messages"])) {
			t.Errorf("%s: messages\n%s\nwant the input's", name, printed)
		}
	}
}
