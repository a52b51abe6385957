package loaders

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"ctxlab/internal/nearname"
	"ctxlab/internal/numfmt"
)

// The scenario and budget-file loaders walk yaml.v3's node tree instead of
// decoding into structs: every node keeps its line, so an unknown key, a
// wrong type or a bad value is reported where it is, and a typo in a
// budget is an error rather than a silently ignored key.

// ParseYAMLNode decodes one YAML document and returns its root node;
// expected says what an empty file should have held.
func ParseYAMLNode(name string, data []byte, expected string) (*yaml.Node, error) {
	data = StripBOM(data)
	if IsBlank(data) {
		return nil, EmptyError(name, expected)
	}
	if err := CheckUTF8(name, data); err != nil {
		return nil, err
	}
	if err := YAMLTooLarge(name, data); err != nil {
		return nil, err
	}
	var doc, extra yaml.Node
	empty, more, err := decodeOneYAML(name, data, &doc, &extra)
	switch {
	case err != nil:
		return nil, err
	case more:
		return nil, &Error{Name: name, Line: extra.Line, Msg: "a second YAML document (---); expected one"}
	}
	if empty || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, EmptyError(name, expected)
	}
	return ResolveAlias(doc.Content[0]), nil
}

// ResolveAlias follows *alias references to the node they name, so every
// reader sees values, not references.
func ResolveAlias(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode && depth < 100; depth++ {
		n = n.Alias
	}
	return n
}

// YAMLErr is an error at a node: the line and column where the user has to
// look.
func YAMLErr(name string, n *yaml.Node, format string, args ...any) *Error {
	e := &Error{Name: name, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Column = n.Line, n.Column
	}
	return e
}

// YAMLField is one key of a mapping with the node of its value.
type YAMLField struct {
	Key   *yaml.Node
	Value *yaml.Node
}

// YAMLFields reads a mapping whose keys must be among allowed. what names
// the mapping in errors ("pipeline", "the scenario"). An unknown key is an
// error that lists the allowed ones and suggests the closest, because the
// usual cause is a typo that would otherwise leave a default in force.
func YAMLFields(name string, n *yaml.Node, what string, allowed []string) (map[string]YAMLField, error) {
	return YAMLFieldsLabeled(name, n, func() string { return what }, allowed)
}

// YAMLFieldsLabeled is YAMLFields with what made only for an error: a
// label holding a 50 MB model name, made for every mapping read, was
// that name copied again each time.
func YAMLFieldsLabeled(name string, n *yaml.Node, what func() string, allowed []string) (map[string]YAMLField, error) {
	n = ResolveAlias(n)
	if n.Kind != yaml.MappingNode {
		return nil, YAMLErr(name, n, "%s is %s; expected a mapping of %s", what(), DescribeNode(n), strings.Join(allowed, ", "))
	}
	known := make(map[string]bool, len(allowed))
	for _, k := range allowed {
		known[k] = true
	}
	fields := make(map[string]YAMLField, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		keyNode, valueNode := ResolveAlias(n.Content[i]), ResolveAlias(n.Content[i+1])
		if keyNode.Kind != yaml.ScalarNode {
			return nil, YAMLErr(name, keyNode, "a key in %s is %s; expected a name", what(), DescribeNode(keyNode))
		}
		key := keyNode.Value
		if key == "<<" {
			return nil, YAMLErr(name, keyNode, "merge keys (<<) are not supported in %s; write the keys out", what())
		}
		if !known[key] {
			return nil, YAMLErr(name, keyNode, "unknown key %s in %s%s; expected one of %s",
				Quoted(key), what(), suggestion(key, allowed), strings.Join(allowed, ", "))
		}
		if first, dup := fields[key]; dup {
			return nil, YAMLErr(name, keyNode, "key %s appears twice in %s (first on line %d)", Quoted(key), what(), first.Key.Line)
		}
		fields[key] = YAMLField{Key: keyNode, Value: valueNode}
	}
	return fields, nil
}

