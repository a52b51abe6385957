package window

import (
	"strings"

	"ctxlab/core/tokens"
)

// OpenAI bills a Chat Completions request as the prompt it renders from
// the body, not as the JSON it receives. openAIPrompt is that rendering,
// as far as recorded traffic shows it (docs/internals/counting.md gives
// the rules and the evidence for each):
//
//   - every message costs 3 tokens of framing plus its header (its role);
//     the reply is primed with 3 tokens, 2 for reasoning models (and
//     computer-use-preview);
//   - function tools are written as a TypeScript-like namespace after
//     "# Tools\n\n## functions\n\n", appended to a leading system or
//     developer message (after a blank line) or sent as a system message
//     of their own; the legacy functions list renders the same; the
//     whole costs one token less than its text (its text for the
//     o-series), and a function not commented at both levels (no
//     description, or none on its properties) one more token less,
//     with parameters (any such function, for gpt-5, and with gpt-5 one
//     with properties but no description a token less again);
//   - a json_schema response format is written after the tools as
//     "# Response Formats\n\n## NAME\n\n", its description as a comment,
//     and the schema's JSON escaped to ASCII without required,
//     additionalProperties, bounds and defaults; alone (no tools, not
//     gpt-5) the reply is primed to it, " to=" and its name counted on
//     its own;
//   - an assistant's tool call is a message of its own whose header is
//     "assistant to=functions.NAME" and whose content is the arguments
//     as compact JSON;
//     several calls in one message are one call of multi_tool_use.parallel,
//     and their outputs one message from it, a JSON list (see
//     mergeParallelOutputs);
//     a tool output's header is "functions.NAME", the name counted on
//     its own after a token for "functions.", and costs 2 tokens more;
//   - gpt-5 models (OpenAI's harmony format) add 82 tokens to a request
//     with tools, 5 to each tool call and 2 to each tool output, 2 to
//     each assistant message with content (its final channel), 3 to a
//     chat body's system message the tools join ("# Instructions"), and
//     a call after the last user message a token less;
//   - under a json_schema response format, an assistant message with
//     content costs 4 tokens more;
//   - the search models bill no system or developer message;
//   - a Responses body's instructions are not joined by the tools (nor,
//     with gpt-5, a leading system item), tools joined to a leading
//     system item cost 4 tokens more, and
//     a function_call item replayed with its output item id costs 3
//     tokens more.
type openAIPrompt struct {
	messages []promptMessage
	priming  int
	// toolBlocks are each function's block of the namespace, for the
	// items table.
	toolBlocks [][]string
	// toolsAdjust is what the tools cost beyond their text (the strict
	// discount, gpt-5's tool preamble).
	toolsAdjust int
	// replyTo is the response format the reply is primed to, when a
	// json_schema format comes with no tools (not gpt-5): see
	// primingTokens.
	replyTo string
	// currentTurnCalls are the gpt-5 tool call messages after the last
	// user message: see primingTokens.
	currentTurnCalls int
	// forced is the function tool_choice names (forcedFunction).
	forced string
}

// promptMessage is one message of the prompt: its header, what the
// header costs beyond its text, its content as pieces, and the
// component its content is counted in.
type promptMessage struct {
	header    string
	extra     int
	content   textParts
	component string
	// toolsFrom is the first piece of content that holds the tools and
	// response format appended to a system message, -1 when none is.
	toolsFrom int
	// source is the body's message this one renders, -1 for the tools'
	// own system message.
	source int
	// callGroup is, for a tool output answering one of several calls
	// made in one message, 1 + the body index of that message; 0 for
	// any other message. See mergeParallelOutputs.
	callGroup int
	// members are, for the message holding the outputs of a parallel
	// call, each output's body message and where its element ends in
	// the content: see mergeParallelOutputs.
	members []groupMember
}

// Rules of the rendering, each inferred from recorded requests.
const (
	promptPerMessage      = 3
	promptReplyPriming    = 3
	promptReasoningPrime  = 2
	promptToolsDiscount   = 1
	promptStrictDiscount  = 1
	promptToolOutputExtra = 2
	// promptStoredCallExtra is what a Responses function_call item
	// replayed with its output item id costs beyond its call.
	promptStoredCallExtra = 3
	// promptFormattedReply is what an assistant message with content
	// costs more under a json_schema response format.
	promptFormattedReply = 4
	harmonyToolsPreamble = 82
	harmonyCallExtra     = 5
	harmonyOutputExtra   = 2
	// harmonyFinalChannel is what an assistant message with content
	// costs more in the harmony format: "<|channel|>final".
	harmonyFinalChannel = 2
)

