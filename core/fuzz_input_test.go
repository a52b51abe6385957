package core_test

import (
	"math"
	"strings"

	"ctxlab/core"
	"ctxlab/core/value"
	"ctxlab/core/window"
)

// fuzzBytes hands out the fuzzer's bytes as the values the engine takes;
// once they run out every read is zero, so any input is a whole case.
type fuzzBytes struct{ data []byte }

func (b *fuzzBytes) byte() byte {
	if len(b.data) == 0 {
		return 0
	}
	c := b.data[0]
	b.data = b.data[1:]
	return c
}

// small is a number up to 65,535, the size of any count a test input
// needs, skewed towards small values by the top bits of the first byte.
func (b *fuzzBytes) small() int {
	hi, lo := int(b.byte()), int(b.byte())
	switch hi >> 6 {
	case 0:
		return lo % 16
	case 1:
		return lo
	}
	return hi<<8 | lo
}

// fuzzSettings derives settings from the bytes through the knob table:
// each knob in turn is left alone or given a value of its kind, in range
// or out of it, and a value the knob's Check or Set refuses is skipped, as
// the flags, the scenario file and the workbench skip it.
func fuzzSettings(b *fuzzBytes) core.Settings {
	s := core.DefaultSettings()
	ctx := core.KnobContext{Presets: window.BuiltinPresets()}
	for _, k := range core.Knobs() {
		if b.byte()%3 == 0 {
			continue
		}
		v := fuzzKnobValue(b, k, ctx)
		if k.Check(v) != nil {
			continue
		}
		_ = k.Set(&s, v, ctx)
	}
	return s
}

func fuzzKnobValue(b *fuzzBytes, k *core.Knob, ctx core.KnobContext) core.KnobValue {
	switch k.Kind {
	case core.KnobInt:
		n := b.small()
		if b.byte() == 0xff {
			n = -n // out of range: Check must refuse it
		}
		return core.KnobValue{Int: n}
	case core.KnobFloat:
		lo, hi := k.Min, k.Max
		if !k.Bounded {
			hi = lo + 10
		}
		switch c := b.byte(); c {
		case 0xfe:
			return core.KnobValue{Float: math.NaN()}
		case 0xff:
			return core.KnobValue{Float: hi + 1}
		default:
			return core.KnobValue{Float: lo + (hi-lo)*float64(c)/253}
		}
	case core.KnobBool:
		return core.KnobValue{Bool: b.byte()%2 == 1}
	case core.KnobChoice:
		choices := k.Choices(ctx)
		if len(choices) == 0 {
			return core.KnobValue{}
		}
		return core.KnobValue{Text: choices[int(b.byte())%len(choices)]}
	case core.KnobList:
		var list []string
		for range int(b.byte() % 3) {
			list = append(list, fuzzWord(b))
		}
		return core.KnobValue{List: list}
	}
	return core.KnobValue{Text: fuzzWord(b)}
}

// fuzzWords are the words a fuzzed text is made of: a small vocabulary, so
// near duplicates, exact duplicates and repeated sentences happen often.
var fuzzWords = []string{"the", "refund", "order", "ORD-1", "damaged", "policy", "days", "within", "30", "Refund", "shipping", ".", "é", "漢字", "\t", "\n", "a.b", "item:3", "[1]", "message:1=5"}

func fuzzWord(b *fuzzBytes) string { return fuzzWords[int(b.byte())%len(fuzzWords)] }

// fuzzText is up to 63 words from the vocabulary, or the raw text when the
// bytes ask for it, so arbitrary Unicode reaches the engine too.
func fuzzText(b *fuzzBytes, raw string) string {
	n := int(b.byte() % 64)
	if n == 63 {
		return strings.ToValidUTF8(raw, "\uFFFD")
	}
	words := make([]string, n)
	for i := range words {
		words[i] = fuzzWord(b)
	}
	return strings.Join(words, " ")
}

// fuzzScenario builds documents, a history and tool results from the
// bytes; raw is arbitrary text some of them take whole.
func fuzzScenario(b *fuzzBytes, raw string) *core.Scenario {
	sc := &core.Scenario{Name: "fuzz", SystemPrompt: fuzzText(b, raw)}
	for i := range int(b.byte() % 24) {
		sc.Documents = append(sc.Documents, value.Document{
			Content:  fuzzText(b, raw),
			Score:    float64(b.byte()) / 255,
			Source:   fuzzWord(b) + strings.Repeat("x", i%3),
			Metadata: map[string]any{},
		})
	}
	roles := []string{"user", "assistant", "system", "tool"}
	for range int(b.byte() % 12) {
		sc.History = append(sc.History, value.Message{Role: roles[int(b.byte())%len(roles)], Content: fuzzText(b, raw)})
	}
	for range int(b.byte() % 4) {
		sc.ToolResults = append(sc.ToolResults, window.ToolResult{Name: fuzzWord(b), Content: fuzzText(b, raw)})
	}
	return sc
}
