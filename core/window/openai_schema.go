package window

import (
	"strconv"
	"strings"
)

// schemaRender writes a function's JSON Schema parameters as the
// TypeScript-like type OpenAI prompts with (see docs/internals/counting.md):
// a property per line, `name?:` when not required, its title and its
// description as `//` comments above it at every level, a nested
// object's properties indented two more spaces, enums and anyOf/oneOf as
// unions, `$ref`s followed into `$defs`, a `// default:` comment after
// a property whose default is not falsy, and the parameters object's own
// description as a comment after "(_: ".
type schemaRender struct {
	out  *textParts
	root *jsonNode // the parameters schema, for $ref
	// strict says the function is strict: its null defaults are written.
	strict bool
}

// resolve follows a $ref into the root's $defs or definitions.
func (s *schemaRender) resolve(n *jsonNode) *jsonNode {
	for depth := 0; n != nil && depth < maxToolDepth; depth++ {
		ref := n.get("$ref").text()
		if ref == "" {
			return n
		}
		var target *jsonNode
		for _, defs := range []string{"$defs", "definitions"} {
			if name, ok := strings.CutPrefix(ref, "#/"+defs+"/"); ok {
				target = s.root.get(defs).get(name)
			}
		}
		if target == nil {
			return n
		}
		n = target
	}
	return n
}

// properties writes an object's properties, each line led by indent
// spaces and ended by a newline.
func (s *schemaRender) properties(obj *jsonNode, indent, depth int) {
	if depth > maxToolDepth {
		return
	}
	required := map[string]bool{}
	if req := obj.get("required"); req != nil {
		for _, r := range req.items {
			required[r.str] = true
		}
	}
	props := obj.get("properties")
	pad := strings.Repeat(" ", indent)
	for i, name := range props.keys {
		p := props.items[i]
		for _, key := range []string{"title", "description"} {
			c := s.propertyComment(p, key)
			if c != nil && c.kind == '"' && c.str != "" {
				s.out.add(pad, "// ", c.str, "\n")
			}
		}
		optional := "?"
		if required[name] {
			optional = ""
		}
		s.out.add(pad, name, optional, ": ")
		s.typ(p, indent, depth+1)
		s.out.add(",")
		if def := p.get("default"); defaultShown(def, s.strict) {
			s.out.add(" // default: ", compactNode(def))
		}
		s.out.add("\n")
	}
}

// defaultShown says whether a property's default is written as a
// `// default:` comment: not when it is falsy as Python reads a value
// (null, "", 0, false, an empty list or object), which the rendering
// leaves out, except that a strict function writes a null default.
func defaultShown(def *jsonNode, strict bool) bool {
	if def == nil {
		return false
	}
	switch def.kind {
	case '"':
		return def.str != ""
	case '[', '{':
		return len(def.items) > 0
	case 'v':
		switch def.lit {
		case "null":
			return strict
		case "false":
			return false
		}
		f, err := strconv.ParseFloat(def.lit, 64)
		return err != nil || f != 0
	}
	return true
}

// typ writes a schema's type.
func (s *schemaRender) typ(p *jsonNode, indent, depth int) {
	p = s.resolve(p)
	if p == nil || depth > maxToolDepth {
		s.out.add("any")
		return
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if alts := p.get(key); alts != nil && len(alts.items) > 0 {
			for i, a := range alts.items {
				if i > 0 {
					s.out.add(" | ")
				}
				s.typ(a, indent, depth+1)
			}
			return
		}
	}
	if c := p.get("const"); c != nil {
		s.out.add(c.literal())
		return
	}
	if enum := p.get("enum"); enum != nil && len(enum.items) > 0 {
		for i, v := range enum.items {
			if i > 0 {
				s.out.add(" | ")
			}
			s.out.add(v.literal())
		}
		return
	}
	var kinds []string
	switch t := p.get("type"); {
	case t == nil && p.get("properties") != nil:
		kinds = []string{"object"}
	case t == nil:
	case t.kind == '"':
		kinds = []string{t.str}
	case t.kind == '[':
		for _, it := range t.items {
			kinds = append(kinds, it.str)
		}
	}
	if len(kinds) == 0 {
		s.out.add("any")
		return
	}
	for i, k := range kinds {
		if i > 0 {
			s.out.add(" | ")
		}
		s.kind(p, k, indent, depth)
	}
}

func (s *schemaRender) kind(p *jsonNode, kind string, indent, depth int) {
	switch kind {
	case "string", "boolean", "null", "number":
		s.out.add(kind)
	case "integer":
		s.out.add("number")
	case "object":
		if props := p.get("properties"); props == nil || len(props.keys) == 0 {
			s.out.add("object")
			return
		}
		s.out.add("{\n")
		s.properties(p, indent+2, depth+1)
		s.out.add(strings.Repeat(" ", indent), "}")
	case "array":
		if items := p.get("items"); items != nil {
			s.typ(items, indent, depth+1)
			s.out.add("[]")
			return
		}
		s.out.add("any[]")
	default:
		s.out.add("any")
	}
}