// harmonyReplyChannel is what an assistant message costs beyond its
// header in the harmony format (gpt-5 models): one with content is a
// reply on the final channel, "<|start|>assistant<|channel|>final
// <|message|>", as OpenAI's harmony documentation renders every reply.
func harmonyReplyChannel(harmony bool, role string, content bool) int {
	if harmony && role == "assistant" && content {
		return harmonyFinalChannel
	}
	return 0
}

// ResponsesStoredCallsKey is the key under which the chat form of a
// Responses body lists the call ids of its function_call items that
// were sent with the id of the output item they replay; OpenAI bills
// each such call promptStoredCallExtra tokens more.
const ResponsesStoredCallsKey = "_responses_stored_calls"

// openAIModelRules says how a model's prompt differs: reasoning models
// prime the reply with fewer tokens; gpt-5 models use the harmony format.
// The search models (gpt-4o-search-preview) bill no system or developer
// message and prime the reply as reasoning models do.
func openAIModelRules(model string) (reasoning, harmony, search bool) {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	harmony = strings.HasPrefix(name, "gpt-5")
	search = strings.Contains(name, "search-preview")
	reasoning = harmony || search || strings.HasPrefix(name, "o1") || strings.HasPrefix(name, "o3") || strings.HasPrefix(name, "o4") ||
		computerUse(name)
	return reasoning, harmony, search
}

// responsesToolsApart says whether a Responses body whose first message
// has the role given sends its tools as a system message of their own
// rather than joined to that message: after its instructions (a
// developer message), and with gpt-5 models (harmony, where the system
// message is the model's own) after a system input item too.
func responsesToolsApart(firstRole string, harmony bool) bool {
	switch strings.ToLower(strings.TrimSpace(firstRole)) {
	case "developer":
		return true
	case "system":
		return harmony
	}
	return false
}

// computerUse says the model is OpenAI's computer-use model, a reasoning
// model (it takes reasoning settings and answers with a reasoning
// effort), which primes the reply as the others do.
func computerUse(name string) bool {
	return strings.HasPrefix(name, "computer-use")
}

