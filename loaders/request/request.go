package request

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/core/value"
	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/loaders"
	"ctxlab/loaders/docs"
)

// DefaultPreset is the preset whose allocations an imported request
// is shown against when Options.Preset is empty. Requests worth
// importing are mostly agent loops: tool definitions, then tool calls and
// tool results after the user's message. agent_workflow is the only
// article preset that gives all of those room (4,000 tokens of tools,
// 6,000 of tool results), so its allocations flag what is really out of
// proportion rather than every tool call.
const DefaultPreset = window.PresetAgentWorkflow

// DefaultWindow is the window assumed for a model that is not in
// core's table when no window is given: 128,000 tokens, the window of
// gpt-4o and of most current chat models. The scenario's notes say so.
const DefaultWindow = 128_000

// Options control Load and Parse.
type Options struct {
	// Interaction is the 1-based interaction of a VCR cassette to take the
	// request from; 0 takes the first whose request is a chat request.
	Interaction int
	// Window overrides the model's context window when > 0.
	Window int
	// Model, when not "", stands in for the request's model (the command
	// line's --model): its window, max output and tokenizer are used, so
	// the question "would this request fit gpt-4o?" is measured against
	// gpt-4o's window and not the window of the model it was sent to.
	Model string
	// Reserve overrides the response reserve (the request's max_tokens,
	// else the preset's or the default) when > 0.
	Reserve int
	// Preset names the preset whose allocations are shown (and applied
	// when the caller switches to a budgeted assembly); "" means
	// DefaultPreset. A named preset also supplies the response
	// reserve when the request sets no max_tokens; without one the
	// reserve is tokens.DefaultResponseReserve.
	Preset string
	// Presets resolves Preset; nil means core's built-in presets. Pass
	// the built-ins merged with a budget file for --budget-file.
	Presets window.PresetSet
}

// SupportedShapes describes, on one line, what Load reads.
const SupportedShapes = `an OpenAI Chat Completions request body {model, messages, tools}; ` +
	`an OpenAI Responses API request body {model, instructions, input, tools, text}; ` +
	`an Anthropic Messages request body {model, system, messages, tools, max_tokens}; ` +
	`either as JSON or YAML, or inside a VCR cassette's interactions[].request.parsed_body`

// Load reads an API request body from path ("-" reads stdin) and
// splits it into a scenario measured as sent: see Parse.
func Load(path string, stdin io.Reader, opts Options) (*core.Scenario, error) {
	if path == "-" {
		if stdin == nil {
			return nil, &loaders.Error{Name: "stdin", Msg: "no standard input to read the request from"}
		}
		data, err := loaders.ReadInput("stdin", stdin)
		if err != nil {
			return nil, loaders.InputError("reading stdin", err)
		}
		return Parse("stdin", data, opts)
	}
	data, err := loaders.ReadInputPath(path, "loading request", "a request body or a VCR cassette")
	if err != nil {
		return nil, err
	}
	return Parse(path, data, opts)
}

