package window

import (
	"encoding/json"
	"fmt"

	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
)

// Assembly is an assembled request and where its tokens went.
type Assembly struct {
	Mode Mode `json:"mode"`
	// Layout is the budgeted layout; empty when measured, since a measured
	// request keeps its own.
	Layout    Layout `json:"layout,omitempty"`
	UseCase   string `json:"use_case,omitempty"`
	Model     string `json:"model,omitempty"`
	Tokenizer string `json:"tokenizer"`
	// Exact is false when the tokenizer is an estimate.
	Exact  bool          `json:"exact"`
	Budget ContextBudget `json:"budget"`
	// Framing is the overhead per message used for the framing line; it is
	// zero when the input asked for no framing.
	Framing Framing `json:"framing"`
	// Components has one report per ComponentNames entry, in that order.
	Components []ComponentReport `json:"components"`
	// Used is the request's input tokens: every line but the reserve.
	Used     int `json:"used"`
	MaxInput int `json:"max_input"`
	Window   int `json:"window"`
	// Utilization is Used / MaxInput, the article's budget_utilization;
	// (Used + reserve) / Window when the reserve leaves no input room.
	Utilization float64 `json:"utilization"`
	// ArticleTotal is the article's own total, the messages' contents
	// without framing, for comparison with the article's check.
	ArticleTotal int  `json:"reference_total"`
	Fits         bool `json:"fits"`
	// Messages are the OpenAI chat messages to send.
	Messages []ChatMessage `json:"messages"`
	// Tools is the tools array to send beside the messages, in measure
	// mode; in budgeted mode the article puts the tools in the system
	// message and this is empty.
	Tools json.RawMessage `json:"tools,omitempty"`
	// Items are the tool definitions, history messages, tool calls and
	// tool results one by one, counted as their components were.
	Items []Item `json:"-"`
	// MessageTokens is each message's tokens as the total counts them:
	// its contents (with an assistant's tool calls) without its framing,
	// as OpenAI renders them when the request is counted as billed. Every
	// surface that sizes a message shows this figure.
	MessageTokens []int `json:"-"`
	// Responses is set for a request read from an OpenAI Responses API
	// body: what it sends around its input items, for ResponsesBody.
	Responses *ResponsesFrame `json:"-"`
}

// Component returns the report of the named component.
func (a *Assembly) Component(name string) (ComponentReport, bool) {
	for _, c := range a.Components {
		if c.Name == name {
			return c, true
		}
	}
	return ComponentReport{}, false
}

// TruncatedComponents names the components that were cut, in display
// order: the article's ContextMetrics.truncated_components.
func (a *Assembly) TruncatedComponents() []string {
	var names []string
	for _, c := range a.Components {
		if c.Truncated {
			names = append(names, c.Name)
		}
	}
	return names
}

// assembledComponent is one allocated component's text before and after
// truncation. A measured history or tool-results component is several
// messages and is counted message by message, as the provider sees it,
// so its counts are given rather than taken from the text.
type assembledComponent struct {
	raw, kept string
	// inMessages is false for the tools of a measured request, which
	// are sent beside the messages.
	inMessages            bool
	counted               bool
	rawTokens, keptTokens int
	// note explains how the component was counted, when that is not
	// plain: it becomes the component's report note.
	note string
	// pieces are the texts the component's items are counted on, when
	// the component made them itself (each definition's part of the
	// tools JSON).
	pieces []string
	// itemTokens are the items' tokens when the component counted them
	// itself (each tool as its provider bills it), in place of pieces.
	itemTokens []int
	// cut reports a component cut to its allocation that holds no text
	// to compare (the chat layout's tools, counted and not kept).
	cut bool
}