// renderOpenAIPrompt renders a Chat Completions body; ok is false when
// the body is not one (no messages list, a tool that is not a function).
//
// responses says the body is the chat form of a Responses API body:
// there a tool output's header costs nothing more, gpt-5 adds nothing
// for tools, and other models' tools are not headed "# Tools".
func renderOpenAIPrompt(body *jsonNode, model string, responses bool) (p *openAIPrompt, ok bool) {
	msgs := body.get("messages")
	if body == nil || msgs == nil || msgs.kind != '[' {
		return nil, false
	}
	reasoning, harmony, search := openAIModelRules(model)
	// The o-series (o1, o3, o4) bill their tools at their text: no
	// discount.
	oSeries := reasoning && !harmony && !search
	p = &openAIPrompt{priming: promptReplyPriming}
	if reasoning {
		p.priming = promptReasoningPrime
	}

	var extra textParts // the tools and the response format
	fns, ok := promptFunctions(body)
	if !ok {
		return nil, false
	}
	// A Responses body's instructions (its leading developer message) are
	// not joined by the tools: they are a system message of their own,
	// headed as in chat.
	ownTools := false
	if responses && len(msgs.items) > 0 {
		ownTools = responsesToolsApart(msgs.items[0].get("role").text(), harmony)
	}
	if len(fns) > 0 {
		if !responses || harmony || ownTools {
			extra.add("# Tools\n\n## functions\n\n")
		}
		extra.add("namespace functions {\n\n")
		if !oSeries {
			p.toolsAdjust -= promptToolsDiscount
		}
		if harmony && !responses {
			p.toolsAdjust += harmonyToolsPreamble
		}
		for _, fn := range fns {
			if discountedFunction(fn, harmony) {
				p.toolsAdjust -= promptStrictDiscount
			}
			if harmonyUndescribedFunction(fn, harmony) {
				p.toolsAdjust -= promptStrictDiscount
			}
			start := len(extra.parts)
			(&schemaRender{out: &extra}).toolBlock(fn)
			p.toolBlocks = append(p.toolBlocks, extra.parts[start:len(extra.parts):len(extra.parts)])
			extra.add("\n")
		}
		extra.add("} // namespace functions")
	}
	p.forced = forcedFunction(body, fns, harmony, responses)
	if p.forced == "" {
		p.forced = requiredSingleFunction(body, fns, harmony, responses)
	}
	formatted := false // a json_schema response format is rendered
	if rf := body.get("response_format"); rf != nil && rf.get("type").text() == "json_schema" {
		if js := rf.get("json_schema"); js != nil && js.get("schema") != nil {
			formatted = true
			if len(extra.parts) > 0 {
				extra.add("\n\n")
			}
			extra.add("# Response Formats\n\n## ", js.get("name").text(), "\n\n")
			if d := js.get("description").text(); d != "" {
				extra.add("// ", d, "\n")
			}
			extra.add(responseSchemaJSON(js.get("schema")))
			if len(p.toolBlocks) == 0 && !harmony {
				p.replyTo = js.get("name").text()
			}
		}
	}

	query := -1
	for i, m := range msgs.items {
		if strings.EqualFold(strings.TrimSpace(m.get("role").text()), "user") {
			query = i
		}
	}
	if query < 0 {
		query = len(msgs.items)
	}
	names := map[string]string{} // tool call id -> function name
	groups := map[string]int{}   // id of a call made with others -> 1 + its message
	stored := map[string]bool{}  // Responses calls replayed with their item id
	if list := body.get(ResponsesStoredCallsKey); responses && list != nil && list.kind == '[' {
		for _, id := range list.items {
			stored[id.text()] = true
		}
	}
	for i, m := range msgs.items {
		role := strings.ToLower(strings.TrimSpace(m.get("role").text()))
		pm := promptMessage{header: role, toolsFrom: -1, source: i}
		switch {
		case (role == "system" || role == "developer") && search:
			continue
		case role == "system" || role == "developer":
			pm.component = ComponentSystem
		case i < query:
			pm.component = ComponentHistory
		case i == query:
			pm.component = ComponentQuery
		default:
			pm.component = ComponentToolResults
		}
		if name := m.get("name").text(); name != "" && role != "tool" && role != "function" {
			pm.header = namedHeader(pm.header, name)
		}
		promptContent(m.get("content"), &pm.content)
		if formatted && role == "assistant" && pm.content.n > 0 {
			pm.extra += promptFormattedReply
		}
		pm.extra += harmonyReplyChannel(harmony, role, pm.content.n > 0)
		if i == 0 && pm.component == ComponentSystem && len(extra.parts) > 0 && !ownTools {
			pm.toolsFrom = len(pm.content.parts)
			pm.content.add("\n\n")
			pm.content.parts = append(pm.content.parts, extra.parts...)
			pm.extra += harmonyInstructions(harmony, responses)
			extra = textParts{}
			p.toolsAdjust += responsesJoinedToolsExtra(responses, harmony)
		}
		switch role {
		case "tool", "function":
			name := names[m.get("tool_call_id").text()]
			if name == "" {
				name = m.get("name").text()
			}
			pm.header = "functions." + name
			pm.callGroup = groups[m.get("tool_call_id").text()]
			pm.extra = promptToolOutputExtra
			if responses {
				pm.extra = 0
			}
			if harmony {
				pm.extra += harmonyOutputExtra
			}
		}
		calls := toolCallsOf(m)
		if len(calls) == 0 {
			p.messages = append(p.messages, pm)
			continue
		}
		if pm.content.n > 0 {
			p.messages = append(p.messages, pm)
		}
		cm := promptMessage{component: pm.component, toolsFrom: -1, source: i}
		if harmony {
			cm.extra = harmonyCallExtra
			if i > query {
				p.currentTurnCalls++
			}
		}
		if len(calls) == 1 {
			cm.header = "assistant to=functions." + calls[0].name
			cm.content.add(compactArguments(calls[0].args))
		} else {
			cm.header = "assistant to=multi_tool_use.parallel"
			cm.content.add(`{"tool_uses":[`)
			for j, c := range calls {
				if j > 0 {
					cm.content.add(",")
				}
				cm.content.add(`{"recipient_name":"functions.`, c.name, `","parameters":`, compactArguments(c.args), "}")
			}
			cm.content.add("]}")
		}
		for _, c := range calls {
			names[c.id] = c.name
			if len(calls) > 1 && c.id != "" {
				groups[c.id] = i + 1
			}
			if stored[c.id] {
				cm.extra += promptStoredCallExtra
			}
		}
		p.messages = append(p.messages, cm)
	}
	p.messages = mergeParallelOutputs(p.messages, parallelOutputsASCII(model))
	if len(extra.parts) > 0 {
		tm := promptMessage{header: "system", content: extra, component: ComponentTools, toolsFrom: 0, source: -1}
		p.messages = append([]promptMessage{tm}, p.messages...)
	}
	return p, true
}