// Parse splits an OpenAI Chat Completions or Anthropic Messages
// request body into the components of a scenario: the system prompt, the
// tool definitions exactly as sent, the history (every message before the
// last user message), the user query (that message) and the tool results
// (everything after it: an agent loop's tool calls and their outputs).
// The provider is detected from the body's shape (see detectProvider).
//
// The scenario is measured as sent (window.MeasureOnly): the model picks
// the tokenizer and the window (tokens.LookupModel), opts.Window overrides
// the window, and the response reserve is the request's max_tokens or
// max_completion_tokens, else the named preset's, else
// tokens.DefaultResponseReserve. An unknown or missing model is not an
// error: o200k_base and DefaultWindow are used and Notes say so.
func Parse(name string, data []byte, opts Options) (sc *core.Scenario, err error) {
	defer func() {
		if r := recover(); r != nil {
			sc, err = nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("request could not be read (internal error: %v)", r)}
		}
	}()
	switch {
	case opts.Interaction < 0:
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("interaction %s is not valid; expected 1 or more (0 picks the first chat request)", numfmt.Thousands(opts.Interaction))}
	case opts.Window < 0:
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("window %s is negative; expected a number of tokens", numfmt.Thousands(opts.Window))}
	}
	data = loaders.StripBOM(data)
	if loaders.IsBlank(data) {
		return nil, loaders.EmptyError(name, SupportedShapes)
	}
	if err := loaders.CheckUTF8(name, data); err != nil {
		return nil, err
	}
	t, err := loaders.DecodeAny(name, data)
	if err != nil {
		return nil, err
	}
	if err := tracesFileError(name, t); err != nil {
		return nil, err
	}
	if t.Syntax == loaders.SyntaxJSONL {
		return nil, &loaders.Error{Name: name, Msg: fmt.Sprintf("holds %s JSON values; expected one request body%s", numfmt.Thousands(len(t.Lines)), docs.RequestHint(t))}
	}
	pick, err := pickRequestBody(name, t.Value, opts.Interaction)
	if err != nil {
		if hint := docs.RequestHint(t); hint != "" {
			var loadErr *loaders.Error
			if errors.As(err, &loadErr) {
				loadErr.Msg += hint
			}
		}
		return nil, err
	}
	var raw *rawRequest
	if t.Syntax == loaders.SyntaxJSON && pick.total == 0 {
		raw = rawRequestOf(data)
	}
	site := requestSite{name: name, interaction: pick.interaction}
	var responsesNotes []string
	var responsesItems [][]any
	var responses *window.ResponsesFrame
	if loaders.IsResponsesBody(pick.body) {
		pick.storedCalls = responsesStoredCalls(pick.body)
		var sent *rawResponses
		if t.Syntax == loaders.SyntaxJSON && pick.total == 0 {
			sent = rawResponsesOf(data)
		}
		if pick.converted, responsesItems, responsesNotes, err = responsesAsChat(site, pick.body, sent); err != nil {
			return nil, err
		}
		if responses, err = responsesFrame(site, pick.body, sent); err != nil {
			return nil, err
		}
		pick.body, raw = pick.converted, nil
	}
	req, err := parseChatRequest(site, pick.body, raw)
	if err != nil {
		return nil, err
	}
	if responses != nil {
		if err := withResponsesItems(site, req, responsesItems); err != nil {
			return nil, err
		}
	}
	req.notes = append(responsesNotes, req.notes...)
	sc, err = requestScenario(name, req, pick, opts)
	withOpenAIBody(sc, req, pick, data, raw != nil && pick.converted == nil)
	if sc != nil {
		sc.Responses = responses
	}
	return sc, err
}

// chatRequest is a request body split into ctxlab's components.
type chatRequest struct {
	provider     string // tokens.ProviderOpenAI or tokens.ProviderAnthropic
	model        string
	systemPrompt string
	// systemSent and querySent are the system message and the query's
	// message as sent, when the request has them (see value.Sent).
	systemSent, querySent *value.Sent
	tools                 []json.RawMessage
	history               []value.Message
	query                 string
	toolResults           []window.ToolResult
	// maxTokens is the reply limit the request sets, 0 when it sets none;
	// maxTokensKey is the key it came from.
	maxTokens    int
	maxTokensKey string
	messages     int
	notes        []string
	// anthropic is what an Anthropic body renders into the prompt besides
	// its messages and tools.
	anthropic window.AnthropicPrompt
}

// requestSite names where in the input an error is: the file and, for a
// cassette, the interaction.
type requestSite struct {
	name        string
	interaction int
}

func (s requestSite) errorf(format string, args ...any) *loaders.Error {
	msg := fmt.Sprintf(format, args...)
	if s.interaction > 0 {
		msg = fmt.Sprintf("interaction %d: %s", s.interaction, msg)
	}
	return &loaders.Error{Name: s.name, Msg: msg}
}

// parseChatRequest reads the fields both APIs share and hands the
// messages to the provider's reader.
func parseChatRequest(site requestSite, body map[string]any, raw *rawRequest) (*chatRequest, error) {
	provider, err := detectProvider(site, body)
	if err != nil {
		return nil, err
	}
	req := &chatRequest{provider: provider}
	if v, ok := body["model"]; ok && v != nil {
		model, isString := v.(string)
		if !isString {
			return nil, site.errorf(`"model" is %s; expected a string`, loaders.Describe(v))
		}
		req.model = strings.TrimSpace(model)
	}
	if err := readMaxTokens(site, body, req); err != nil {
		return nil, err
	}
	if err := readTools(site, body, raw, req); err != nil {
		return nil, err
	}
	messages, ok := loaders.AsList(body["messages"])
	if !ok {
		return nil, site.errorf(`"messages" is %s; expected a list of messages`, loaders.Describe(body["messages"]))
	}
	req.messages = len(messages)
	if provider == tokens.ProviderAnthropic {
		err = readAnthropicMessages(site, body, messages, raw, req)
	} else {
		err = readOpenAIMessages(site, messages, raw, req)
	}
	if err != nil {
		return nil, err
	}
	return req, nil
}

