package core

import (
	"fmt"
	"slices"
	"strings"

	"ctxlab/core/memory"
	"ctxlab/core/pipeline"
	"ctxlab/core/window"
)

// SpaceItem is one thing that takes room in the request: a component, or
// a tool definition, message, tool call, tool result or document inside
// one, with its cost as sent.
type SpaceItem struct {
	Kind window.ItemKind `json:"kind"`
	// Label names the item in words ("tool result 12: search_flights",
	// "#34"); names in it come from the input unmade-safe. A document's
	// source is not in it but in Source: its whole name is NameParts.
	Label string `json:"label"`
	// Source is a document's source, "" for any other item. It is apart
	// from Label so that a source as long as a document (50 MB) is not
	// copied into a label, which a report and the workbench's space view
	// held beside the source itself.
	Source string `json:"source,omitempty"`
	// Component is the component the item is part of (its own name for a
	// component).
	Component string `json:"component"`
	Tokens    int    `json:"tokens"`
	// Cut is what the assembler cut of the item to fit its component's
	// allocation.
	Cut int `json:"cut"`
	// ShareOfWindow and ShareOfInput are Tokens over the window and over
	// the max input (the window less the reserve), from 0 to 1 and more.
	ShareOfWindow float64 `json:"share_of_window"`
	ShareOfInput  float64 `json:"share_of_input"`
	// Ref is where the item lives: the component's index in
	// Assembly.Components, the index into the assembled input's tools,
	// history or tool results, or the document's index in Documents.
	Ref int `json:"ref"`
	// Order is the item's place in the request, from 0, for sorting back
	// into request order.
	Order int `json:"order"`
}

// NameParts are the item's name in words, in parts to write one after
// another: its label, and a document's source after a space ("#34",
// " ", "kb/refunds.md").
func (it SpaceItem) NameParts() []string {
	if it.Source == "" {
		return []string{it.Label}
	}
	return []string{it.Label, " ", it.Source}
}

// Name is NameParts joined, for a name known to be short; a document's
// source may be as long as the document.
func (it SpaceItem) Name() string { return strings.Join(it.NameParts(), "") }

// SpaceOrder is how a list of space items is sorted.
type SpaceOrder int

const (
	// ByTokens puts the largest first, ties in request order.
	ByTokens SpaceOrder = iota
	// ByOrder is the request's own order: each component followed by its
	// pieces.
	ByOrder
	// ByKind groups components, tool definitions, documents, messages,
	// tool calls and tool results, largest first within each.
	ByKind
)

// SpaceOrders lists the orders in the order a key cycles through them.
var SpaceOrders = []SpaceOrder{ByTokens, ByOrder, ByKind}

// String names the order in words.
func (o SpaceOrder) String() string {
	switch o {
	case ByOrder:
		return "request order"
	case ByKind:
		return "kind"
	}
	return "tokens"
}

// Space lists what takes room in the assembled request, ranked largest
// first: every input component, then the pieces the assembly counted one
// by one and the documents of the retrieved context, each with its share
// of the window and of the max input. The reserve is left out: it is
// room kept free, not something to cut. The counts are the assembler's
// own (Assembly.Items) and, for documents, the assembler's tokenizer on
// each document's piece of the block as sent.
func (e *Evaluation) Space() []SpaceItem {
	a := e.Assembly
	if a == nil {
		return nil
	}
	origins := e.historyOrigins()
	var items []SpaceItem
	add := func(it SpaceItem) {
		it.Order = len(items)
		if a.Window > 0 {
			it.ShareOfWindow = float64(it.Tokens) / float64(a.Window)
		}
		if a.MaxInput > 0 {
			it.ShareOfInput = float64(it.Tokens) / float64(a.MaxInput)
		}
		items = append(items, it)
	}
	for ci, c := range a.Components {
		if c.Name == window.ComponentReserve || (c.Used == 0 && c.Raw == 0) {
			continue
		}
		add(SpaceItem{Kind: window.ItemComponent, Label: window.ComponentWords(c.Name), Component: c.Name, Tokens: c.Used, Cut: c.Raw - c.Used, Ref: ci})
		for _, it := range a.Items {
			if it.Component != c.Name {
				continue
			}
			item := SpaceItem{Kind: it.Kind, Label: it.Label, Component: c.Name, Tokens: it.Tokens, Cut: it.Raw - it.Tokens, Ref: it.Index}
			if c.Name == window.ComponentHistory {
				item.Label, item.Ref = e.historyLabel(it.Index, origins)
			}
			add(item)
		}
		if c.Name == window.ComponentRAG {
			for _, d := range e.documentSpace(c.Text) {
				add(d)
			}
		}
	}
	SortSpace(items, ByTokens)
	return items
}