// promptFunctions are the functions a body offers: its tools' functions,
// or the legacy "functions" list, which OpenAI renders the same way. ok
// is false when a tool is not a named function.
func promptFunctions(body *jsonNode) (fns []*jsonNode, ok bool) {
	if tools := body.get("tools"); tools != nil && tools.kind == '[' && len(tools.items) > 0 {
		for _, tool := range tools.items {
			fn := tool.get("function")
			if tool.get("type").text() != "function" || fn == nil || fn.get("name").text() == "" {
				return nil, false
			}
			fns = append(fns, fn)
		}
		return fns, true
	}
	if list := body.get("functions"); list != nil && list.kind == '[' {
		for _, fn := range list.items {
			if fn.get("name").text() == "" {
				return nil, false
			}
			fns = append(fns, fn)
		}
	}
	return fns, true
}

type promptCall struct{ id, name, args string }

// toolCallsOf is an assistant message's tool calls, or its legacy
// function_call as one.
func toolCallsOf(m *jsonNode) []promptCall {
	var calls []promptCall
	if list := m.get("tool_calls"); list != nil {
		for _, c := range list.items {
			fn := c.get("function")
			calls = append(calls, promptCall{id: c.get("id").text(), name: fn.get("name").text(), args: fn.get("arguments").text()})
		}
	}
	if fc := m.get("function_call"); fc != nil && fc.kind == '{' && len(calls) == 0 {
		calls = append(calls, promptCall{name: fc.get("name").text(), args: fc.get("arguments").text()})
	}
	return calls
}

// promptContent adds a message's content: a string, or its parts' texts
// joined by line breaks (a part that is not text, an image say, is not
// counted here).
func promptContent(c *jsonNode, out *textParts) {
	if c == nil {
		return
	}
	switch c.kind {
	case '"':
		out.add(c.str)
	case '[':
		first := true
		for _, part := range c.items {
			text := part.text()
			if part.kind == '{' {
				text = part.get("text").text()
				if text == "" {
					text = part.get("refusal").text()
				}
			}
			if !first {
				out.add("\n")
			}
			first = false
			out.add(text)
		}
	}
}

// promptCounts is a rendered prompt counted: each component's contents,
// the framing (the headers, their extras, 3 per message and the reply
// priming) and each tool's block.
type promptCounts struct {
	components map[string]int
	framing    int
	toolItems  []int
	// historyItems and resultItems are the contents of each history
	// message and each message after the query, in order.
	historyItems, resultItems []int
	total                     int
}

// count counts the prompt with tok. A system message that carries the
// tools is counted whole (its text and the tools' join as sent), and the
// tools are what it counts beyond the system prompt alone.
func (p *openAIPrompt) count(tok tokens.Tokenizer) promptCounts {
	c := promptCounts{components: map[string]int{}, framing: p.primingTokens(tok)}
	last := -1
	for _, m := range p.messages {
		whole := countOnce(tok, m.content.parts...)
		if m.component == ComponentHistory || m.component == ComponentToolResults {
			items := &c.historyItems
			if m.component == ComponentToolResults {
				items = &c.resultItems
			}
			switch {
			case len(m.members) > 0:
				// A parallel call's outputs: an item each, its share.
				*items = append(*items, memberShares(&m, tok)...)
			case m.source != last:
				*items = append(*items, whole)
			default:
				(*items)[len(*items)-1] += whole
			}
		}
		last = m.source
		if n := len(m.members); n > 0 {
			last = m.members[n-1].source
		}
		frame := promptPerMessage + m.extra + promptHeaderTokens(tok, m.header)
		switch {
		case m.component == ComponentTools:
			// The tools' own system message: its framing is theirs.
			c.components[ComponentTools] += whole + frame
			frame = 0
		case m.toolsFrom >= 0:
			own := countOnce(tok, m.content.parts[:m.toolsFrom]...)
			c.components[m.component] += own
			c.components[ComponentTools] += whole - own
		default:
			c.components[m.component] += whole
		}
		c.framing += frame
	}
	if len(p.toolBlocks) > 0 || c.components[ComponentTools] != 0 || p.toolsAdjust != 0 {
		c.components[ComponentTools] += p.toolsAdjust
	}
	c.toolItems = make([]int, len(p.toolBlocks))
	for i, b := range p.toolBlocks {
		c.toolItems[i] = countOnce(tok, b...)
	}
	c.total = c.framing
	for _, n := range c.components {
		c.total += n
	}
	return c
}

// compactArguments is a call's arguments as compact JSON, as the
// parallel wrapper holds them; arguments that are not JSON as sent.
func compactArguments(args string) string {
	n, err := parseOrderedJSON(args)
	if err != nil {
		return args
	}
	return compactNode(n)
}