// readMaxTokens reads the reply limit: max_completion_tokens (OpenAI's
// current name) before max_tokens.
func readMaxTokens(site requestSite, body map[string]any, req *chatRequest) error {
	for _, key := range []string{"max_completion_tokens", "max_tokens"} {
		v, ok := body[key]
		if !ok || v == nil {
			continue
		}
		n, ok := wholeNumber(v)
		if f, isNumber := loaders.AsFloat(v); !ok && isNumber && f == math.Trunc(f) && f >= 1<<31 {
			// Whole and positive, but more than any model writes in a reply.
			return site.errorf("%q is %s, more tokens than any model writes in a reply; expected at most %s", key, loaders.Describe(v), numfmt.Thousands(1<<31-1))
		}
		if !ok || n < 1 {
			return site.errorf("%q is %s; expected a positive whole number of tokens", key, loaders.Describe(v))
		}
		req.maxTokens, req.maxTokensKey = n, key
		return nil
	}
	return nil
}

// wholeNumber reads a token count, accepting 4096.0 as 4096 since YAML
// and some clients write integers as floats.
func wholeNumber(v any) (int, bool) {
	const limit = 1 << 31
	switch x := v.(type) {
	case int64:
		if x > -limit && x < limit {
			return int(x), true
		}
	case float64:
		if x == float64(int64(x)) && x > -limit && x < limit {
			return int(x), true
		}
	}
	return 0, false
}

// readTools keeps every tool definition as sent, whatever its type: a
// code_interpreter or a provider's server tool costs tokens too.
func readTools(site requestSite, body map[string]any, raw *rawRequest, req *chatRequest) error {
	v, ok := body["tools"]
	if !ok || v == nil {
		return nil
	}
	tools, ok := loaders.AsList(v)
	if !ok {
		return site.errorf(`"tools" is %s; expected a list of tool definitions`, loaders.Describe(v))
	}
	defs := make([]json.RawMessage, len(tools))
	for i, tool := range tools {
		obj, ok := loaders.AsMap(tool)
		if !ok {
			return site.errorf("tool %d is %s; expected a tool definition object", i+1, loaders.Describe(tool))
		}
		if problem := ToolNameProblem(obj); problem != "" {
			return site.errorf("tool %d: %s", i+1, problem)
		}
		if defs[i] = raw.tool(i, len(tools)); defs[i] != nil {
			// Compacted from its JSON in the file (valid, since
			// json.Unmarshal cut it from the body, so compactJSON never
			// falls back to the decoded value): the decoded copy is not
			// read again, and the body lets go of it.
			tools[i] = nil
		}
	}
	for i, tool := range tools {
		data, err := compactJSON(defs[i], tool)
		if err != nil {
			return site.errorf("tool %d cannot be written as JSON: %v", i+1, err)
		}
		req.tools = append(req.tools, data)
	}
	return nil
}