// Assemble assembles a request and reports every component against its
// allocation. In Budgeted mode the messages are the article's (see
// layoutArticle), except that a zero allocation drops its component
// (ctxlab's choice), or a chat service's in the chat layout (see
// chatRequest); in MeasureOnly mode they are the request's own.
// Either way the total counts what the provider counts: contents, the
// assembler's headings and the message framing (ctxlab's choice; the
// article counts contents only, see ArticleTotal). When the total exceeds
// the max input, the error is an *OverflowError and the Assembly is
// returned with it.
func Assemble(in Input) (*Assembly, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	// Checked here, written by the layout that sends it: the chat layout
	// writes the array of the tools it keeps, and one written here for
	// nothing held a long description once more while that was made.
	if err := checkTools(in.Tools); err != nil {
		return nil, err
	}
	var err error
	calls := make([]json.RawMessage, len(in.ToolResults))
	for i, r := range in.ToolResults {
		if calls[i], err = compactToolCalls(r.ToolCalls, i); err != nil {
			return nil, err
		}
	}

	var tok tokens.Tokenizer = tokens.NewMemo(in.Tokenizer)
	if in.ReplaceSplitChars {
		tok = replacingCuts{tok.(*tokens.Memo)}
	}
	in.Tokenizer = tok
	mode := in.mode()
	a := &Assembly{
		Mode: mode, UseCase: in.UseCase, Model: in.Model,
		Tokenizer: tok.Name(), Exact: countsAreExact(tok, in.Model), Budget: in.Budget,
		MaxInput: in.Budget.MaxInput(), Window: in.Budget.TotalWindow,
	}
	var parts map[string]*assembledComponent
	var rendered *OpenAIBilled
	billedFraming, billed := 0, false
	switch {
	case mode == MeasureOnly:
		tools, _ := toolsJSON(in.Tools) // checked above
		parts, a.Messages = measureRequest(in, tools, calls)
		billedFraming, rendered, billed = billedOpenAI(in, parts)
		a.Tools, _ = compactTools(in.Tools)
	case in.layout() == LayoutChat:
		a.Layout = LayoutChat
		var toolsSent int
		var cb *chatBilled
		parts, a.Messages, toolsSent, cb = chatRequest(in, calls)
		// Shared, as in measure mode.
		a.Tools, _ = compactTools(in.Tools[:toolsSent])
		if cb != nil {
			billedFraming, rendered, billed = cb.apply(in, parts, a.Messages, in.Tools[:toolsSent])
		}
	default:
		a.Layout = LayoutArticle
		tools, _ := toolsJSON(in.Tools) // checked above
		parts, a.Messages = budgetRequest(in, tools, calls)
	}

	a.MessageTokens = messageTokens(a.Messages, rendered, tok)
	a.ArticleTotal = articleTotal(a.Messages, tok)
	if billed && rendered != nil && rendered.Len() == len(a.Messages) {
		// Counted as rendered: the contents are each message's billed
		// content (a tool call as OpenAI renders it, not its JSON), so
		// they are a part of the total, as the components are.
		a.ArticleTotal = 0
		for _, n := range a.MessageTokens {
			a.ArticleTotal += n
		}
	}
	inMessages := 0
	for _, name := range AllocatedComponentNames {
		r := reportComponent(in.Budget, name, parts[name], tok, mode, in.PythonSlices && a.Layout == LayoutArticle)
		if parts[name].inMessages {
			inMessages += r.Used
		}
		a.Used += r.Used
		a.Components = append(a.Components, r)
	}

	labels := a.ArticleTotal - inMessages
	if billed {
		// Counted as rendered: contents and framing hold everything.
		labels = 0
	}
	a.Components = append(a.Components, ComponentReport{
		Name: ComponentLabels, Raw: labels, Used: labels,
		Note: labelsNote(a.Layout),
	})
	a.Used += labels

	framing := ComponentReport{Name: ComponentFraming}
	switch {
	case in.NoFraming:
		framing.Note = "not counted (the article counts contents only)"
	case billed:
		a.Framing = FramingForModel(in.Model)
		framing.Used, framing.Raw = billedFraming, billedFraming
		framing.Note = "as OpenAI renders the messages: 3 tokens each, each header (the role, a tool call's recipient), and the reply's priming"
	default:
		a.Framing = FramingForModel(in.Model)
		framing.Used = a.Framing.Tokens(a.Messages, tok)
		framing.Raw = framing.Used
		framing.Note = fmt.Sprintf("%s per message + role, %s per name, %s to prime the reply",
			numfmt.Thousands(a.Framing.PerMessage), numfmt.Thousands(a.Framing.PerName), numfmt.Thousands(a.Framing.ReplyPriming))
		for _, m := range a.Messages {
			if m.ToolCallID != "" {
				framing.Note += ", and the tool call ids"
				break
			}
		}
		if spec, ok := tokens.LookupModel(in.Model); ok && spec.Provider == tokens.ProviderAnthropic {
			framing.Note += " (OpenAI's figures: an estimate for Anthropic)"
		}
	}
	a.Components = append(a.Components, framing)
	a.Items = itemCounts(in, a.Components, calls, parts[ComponentTools], parts[ComponentHistory].raw, parts[ComponentToolResults].pieces,
		parts[ComponentHistory].itemTokens, parts[ComponentToolResults].itemTokens)
	a.Used += framing.Used

	reserve := in.Budget.ResponseReserve
	a.Components = append(a.Components, ComponentReport{
		Name: ComponentReserve, Allocated: reserve, Raw: reserve, Used: reserve,
		Note: "kept free for the reply; not input",
	})

	reserveErr, _ := in.Budget.ValidateReserve().(*ReserveOverflowError)
	if reserveErr != nil {
		// No input fits: Used / MaxInput would be negative or infinite,
		// so the utilization is the share of the window the request and
		// the reserve together would take, always above 100%.
		a.Utilization = float64(a.Used+reserve) / float64(a.Window)
		a.Fits = false
	} else {
		a.Utilization = float64(a.Used) / float64(a.MaxInput)
		a.Fits = a.Used <= a.MaxInput
	}
	if !a.Fits {
		return a, &OverflowError{Total: a.Used, MaxInput: a.MaxInput, Reserve: reserveErr}
	}
	return a, nil
}