// YAMLPairs reads a mapping with free-form keys (preset names), in file
// order.
func YAMLPairs(name string, n *yaml.Node, what string) ([]YAMLField, error) {
	n = ResolveAlias(n)
	if n.Kind != yaml.MappingNode {
		return nil, YAMLErr(name, n, "%s is %s; expected a mapping", what, DescribeNode(n))
	}
	seen := map[string]int{}
	var pairs []YAMLField
	for i := 0; i+1 < len(n.Content); i += 2 {
		keyNode, valueNode := ResolveAlias(n.Content[i]), ResolveAlias(n.Content[i+1])
		if keyNode.Kind != yaml.ScalarNode || keyNode.Value == "<<" {
			return nil, YAMLErr(name, keyNode, "a key in %s is %s; expected a name", what, DescribeNode(keyNode))
		}
		if line, dup := seen[keyNode.Value]; dup {
			return nil, YAMLErr(name, keyNode, "%s appears twice in %s (first on line %d)", Quoted(keyNode.Value), what, line)
		}
		seen[keyNode.Value] = keyNode.Line
		pairs = append(pairs, YAMLField{Key: keyNode, Value: valueNode})
	}
	return pairs, nil
}

// suggestion returns ` (did you mean "x"?)` for the allowed key closest to
// key, when it is close enough to be a typo.
func suggestion(key string, allowed []string) string {
	best, ok := nearname.Closest(key, allowed)
	if !ok {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// DescribeNode names a node's kind for error messages, quoting scalars.
func DescribeNode(n *yaml.Node) string {
	n = ResolveAlias(n)
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!int", "!!float":
			return "the number " + n.Value
		case "!!bool":
			return "the boolean " + n.Value
		}
		return "the string " + Quoted(n.Value)
	}
	return "an unsupported YAML value"
}

func IsNull(n *yaml.Node) bool {
	n = ResolveAlias(n)
	return n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

// YAMLText reads a text value. Any scalar is accepted as written ("query:
// 42" is the text "42"); null is "".
func YAMLText(name string, n *yaml.Node, field string) (string, error) {
	return YAMLTextLabeled(name, n, func() string { return field })
}

// YAMLTextLabeled is YAMLText with the field's label made only for an
// error.
func YAMLTextLabeled(name string, n *yaml.Node, field func() string) (string, error) {
	n = ResolveAlias(n)
	if IsNull(n) {
		return "", nil
	}
	if n.Kind != yaml.ScalarNode {
		return "", YAMLErr(name, n, "%s is %s; expected text", field(), DescribeNode(n))
	}
	if n.ShortTag() == "!!binary" {
		return "", YAMLErr(name, n, "%s is binary data; expected text", field())
	}
	return n.Value, nil
}

// YAMLInt reads a whole number.
func YAMLInt(name string, n *yaml.Node, field string) (int, error) {
	n = ResolveAlias(n)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!int" {
		var v int64
		if err := n.Decode(&v); err == nil && v >= math.MinInt32 && v <= math.MaxInt32 {
			return int(v), nil
		}
		return 0, YAMLErr(name, n, "%s %s is out of range", field, n.Value)
	}
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float" {
		var f float64
		if err := n.Decode(&f); err == nil && f == math.Trunc(f) && math.Abs(f) <= math.MaxInt32 {
			return int(f), nil
		}
	}
	return 0, YAMLErr(name, n, "%s is %s; expected a whole number", field, DescribeNode(n))
}

// YAMLFloat reads a finite number.
func YAMLFloat(name string, n *yaml.Node, field string) (float64, error) {
	return YAMLFloatLabeled(name, n, func() string { return field })
}

// YAMLFloatLabeled is YAMLFloat with the field's label made only for an
// error.
func YAMLFloatLabeled(name string, n *yaml.Node, field func() string) (float64, error) {
	n = ResolveAlias(n)
	if n.Kind == yaml.ScalarNode && (n.ShortTag() == "!!int" || n.ShortTag() == "!!float") {
		var f float64
		if err := n.Decode(&f); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f, nil
		}
		return 0, YAMLErr(name, n, "%s %s is not a finite number", field(), n.Value)
	}
	return 0, YAMLErr(name, n, "%s is %s; expected a number", field(), DescribeNode(n))
}

// YAMLBool reads true or false.
func YAMLBool(name string, n *yaml.Node, field string) (bool, error) {
	n = ResolveAlias(n)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		var b bool
		if err := n.Decode(&b); err == nil {
			return b, nil
		}
	}
	return false, YAMLErr(name, n, "%s is %s; expected true or false", field, DescribeNode(n))
}

