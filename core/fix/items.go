package fix

import (
	"fmt"
	"slices"

	"ctxlab/core"
)

// itemFloor is the least a truncation fix keeps of an item: less says
// nothing, and dropping it is then the honest fix.
const itemFloor = 100

// largestItem is the input's costliest tool result or history message.
type largestItem struct {
	edit   core.ItemEdit // Kind and Number
	label  string        // the tool's name or the message's role
	tokens int
}

// largestItems finds the largest tool result (an output, not an
// assistant's call) and the largest history message of the input, each
// counted with the settings' tokenizer; items an edit already names are
// passed over.
func largestItems(in core.EvalInput, ev *core.Evaluation) []largestItem {
	s := ev.Settings
	edited := map[string]bool{}
	for _, e := range s.ItemEdits() {
		edited[core.ItemEdit{Kind: e.Kind, Number: e.Number}.String()] = true
	}
	tok := s.Pipeline.Tokenizer
	var out []largestItem
	consider := func(best *largestItem, kind string, number int, label, content string) {
		e := core.ItemEdit{Kind: kind, Number: number}
		if edited[e.String()] {
			return
		}
		if t := tok.Count(content); t > best.tokens {
			*best = largestItem{edit: e, label: label, tokens: t}
		}
	}
	// Items are named as the request numbers them (Scenario.Numbering):
	// a tool result among tool results, a message by its place as sent,
	// after the retrieved context's message when the request sends one.
	numbers := in.Scenario.Numbering(s.Query, ev.Numbers.Context > 0)
	var result, message largestItem
	for i, r := range in.Scenario.ToolResults {
		if i < len(numbers.ToolResult) && numbers.ToolResult[i] > 0 {
			consider(&result, core.ItemToolResult, numbers.ToolResult[i], r.Name, r.Content)
		}
	}
	for i, m := range in.Scenario.History {
		if i < len(numbers.History) {
			consider(&message, core.ItemMessage, numbers.History[i], m.Role, m.Content)
		}
	}
	// An empty or near-empty item is never offered: dropping it frees
	// nothing and cutting it says nothing.
	for _, it := range []largestItem{result, message} {
		if it.tokens > itemFloor {
			out = append(out, it)
		}
	}
	return out
}

// itemCandidates: in a request over its max input, drop the largest tool
// result, and cut the largest tool result or message by what the request
// is over (to itemFloor at least). The edits are settings (--drop-item,
// --truncate-item), so they preview, apply and undo like any fix.
func itemCandidates(in core.EvalInput, ev *core.Evaluation) []candidate {
	if ev.Overflow == nil || in.Scenario == nil {
		return nil
	}
	excess := ev.Overflow.Total - ev.Overflow.MaxInput
	s := ev.Settings
	var out []candidate
	for _, it := range largestItems(in, ev) {
		it := it
		what := it.edit.Words()
		if it.label != "" {
			what += " (" + it.label + ")"
		}
		// The cut marker, and a token a merge across the cut may cost.
		marker := s.Pipeline.Tokenizer.Count(core.TruncatedMarker) + 1
		if keep := it.tokens - excess - marker; keep >= itemFloor {
			cut := it.edit
			cut.Tokens = keep
			out = append(out, candidate{kind: TruncateItem,
				changes: []KnobChange{{KnobID: "truncate-items", Value: core.KnobValue{List: append(slices.Clone(s.TruncateItems), cut.String())}}},
				describe: func(core.Preview) string {
					return fmt.Sprintf("Cut %s, the largest %s at %s, to its first %s (--truncate-item %s): the request is %s over.",
						what, itemKindWords(it.edit.Kind), tokenCount(it.tokens), tokenCount(keep), cut, tokenCount(excess))
				}})
		}
		if it.edit.Kind == core.ItemToolResult {
			out = append(out, candidate{kind: DropItem,
				changes: []KnobChange{{KnobID: "drop-items", Value: core.KnobValue{List: append(slices.Clone(s.DropItems), it.edit.String())}}},
				describe: func(core.Preview) string {
					return fmt.Sprintf("Drop %s, the largest tool result at %s (--drop-item %s): its content is replaced by a one-line note, so the call it answers keeps an answer.",
						what, tokenCount(it.tokens), it.edit)
				}})
		}
	}
	return out
}

// itemKindWords names an item kind in a sentence.
func itemKindWords(kind string) string {
	if kind == core.ItemToolResult {
		return "tool result"
	}
	return "message"
}