// budgetRequest lays the input out with the article's assembler.
func budgetRequest(in Input, toolsJSON string, calls []json.RawMessage) (map[string]*assembledComponent, []ChatMessage) {
	raw := ArticleComponents{
		SystemPrompt:        in.SystemPrompt,
		ToolDefinitions:     toolsJSON,
		ConversationHistory: in.historyText(),
		RetrievedContext:    in.RetrievedContext,
		ToolResults:         toolResultsText(in.ToolResults, calls),
		UserQuery:           in.UserQuery,
		headedRAG:           in.HeadedContext,
	}
	layout := layoutArticle(in.Budget, raw, in.Tokenizer, in.PythonSlices)
	texts := map[string]string{
		ComponentSystem: raw.SystemPrompt, ComponentTools: raw.ToolDefinitions,
		ComponentHistory: raw.ConversationHistory, ComponentRAG: raw.RetrievedContext,
		ComponentToolResults: raw.ToolResults, ComponentQuery: raw.UserQuery,
	}
	parts := make(map[string]*assembledComponent, len(texts))
	for name, text := range texts {
		parts[name] = &assembledComponent{raw: text, kept: layout.kept[name], inMessages: true}
	}
	// The results' lines for itemCounts, cut from the text counted.
	parts[ComponentToolResults].pieces = toolResultLinesOf(raw.ToolResults, in.ToolResults, calls)
	return parts, layout.messages
}

// measureRequest lays the input out as the request itself does: the
// system prompt, the retrieved context (headed as the article heads it),
// each history message, the user's query, then the tool calls and results
// an agent loop sends after it. Nothing is cut.
func measureRequest(in Input, toolsJSON string, calls []json.RawMessage) (map[string]*assembledComponent, []ChatMessage) {
	tok := in.Tokenizer
	whole := func(text string, inMessages bool) *assembledComponent {
		return &assembledComponent{raw: text, kept: text, inMessages: inMessages}
	}
	parts := map[string]*assembledComponent{
		ComponentSystem: whole(in.SystemPrompt, true),
		ComponentTools:  providerTools(in, toolsJSON),
		ComponentRAG:    whole(in.RetrievedContext, true),
		ComponentQuery:  whole(in.UserQuery, true),
	}
	messages := make([]ChatMessage, 0, len(in.History)+len(in.ToolResults)+3)
	if in.SystemPrompt != "" {
		messages = append(messages, ChatMessage{Role: "system", Content: in.SystemPrompt, Sent: in.SystemSent})
	}
	if in.RetrievedContext != "" {
		messages = append(messages, ChatMessage{Role: "system", Content: articleRAGHeading + in.RetrievedContext})
	}

	// The history and the tool results are sent as messages, counted
	// one by one, and never cut: their component has no text of its own
	// (a rendering of every message would hold the request twice).
	history := &assembledComponent{inMessages: true, counted: true}
	for _, m := range in.History {
		cm := ChatMessage{Role: m.Role, Content: m.Content, Sent: m.Sent}
		history.keptTokens += cm.contentTokens(tok)
		messages = append(messages, cm)
	}
	history.rawTokens = history.keptTokens
	parts[ComponentHistory] = history

	if in.UserQuery != "" || in.QuerySent != nil {
		// A user message sent empty is still sent.
		messages = append(messages, ChatMessage{Role: "user", Content: in.UserQuery, Sent: in.QuerySent})
	}

	results := &assembledComponent{inMessages: true, counted: true}
	for i, r := range in.ToolResults {
		cm := ChatMessage{Role: r.role(), Content: r.Content, ToolCallID: r.ToolCallID, ToolCalls: calls[i], Sent: r.Sent}
		results.keptTokens += cm.contentTokens(tok)
		messages = append(messages, cm)
	}
	results.rawTokens = results.keptTokens
	parts[ComponentToolResults] = results
	return parts, messages
}

