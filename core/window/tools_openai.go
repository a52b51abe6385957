package window

import "strings"

// OpenAI does not bill a request's tools array as the JSON it receives:
// it renders the function definitions as a TypeScript-like namespace in
// the prompt. The rendering below is the community's reverse-engineered
// estimate (hmarr/openai-chat-tokens, used by several SDKs): the
// namespace text, plus 9 tokens, less 4 when the request has a system
// message. On this repository's recorded cassettes it comes within 3%
// of OpenAI's prompt_tokens, where counting the JSON was 70-140% over.
const (
	openAIToolsOverhead       = 9
	openAIToolsSystemDiscount = 4
)

// openAIToolsText renders a tools array the way OpenAI prompts with it;
// ok is false when a tool is not a function definition it can render,
// and the JSON is then counted as it stands.
func openAIToolsText(toolsJSON string) (string, bool) {
	text, _, ok := openAIRender(toolsJSON)
	return text, ok
}

// openAIToolBlocks renders each tool of the array as its part of the
// namespace (its comment, its type and the blank line after), so one
// tool's cost can be counted on the very text the whole is counted on.
func openAIToolBlocks(toolsJSON string) ([]string, bool) {
	_, blocks, ok := openAIRender(toolsJSON)
	return blocks, ok
}

// openAIRender renders the tools array as the namespace OpenAI prompts
// with, and each tool's block of it. The text is written once, at its
// length, and the blocks are substrings of it: a tool with a long
// description is held once, not once per block, join and namespace.
func openAIRender(toolsJSON string) (text string, blocks []string, ok bool) {
	r, ok := renderOpenAI(toolsJSON)
	if !ok {
		return "", nil, false
	}
	text = r.parts.String()
	blocks = make([]string, len(r.blocks))
	offset, part := 0, 0
	for i, b := range r.blocks {
		for ; part < b[0]; part++ {
			offset += len(r.parts.parts[part])
		}
		start := offset
		for ; part < b[1]; part++ {
			offset += len(r.parts.parts[part])
		}
		blocks[i] = text[start:offset]
	}
	return text, blocks, true
}

// openAIRendering is the namespace as the pieces it is written from,
// mostly substrings of the tools JSON (a description is one), and each
// tool's block as a range of them: a measured request counts the
// namespace and the blocks on their pieces (tokens.CountJoined) and never
// writes the namespace, which would hold a long description once more.
type openAIRendering struct {
	parts  textParts
	blocks [][2]int // each tool's block: parts[b[0]:b[1]]
}

// blockParts are tool i's block as its pieces.
func (r *openAIRendering) blockParts(i int) []string {
	return r.parts.parts[r.blocks[i][0]:r.blocks[i][1]]
}

// renderOpenAI renders the tools array as openAIRender does, into
// pieces; ok is false when a tool is not a function definition.
func renderOpenAI(toolsJSON string) (r openAIRendering, ok bool) {
	root, err := parseOrderedJSON(toolsJSON)
	if err != nil || root.kind != '[' {
		return r, false
	}
	out := &r.parts
	out.add("namespace functions {\n\n")
	r.blocks = make([][2]int, 0, len(root.items))
	for _, tool := range root.items {
		fn := tool.get("function")
		if tool.kind != '{' || tool.get("type").text() != "function" || fn == nil || fn.get("name").text() == "" {
			return openAIRendering{}, false
		}
		start := len(out.parts)
		openAIToolBlock(fn, out)
		r.blocks = append(r.blocks, [2]int{start, len(out.parts)})
		out.add("\n")
	}
	out.add("} // namespace functions")
	return r, true
}

// openAIToolBlock writes one function's block: its description as a
// comment, its type, and the newline that ends the blank line after.
func openAIToolBlock(fn *jsonNode, out *textParts) {
	if d := fn.get("description"); d != nil && d.str != "" {
		out.add("// ", d.str, "\n")
	}
	name := fn.get("name").str
	params := fn.get("parameters")
	if props := params.get("properties"); props != nil && len(props.keys) > 0 {
		out.add("type ", name, " = (_: {\n")
		openAIProperties(params, 0, out)
		out.add("\n}) => any;\n")
	} else {
		out.add("type ", name, " = () => any;\n")
	}
}

// openAIProperties writes an object's properties, one line each (after
// its description's comment, above the nesting shown), joined by
// newlines, each line led by indent spaces.
func openAIProperties(obj *jsonNode, indent int, out *textParts) {
	required := map[string]bool{}
	if req := obj.get("required"); req != nil {
		for _, r := range req.items {
			required[r.str] = true
		}
	}
	props := obj.get("properties")
	if props == nil {
		return // an object with no properties declared: "{\n\n}"
	}
	pad := strings.Repeat(" ", indent)
	for i, name := range props.keys {
		if i > 0 {
			out.add("\n")
		}
		p := props.items[i]
		if d := p.get("description"); d != nil && d.str != "" && indent < 2 {
			out.add(pad, "// ", d.str, "\n")
		}
		optional := "?"
		if required[name] {
			optional = ""
		}
		out.add(pad, name, optional, ": ")
		openAIType(p, indent, out)
		out.add(",")
	}
}

func openAIType(p *jsonNode, indent int, out *textParts) {
	t := p.get("type")
	kind := ""
	switch {
	case t == nil:
	case t.kind == '"':
		kind = t.str
	case t.kind == '[':
		// ["string", "null"]: the type that is not null.
		var named []string
		for _, item := range t.items {
			if item.str != "null" {
				named = append(named, item.str)
			}
		}
		if len(named) == 1 {
			kind = named[0]
		}
	}
	enum := p.get("enum")
	switch kind {
	case "string", "number", "integer":
		if enum != nil && len(enum.items) > 0 {
			for i, v := range enum.items {
				if i > 0 {
					out.add(" | ")
				}
				out.add(v.literal())
			}
			return
		}
		if kind == "string" {
			out.add("string")
		} else {
			out.add("number")
		}
	case "boolean", "null":
		out.add(kind)
	case "object":
		out.add("{\n")
		openAIProperties(p, indent+2, out)
		out.add("\n}")
	case "array":
		if items := p.get("items"); items != nil {
			openAIType(items, indent, out)
			out.add("[]")
			return
		}
		out.add("any[]")
	default:
		out.add("any")
	}
}