// requestScenario turns a split request into a scenario measured as sent.
func requestScenario(name string, req *chatRequest, pick requestBody, opts Options) (*core.Scenario, error) {
	site := requestSite{name: name, interaction: pick.interaction}
	presets := opts.Presets
	if presets == nil {
		presets = window.BuiltinPresets()
	}
	presetName := strings.TrimSpace(opts.Preset)
	if presetName == "" {
		presetName = DefaultPreset
	}
	budget, err := presets.Lookup(presetName)
	if err != nil {
		return nil, &loaders.Error{Name: name, Msg: err.Error()}
	}

	notes := append([]string(nil), req.notes...)
	if pick.usageProblem != "" {
		notes = append(notes, pick.usageProblem)
	}
	modelLabel := req.model
	if modelLabel == "" {
		modelLabel = "no model"
	}
	spec, known := tokens.LookupModel(req.model)
	// Counted as Anthropic counts: the request's API, unless another
	// model was given, whose own provider decides.
	anthropicCounts := req.provider == tokens.ProviderAnthropic
	if model := strings.TrimSpace(opts.Model); model != "" && model != req.model {
		if req.model == "" {
			notes = append(notes, fmt.Sprintf("measured as a request to %s (the model given; the request names none): its window and tokenizer", model))
		} else {
			notes = append(notes, fmt.Sprintf("measured as a request to %s (the model given), not to %s: its window and tokenizer", model, modelLabel))
		}
		if pick.usage != nil {
			// What the provider billed was for the recorded model: not a
			// measure of this count, so it is told, not compared.
			notes = append(notes, fmt.Sprintf("the cassette recorded %s input tokens for %s; not compared with a count for %s",
				numfmt.Thousands(pick.usage.InputTokens), modelLabel, model))
			pick.usage = nil
		}
		req.model = model
		spec, known = tokens.LookupModel(model)
		anthropicCounts = known && spec.Provider == tokens.ProviderAnthropic
	}

	switch {
	case opts.Window > 0:
		budget.TotalWindow = opts.Window
	case known:
		budget.TotalWindow = spec.Window
	default:
		budget.TotalWindow = DefaultWindow
	}

	switch {
	case opts.Reserve > 0:
		budget.ResponseReserve = opts.Reserve
	case req.maxTokens > 0:
		budget.ResponseReserve = req.maxTokens
		if known && req.maxTokens > spec.MaxOutput {
			notes = append(notes, fmt.Sprintf("%s %s is above %s's max output of %s tokens: the API would reject the request",
				req.maxTokensKey, numfmt.Thousands(req.maxTokens), spec.Name, numfmt.Thousands(spec.MaxOutput)))
		}
	case strings.TrimSpace(opts.Preset) != "":
		// The preset's own reserve, as Lookup returned it.
	default:
		budget.ResponseReserve = tokens.DefaultResponseReserve
		notes = append(notes, fmt.Sprintf("the request sets no max_tokens: %s tokens reserved for the reply", numfmt.Thousands(tokens.DefaultResponseReserve)))
	}
	if budget.ResponseReserve >= budget.TotalWindow && req.maxTokens > 0 && opts.Reserve <= 0 {
		// Opened all the same: the evaluation reports the overflow and
		// its cause; this says where the reserve came from.
		notes = append(notes, fmt.Sprintf("the response reserve is the request's %s of %s", req.maxTokensKey, numfmt.Thousands(budget.ResponseReserve)))
	}

	// One note for everything an unknown model leaves to a guess.
	var guesses []string
	if opts.Window <= 0 && !known {
		guesses = append(guesses, fmt.Sprintf("assuming a %s-token window (set the window to measure against the real one)", numfmt.Thousands(DefaultWindow)))
	}
	// Whether the allocations fit the max input is the evaluation's note
	// (core's allocationNote), made from the allocations actually used:
	// flags given after the preset replace its allocations.

	var tok tokens.Tokenizer
	if anthropicCounts {
		tok, _ = tokens.ByName(tokens.TokenizerO200K)
		notes = append(notes, anthropicEstimateNote)
	} else {
		resolved, err := core.ResolveModel(req.model, "", false)
		if req.model == "" || err != nil {
			// Any model ctxlab does not know is counted, not refused.
			resolved.Tokenizer, _ = tokens.ByName(tokens.TokenizerO200K)
			guesses = append(guesses, "counting with o200k_base")
		}
		tok = resolved.Tokenizer
		if resolved.Note != "" {
			notes = append(notes, resolved.Note)
		}
	}
	if len(guesses) > 0 {
		notes = append(notes, describeModel(req.model)+": "+strings.Join(guesses, " and "))
	}

	s := core.DefaultSettings()
	s.Mode = window.MeasureOnly
	s.Preset = presetName
	s.Budget = budget
	s.AllocationsAssumed = strings.TrimSpace(opts.Preset) == ""
	s.Model = req.model
	s.Pipeline.Tokenizer = tok
	s.Query = req.query
	// Budgeted, an imported request keeps its shape (its messages, the
	// tools array, calls with their results); --layout article folds it
	// as the article's assembler does.
	s.Layout = window.LayoutChat
	if err := s.Validate(); err != nil {
		return nil, site.errorf("%v", err)
	}

	description := fmt.Sprintf("%s request · %s · %s · %s", providerLabel(req.provider), modelLabel,
		numfmt.Count(len(req.tools), "tool", "tools"), numfmt.Count(req.messages, "message", "messages"))
	if pick.total > 0 {
		description += fmt.Sprintf(" · interaction %s of %s", numfmt.Thousands(pick.interaction), numfmt.Thousands(pick.total))
	}
	return &core.Scenario{
		Name:         requestName(name),
		Description:  description,
		Origin:       name,
		Provider:     req.provider,
		SystemPrompt: req.systemPrompt,
		SystemSent:   req.systemSent,
		QuerySent:    req.querySent,
		ReplyLimit:   req.maxTokens,
		Tools:        req.tools,
		History:      req.history,
		ToolResults:  req.toolResults,
		Notes:        notes,
		Settings:     s,
		Recorded:     pick.usage,
		Anthropic:    req.anthropic,
		Interaction:  pick.interaction,
		Interactions: pick.total,
	}, nil
}

// anthropicEstimateNote is the note every Anthropic request carries.
const anthropicEstimateNote = core.AnthropicEstimateNote

func describeModel(model string) string {
	if model == "" {
		return "the request names no model"
	}
	return fmt.Sprintf("model %s is not in ctxlab's model table", loaders.Quoted(model))
}

func providerLabel(provider string) string {
	if provider == tokens.ProviderAnthropic {
		return "Anthropic"
	}
	return "OpenAI"
}

// requestName is the file's base name without its extension.
func requestName(name string) string {
	base := filepath.Base(name)
	if trimmed := strings.TrimSuffix(base, filepath.Ext(base)); trimmed != "" {
		return trimmed
	}
	return base
}