// documentSpace counts each cited document's piece of the retrieved
// context (its citation header and text) with the assembler's tokenizer;
// when the assembler cut the block, only the part sent is counted.
func (e *Evaluation) documentSpace(sent string) []SpaceItem {
	block := e.RAGBlock()
	if block == "" {
		return nil
	}
	tok := e.Settings.Pipeline.Tokenizer
	keptLen := len(block)
	if sent != block {
		keptLen = pipeline.CutOffset(block, sent)
	}
	starts, docs := citedPieces(e)
	out := make([]SpaceItem, 0, len(docs))
	for n, doc := range docs {
		end := len(block)
		if n+1 < len(starts) {
			end = starts[n+1]
		}
		piece := block[starts[n]:end]
		whole := tok.Count(piece)
		sentTokens := whole
		switch {
		case starts[n] >= keptLen:
			sentTokens = 0
		case end > keptLen:
			sentTokens = tok.Count(block[starts[n]:keptLen])
		}
		out = append(out, SpaceItem{Kind: window.ItemDocument, Label: fmt.Sprintf("#%d", e.displayNumber(doc)), Source: e.Documents[doc].Source,
			Component: window.ComponentRAG, Tokens: sentTokens, Cut: whole - sentTokens, Ref: doc})
	}
	return out
}

// historyOrigins maps each message the memory strategy passed to the
// assembler to its position in the scenario's history, -1 for a message
// of the strategy's own (the rolling summary). The strategy may put
// pinned messages first, so each is matched by role and content among the
// messages it kept, not by position.
func (e *Evaluation) historyOrigins() []int {
	kept := make([]int, 0, len(e.Memory.Fates))
	for _, f := range e.Memory.Fates {
		if (f.Fate == memory.Kept || f.Fate == memory.Pinned) && f.Index < len(e.History) {
			kept = append(kept, f.Index)
		}
	}
	origins := make([]int, len(e.Memory.Messages))
	for i, m := range e.Memory.Messages {
		origins[i] = -1
		for k, orig := range kept {
			if orig >= 0 && e.History[orig] == m {
				origins[i], kept[k] = orig, -1
				break
			}
		}
	}
	return origins
}

// historyLabel names an assembled history message by its number in the
// request as sent (Evaluation.Numbers), and gives that position as its Ref.
func (e *Evaluation) historyLabel(assembled int, origins []int) (string, int) {
	if assembled < len(origins) && assembled < len(e.Memory.Messages) {
		m := e.Memory.Messages[assembled]
		if orig := origins[assembled]; orig >= 0 {
			return e.Numbers.HistoryLabel(orig, m.Role), orig
		}
		return fmt.Sprintf("conversation summary (%s)", m.Role), -1
	}
	return fmt.Sprintf("message %d", e.messageNumber(assembled)), assembled
}

// messageNumber is history message i's number in the request as sent
// (Scenario.Numbering).
func (e *Evaluation) messageNumber(i int) int {
	if i >= 0 && i < len(e.Numbers.History) {
		return e.Numbers.History[i]
	}
	return i + 1
}

// displayNumber is a document's number as the user knows it: its position
// in the scenario's input, from 1, also when reranking chose a subset.
func (e *Evaluation) displayNumber(doc int) int {
	return e.InputIndex(doc) + 1
}

// SortSpace sorts items in place; the sort is stable on request order so
// equal items keep their places.
func SortSpace(items []SpaceItem, by SpaceOrder) {
	kindRank := func(k window.ItemKind) int { return slices.Index(window.ItemKinds, k) }
	slices.SortStableFunc(items, func(x, y SpaceItem) int {
		if by == ByKind {
			if d := kindRank(x.Kind) - kindRank(y.Kind); d != 0 {
				return d
			}
		}
		if by != ByOrder {
			if d := y.Tokens - x.Tokens; d != 0 {
				return d
			}
		}
		return x.Order - y.Order
	})
}

// SpaceKindWords names an item kind in words, for headings and columns.
func SpaceKindWords(k window.ItemKind) string {
	return strings.ReplaceAll(string(k), "-", " ")
}
