package window

import (
	"math"
	"strconv"
	"strings"

	"ctxlab/core/pycompat"
	"ctxlab/core/tokens"
)

// promptParallelOutputExtra is what the one message holding the outputs
// of a parallel call costs beyond a tool output's framing.
const promptParallelOutputExtra = 1

// groupMember is one tool output of the message holding a parallel
// call's outputs: the body message it renders and the index in the
// message's content parts just past its element.
type groupMember struct {
	source, end int
}

// mergeParallelOutputs renders the outputs of several tool calls made in
// one message (one call of multi_tool_use.parallel) as OpenAI bills
// them: one message, headed "multi_tool_use.parallel" and framed as a
// tool output is plus a token, whose content is the outputs as a JSON
// list written as Python's json.dumps writes it (", " between elements,
// ": " after keys). An output that is JSON is its value in the list,
// others a string; characters beyond ASCII are escaped as \uXXXX when
// ascii is set (parallelOutputsASCII). A run of consecutive outputs
// answering the same message is one message, counted in the first
// output's component; each output's share of it is memberTokens.
func mergeParallelOutputs(msgs []promptMessage, ascii bool) []promptMessage {
	out := msgs[:0:0]
	for i := 0; i < len(msgs); {
		if msgs[i].callGroup == 0 {
			out = append(out, msgs[i])
			i++
			continue
		}
		m := msgs[i]
		m.header = "multi_tool_use.parallel"
		m.extra += promptParallelOutputExtra
		m.content = textParts{}
		m.content.add("[")
		j := i
		for ; j < len(msgs) && msgs[j].callGroup == msgs[i].callGroup; j++ {
			if j > i {
				m.content.add(", ")
			}
			m.content.add(parallelElement(msgs[j].content.String(), ascii))
			m.members = append(m.members, groupMember{source: msgs[j].source, end: len(m.content.parts)})
		}
		m.content.add("]")
		out = append(out, m)
		i = j
	}
	return out
}

// parallelOutputsASCII says whether model's parallel call outputs escape
// the characters beyond ASCII (Python's json.dumps default): gpt-4o's do
// not, gpt-4o-mini's do. Models with no recording are taken to escape.
func parallelOutputsASCII(model string) bool {
	name := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndexAny(name, ":/"); i >= 0 {
		name = name[i+1:]
	}
	rest, ok := strings.CutPrefix(name, "gpt-4o")
	return !ok || strings.HasPrefix(rest, "-mini")
}

// memberTokens is the share of the k-th output in message m holding a
// parallel call's outputs: what its element adds to the list of the
// outputs before it, C(k+1) - C(k) where C(j) counts the list of the
// first j elements, closed ("[" ... "]"), and C(0) is 0. The shares
// add up to the content's count, and each depends only on its own
// output and those before it, as a message's count depends only on
// the message. The framing is the first output's (promptMessageFrame).
func memberTokens(m *promptMessage, k int, tok tokens.Tokenizer) int {
	return listTokens(m, k+1, tok) - listTokens(m, k, tok)
}

// memberShares is memberTokens of each output of m.
func memberShares(m *promptMessage, tok tokens.Tokenizer) []int {
	shares := make([]int, len(m.members))
	prev := 0
	for k := range m.members {
		n := listTokens(m, k+1, tok)
		shares[k], prev = n-prev, n
	}
	return shares
}

// listTokens is C(j) of memberTokens: the tokens of the list of m's
// first j elements.
func listTokens(m *promptMessage, j int, tok tokens.Tokenizer) int {
	switch j {
	case 0:
		return 0
	case len(m.members):
		return countOnce(tok, m.content.parts...)
	}
	end := m.members[j-1].end
	parts := make([]string, end+1)
	copy(parts, m.content.parts[:end])
	parts[end] = "]"
	return countOnce(tok, parts...)
}

// parallelElement is a tool output as an element of the parallel call's
// list: its JSON value when the output is JSON (as Python's json.loads
// reads it and json.dumps writes it back), a JSON string otherwise.
func parallelElement(output string, ascii bool) string {
	var b strings.Builder
	if v, ok := parseWholeJSON(output); ok {
		writePythonJSON(&b, v, ascii)
	} else {
		writePythonString(&b, output, ascii)
	}
	return b.String()
}

// parseWholeJSON parses text when it is one JSON value and nothing but
// space around it.
func parseWholeJSON(text string) (*jsonNode, bool) {
	p := &jsonScan{s: text}
	v, err := p.value(0)
	if err != nil || p.next() != 0 {
		return nil, false
	}
	return v, true
}

// writePythonJSON writes v as Python's json.dumps writes the value
// json.loads reads from it: ", " between elements, ": " after keys,
// numbers as Python holds them (pythonNumber).
func writePythonJSON(b *strings.Builder, v *jsonNode, ascii bool) {
	switch v.kind {
	case '{':
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writePythonString(b, k, ascii)
			b.WriteString(": ")
			writePythonJSON(b, v.items[i], ascii)
		}
		b.WriteByte('}')
	case '[':
		b.WriteByte('[')
		for i, it := range v.items {
			if i > 0 {
				b.WriteString(", ")
			}
			writePythonJSON(b, it, ascii)
		}
		b.WriteByte(']')
	case '"':
		writePythonString(b, v.str, ascii)
	default:
		b.WriteString(pythonNumber(v.lit))
	}
}

// pythonNumber is a JSON number as Python writes back what json.loads
// reads: an integer as written (-0 as 0), a float as repr writes it
// (the shortest digits that read back the same, "1.0", "1e+16",
// "1e-05", "Infinity" past the float range). true, false and null are
// as written.
func pythonNumber(lit string) string {
	if lit == "true" || lit == "false" || lit == "null" {
		return lit
	}
	if !strings.ContainsAny(lit, ".eE") {
		if strings.TrimLeft(lit, "-0") == "" {
			return "0"
		}
		return lit
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil && !math.IsInf(f, 0) {
		return lit
	}
	return pycompat.FloatRepr(f)
}
