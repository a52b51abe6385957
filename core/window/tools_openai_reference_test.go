package window

// The rendering as it was before it was written in place (a
// json.Decoder, each tool's lines joined, then the blocks joined): the
// reference the in-place rendering must equal byte for byte.

import (
	"bytes"
	"encoding/json"
	"strings"
)

func refNamespace(blocks []string) string {
	lines := append([]string{"namespace functions {", ""}, blocks...)
	lines = append(lines, "} // namespace functions")
	return strings.Join(lines, "\n")
}

// refToolBlocks renders each tool of the array as its part of the
// namespace (its comment, its type and the blank line after), so one
// tool's cost can be counted on the very text the whole is counted on.
func refToolBlocks(toolsJSON string) ([]string, bool) {
	root, err := refParse(toolsJSON)
	if err != nil || root.kind != '[' {
		return nil, false
	}
	blocks := make([]string, 0, len(root.items))
	for _, tool := range root.items {
		fn := tool.get("function")
		if tool.kind != '{' || tool.get("type").text() != "function" || fn == nil || fn.get("name").text() == "" {
			return nil, false
		}
		var lines []string
		if d := fn.get("description"); d != nil && d.str != "" {
			lines = append(lines, "// "+d.str)
		}
		name := fn.get("name").str
		params := fn.get("parameters")
		if props := params.get("properties"); props != nil && len(props.keys) > 0 {
			lines = append(lines, "type "+name+" = (_: {", refProperties(params, 0), "}) => any;")
		} else {
			lines = append(lines, "type "+name+" = () => any;")
		}
		lines = append(lines, "")
		blocks = append(blocks, strings.Join(lines, "\n"))
	}
	return blocks, true
}

func refProperties(obj *refNode, indent int) string {
	required := map[string]bool{}
	if req := obj.get("required"); req != nil {
		for _, r := range req.items {
			required[r.str] = true
		}
	}
	props := obj.get("properties")
	if props == nil {
		return "" // an object with no properties declared: "{\n\n}"
	}
	var lines []string
	for i, name := range props.keys {
		p := props.items[i]
		if d := p.get("description"); d != nil && d.str != "" && indent < 2 {
			lines = append(lines, "// "+d.str)
		}
		optional := "?"
		if required[name] {
			optional = ""
		}
		lines = append(lines, name+optional+": "+refType(p, indent)+",")
	}
	pad := strings.Repeat(" ", indent)
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return strings.Join(lines, "\n")
}

func refType(p *refNode, indent int) string {
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
	case "string":
		if enum != nil && len(enum.items) > 0 {
			vals := make([]string, len(enum.items))
			for i, v := range enum.items {
				vals[i] = v.raw
			}
			return strings.Join(vals, " | ")
		}
		return "string"
	case "number", "integer":
		if enum != nil && len(enum.items) > 0 {
			vals := make([]string, len(enum.items))
			for i, v := range enum.items {
				vals[i] = v.raw
			}
			return strings.Join(vals, " | ")
		}
		return "number"
	case "boolean", "null":
		return kind
	case "object":
		return "{\n" + refProperties(p, indent+2) + "\n}"
	case "array":
		if items := p.get("items"); items != nil {
			return refType(items, indent) + "[]"
		}
		return "any[]"
	}
	return "any"
}

// refNode is a JSON value that keeps its object keys in order, which
// the rendering (like the provider) follows.
type refNode struct {
	kind  byte // '{', '[', '"', or 'v' for numbers, booleans and null
	keys  []string
	items []*refNode // object values (by keys) or array elements
	str   string     // a string's value
	raw   string     // the value as written (compact JSON)
}

// text is a string's value, "" for anything else or nothing.
func (n *refNode) text() string {
	if n == nil || n.kind != '"' {
		return ""
	}
	return n.str
}

// get is an object's value for key, nil when absent (or not an object).
func (n *refNode) get(key string) *refNode {
	if n == nil || n.kind != '{' {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.items[i]
		}
	}
	return nil
}

func refParse(text string) (*refNode, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	return refDecode(dec, 0)
}

func refDecode(dec *json.Decoder, depth int) (*refNode, error) {
	if depth > maxToolDepth {
		return nil, errToolTooDeep
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch v := tok.(type) {
	case json.Delim:
		n := &refNode{kind: byte(v)}
		for dec.More() {
			if n.kind == '{' {
				keyTok, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := keyTok.(string)
				n.keys = append(n.keys, key)
			}
			child, err := refDecode(dec, depth+1)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, child)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case string:
		// As JSON.stringify writes it: <, > and & are not escaped.
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
		return &refNode{kind: '"', str: v, raw: string(bytes.TrimSpace(buf.Bytes()))}, nil
	case json.Number:
		return &refNode{kind: 'v', raw: v.String()}, nil
	case bool:
		if v {
			return &refNode{kind: 'v', raw: "true"}, nil
		}
		return &refNode{kind: 'v', raw: "false"}, nil
	default:
		return &refNode{kind: 'v', raw: "null"}, nil
	}
}