// YAMLList returns a sequence's items (aliases resolved); null is an
// empty list.
func YAMLList(name string, n *yaml.Node, field, expected string) ([]*yaml.Node, error) {
	n = ResolveAlias(n)
	if IsNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.SequenceNode {
		return nil, YAMLErr(name, n, "%s is %s; expected %s", field, DescribeNode(n), expected)
	}
	items := make([]*yaml.Node, len(n.Content))
	for i, item := range n.Content {
		items[i] = ResolveAlias(item)
	}
	return items, nil
}

// YAMLValue decodes a node into the generic values the other loaders
// read (maps, lists, int64, float64, strings).
func YAMLValue(name string, n *yaml.Node) (any, error) {
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, YAMLErr(name, n, "invalid value: %v", err)
	}
	return normalizeYAML(name, v)
}

// YAMLToJSON renders a node as compact JSON, keeping the key order of the
// file: tool definitions are counted from the JSON the provider receives,
// and a definition written in YAML should cost what its JSON would. nodes
// counts the nodes written so far across calls, so the alias limit holds
// for a whole file, not per value.
func YAMLToJSON(name string, n *yaml.Node, nodes *int) (json.RawMessage, error) {
	w := &yamlJSONWriter{name: name, nodes: nodes}
	if err := w.write(n, 0); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

// maxYAMLJSONNodes bounds what aliases may expand to: a few lines of
// nested aliases can stand for billions of nodes, and a loader must fail,
// not exhaust memory.
const maxYAMLJSONNodes = 1_000_000

type yamlJSONWriter struct {
	name  string
	buf   bytes.Buffer
	nodes *int
}

func (w *yamlJSONWriter) write(n *yaml.Node, depth int) error {
	n = ResolveAlias(n)
	if *w.nodes++; *w.nodes > maxYAMLJSONNodes {
		return YAMLErr(w.name, n, "value expands to more than %s nodes through aliases", numfmt.Thousands(maxYAMLJSONNodes))
	}
	if depth > 200 {
		return YAMLErr(w.name, n, "value nests more than 200 levels deep")
	}
	buf := &w.buf
	switch n.Kind {
	case yaml.MappingNode:
		buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			key := ResolveAlias(n.Content[i])
			if key.Kind != yaml.ScalarNode || key.Value == "<<" {
				return YAMLErr(w.name, key, "a key is %s; JSON needs a string key (merge keys are not supported)", DescribeNode(key))
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			writeJSONString(buf, key.Value)
			buf.WriteByte(':')
			if err := w.write(n.Content[i+1], depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, item := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := w.write(item, depth+1); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case yaml.ScalarNode:
		return writeYAMLScalarAsJSON(w.name, buf, n)
	default:
		return YAMLErr(w.name, n, "unsupported YAML value")
	}
	return nil
}

func writeYAMLScalarAsJSON(name string, buf *bytes.Buffer, n *yaml.Node) error {
	switch n.ShortTag() {
	case "!!null":
		buf.WriteString("null")
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return YAMLErr(name, n, "invalid boolean %s", Quoted(n.Value))
		}
		buf.WriteString(strconv.FormatBool(b))
	case "!!int":
		var v int64
		if err := n.Decode(&v); err != nil {
			return YAMLErr(name, n, "integer %s does not fit in 64 bits", n.Value)
		}
		buf.WriteString(strconv.FormatInt(v, 10))
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return YAMLErr(name, n, "%s is not a finite number; JSON cannot represent it", n.Value)
		}
		buf.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
	case "!!binary":
		return YAMLErr(name, n, "binary data cannot be written as JSON")
	default:
		writeJSONString(buf, n.Value)
	}
	return nil
}

// writeJSONString writes s as a JSON string without HTML escaping: the
// provider receives "<" as "<", and "\u003c" would cost more tokens.
func writeJSONString(buf *bytes.Buffer, s string) {
	data, _ := MarshalJSON(s)
	buf.Write(data)
}

// MarshalJSON is json.Marshal without HTML escaping and without the
// trailing newline an Encoder adds.
func MarshalJSON(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}