// reportComponent measures one allocated component against its budget.
func reportComponent(b ContextBudget, name string, p *assembledComponent, tok tokens.Tokenizer, mode Mode, pythonSlices bool) ComponentReport {
	allocated, keep := allocationFor(b, name)
	r := ComponentReport{Name: name, Allocated: allocated, Text: p.kept}
	if p.counted {
		r.Raw, r.Used = p.rawTokens, p.keptTokens
	} else {
		r.Raw, r.Used = tok.Count(p.raw), tok.Count(p.kept)
	}
	r.Truncated = p.kept != p.raw || p.cut
	if r.Used > allocated {
		r.Over, r.Excess = true, r.Used-allocated
	}
	switch {
	case mode == Budgeted && name == ComponentQuery && r.Over:
		r.Note = "never truncated: the query is the one component the reply cannot do without"
	case mode == Budgeted && pythonSlices && zeroAllocationKeepsAll(allocated, keep, r.Raw):
		r.Note = "allocation 0: kept whole, as the article's Python does, since tokens[-0:] is the whole list (--python-slices)"
	case mode == Budgeted && zeroAllocationKeepsAll(allocated, keep, r.Raw):
		r.Note = fmt.Sprintf("allocation 0: dropped; the article's Python keeps all %s tokens here, because tokens[-0:] is the whole list", numfmt.Thousands(r.Raw))
	case mode == MeasureOnly && r.Over:
		r.Note = "measured as sent: over its allocation, nothing cut"
	}
	if p.note != "" {
		r.Note = joinNote(p.note, r.Note)
	}
	return r
}

func joinNote(a, b string) string {
	if b == "" {
		return a
	}
	return a + "; " + b
}

// countsAreExact reports whether the provider bills what tok counts: a
// BPE tokenizer for an OpenAI model (or no model named), never for a
// Claude model, whose tokenizer is not public.
func countsAreExact(tok tokens.Tokenizer, model string) bool {
	if spec, ok := tokens.LookupModel(model); ok && !spec.Exact() {
		return false
	}
	return tok.Exact()
}

// providerTools is the tools array of a measured request as its provider
// bills it: OpenAI renders the functions as a namespace in the prompt
// (openAIToolsText), Anthropic adds a tool-use system prompt. The JSON
// itself is what the component holds when neither applies.
//
// What the provider bills is counted here, with each definition as an
// item, and the component keeps the counts, not the text: OpenAI's
// namespace is counted on the pieces it is written from, never written
// (tokens.CountJoined), and nothing counted is kept in the assembly's
// memo, so once the array sent is made the tools JSON is garbage. A long
// tool description was held as the definitions, this JSON, the namespace
// and the array sent at once. providerToolsText writes the text counted
// for a caller that shows it (the chat layout's kept tools).
func providerTools(in Input, toolsJSON string) *assembledComponent {
	// Each definition is counted, as an item, on its part of the JSON
	// unless OpenAI's rendering replaces it.
	c := &assembledComponent{raw: toolsJSON, kept: toolsJSON, pieces: arrayElements(toolsJSON)}
	tok := in.Tokenizer
	if spec, ok := tokens.LookupModel(in.Model); ok && spec.Provider == tokens.ProviderAnthropic {
		return anthropicTools(in, c, toolsJSON)
	}
	if toolsJSON == "" {
		return c
	}
	r, ok := renderOpenAI(toolsJSON)
	if !ok {
		return c
	}
	n := countOnce(tok, r.parts.parts...) + openAIToolsOverhead
	if in.SystemPrompt != "" || in.RetrievedContext != "" {
		n -= openAIToolsSystemDiscount
	}
	items := make([]int, len(r.blocks))
	for i := range r.blocks {
		items[i] = countOnce(tok, r.blockParts(i)...)
	}
	return &assembledComponent{
		counted: true, rawTokens: n, keptTokens: n, itemTokens: items,
		note: "as OpenAI renders the functions in the prompt (a TypeScript-like namespace, +9 tokens, −4 with a system message), not as the JSON sent",
	}
}

// providerToolsText is the text providerTools counts for toolsJSON:
// OpenAI's namespace when it renders the tools, else the JSON.
func providerToolsText(in Input, toolsJSON string) string {
	if spec, ok := tokens.LookupModel(in.Model); ok && spec.Provider == tokens.ProviderAnthropic {
		return toolsJSON
	}
	if text, ok := openAIToolsText(toolsJSON); ok {
		return text
	}
	return toolsJSON
}

// labelsNote names the headings a layout adds to the components' texts.
func labelsNote(layout Layout) string {
	if layout == LayoutChat {
		return "headings the assembler adds: Relevant context, and Tool results before an output that answers no call"
	}
	return "headings the assembler adds: Available tools, Relevant context, Tool results"
}