// toolBlock writes one function's block: each non-blank line of its
// description as a comment, its indentation removed and any trailing
// space kept, then its type.
func (s *schemaRender) toolBlock(fn *jsonNode) {
	if d := fn.get("description"); d != nil && d.str != "" {
		for _, line := range strings.Split(d.str, "\n") {
			if strings.TrimSpace(line) != "" {
				s.out.add("// ", strings.TrimLeft(line, " \t"), "\n")
			}
		}
	}
	name := fn.get("name").text()
	params := fn.get("parameters")
	s.root = params
	s.strict = strictFunction(fn)
	if props := params.get("properties"); props != nil && len(props.keys) > 0 {
		s.out.add("type ", name, " = (_: ")
		s.parametersTitle(fn, params)
		s.objectComment(params)
		s.out.add("{\n")
		s.properties(params, 0, 0)
		s.out.add("}) => any;\n")
	} else {
		s.out.add("type ", name, " = () => any;\n")
	}
}

// objectComment writes the description of a function's parameters (the
// schema's own, not a property's) as a comment line between "(_: " and
// the object's brace, as OpenAI's harmony renderer writes an object's
// description.
func (s *schemaRender) objectComment(params *jsonNode) {
	if d := params.get("description"); d != nil && d.kind == '"' && d.str != "" {
		s.out.add("// ", d.str, "\n")
	}
}

// compactNode is a value as compact JSON, keys in their order.
func compactNode(n *jsonNode) string {
	var b strings.Builder
	writeSchemaJSON(&b, n, false, false)
	return b.String()
}

// responseSchemaJSON is a response format's schema as OpenAI prompts
// with it: compact JSON with every character beyond ASCII escaped (as
// Python's json.dumps writes it), keys in their order, without the
// schema keywords responseFormatDropped names.
func responseSchemaJSON(n *jsonNode) string {
	var b strings.Builder
	writeSchemaJSON(&b, n, true, false)
	return b.String()
}

// responseFormatDropped are the schema keywords a response format's
// rendering leaves out: what only constrains the reply (required,
// additionalProperties, bounds) and defaults.
var responseFormatDropped = map[string]bool{
	"required": true, "additionalProperties": true, "minimum": true, "maximum": true,
	"minItems": true, "maxItems": true, "default": true,
}

// writeSchemaJSON writes n as compact JSON; with drop, the keywords
// responseFormatDropped names are left out of schema objects (not of a
// properties map, whose keys are names) and strings are escaped to ASCII.
func writeSchemaJSON(b *strings.Builder, n *jsonNode, drop, names bool) {
	switch n.kind {
	case '{':
		b.WriteByte('{')
		first := true
		for i, k := range n.keys {
			if drop && !names && responseFormatDropped[k] {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			writeJSONString(b, k, drop)
			b.WriteByte(':')
			writeSchemaJSON(b, n.items[i], drop, !names && (k == "properties" || k == "$defs" || k == "definitions"))
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			writeSchemaJSON(b, it, drop, false)
		}
		b.WriteByte(']')
	case '"':
		writeJSONString(b, n.str, drop)
	default:
		b.WriteString(n.literal())
	}
}

// writeJSONString writes s as a JSON string; with ascii, as Python's
// json.dumps does by default: every character beyond ASCII as \uXXXX
// (a surrogate pair beyond the BMP), control characters escaped.
func writeJSONString(b *strings.Builder, s string, ascii bool) {
	if !ascii {
		b.WriteString((&jsonNode{kind: '"', str: s}).literal())
		return
	}
	writePythonString(b, s, true)
}

// writePythonString writes s as Python's json.dumps writes a string:
// quotes, backslashes and control characters escaped and, with ascii
// (its default), every character beyond ASCII as \uXXXX (a surrogate
// pair beyond the BMP); without it, those as they are.
func writePythonString(b *strings.Builder, s string, ascii bool) {
	const hex = "0123456789abcdef"
	u := func(r rune) {
		b.WriteString(`\u`)
		b.WriteByte(hex[r>>12&0xf])
		b.WriteByte(hex[r>>8&0xf])
		b.WriteByte(hex[r>>4&0xf])
		b.WriteByte(hex[r&0xf])
	}
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			u(r)
		case r < 0x80 || !ascii:
			b.WriteRune(r)
		case r > 0xffff:
			r -= 0x10000
			u(0xd800 + (r>>10)&0x3ff)
			u(0xdc00 + r&0x3ff)
		default:
			u(r)
		}
	}
	b.WriteByte('"')
}
