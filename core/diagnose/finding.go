package diagnose

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"

	"ctxlab/core/window"
)

// Severity ranks findings: an error stops the request from being sent as
// it is, a warning loses or misleads content, an info is worth knowing.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// rank orders severities worst first.
func (s Severity) rank() int {
	switch s {
	case SeverityError:
		return 0
	case SeverityWarning:
		return 1
	}
	return 2
}

// Finding codes, stable for scripts that read the JSON.
const (
	CodeOverflow                 = "overflow"
	CodeAllocationsOverWindow    = "allocations-over-window"
	CodeWeakerCopySent           = "weaker-copy-sent"
	CodeStrongDocLost            = "strong-doc-lost"
	CodeConflictingNearDuplicate = "conflicting-near-duplicate"
	// CodeConflictingTextsSent: two similar texts both sent state
	// different facts (a near duplicate removed with other facts is
	// CodeConflictingNearDuplicate).
	CodeConflictingTextsSent    = "conflicting-texts-sent"
	CodeComponentOverAllocation = "component-over-allocation"
	CodeHistoryDominates        = "history-dominates"
	CodeToolResultsDominate     = "tool-results-dominate"
	CodeMostlyHeaders           = "mostly-headers"
	CodeSameSourceSent          = "same-source-sent"
	CodeAllocationUnused        = "allocation-unused"
	CodeTokenizerEstimate       = "tokenizer-estimate"
	CodeScoresLookLikeDistances = "scores-look-like-distances"
)

// codeOrder ranks findings of one severity: what costs the answer most
// first (a fact sent stale before a fact merely lost), estimates last.
var codeOrder = []string{
	CodeOverflow, CodeAllocationsOverWindow, CodeScoresLookLikeDistances, CodeWeakerCopySent, CodeStrongDocLost,
	CodeConflictingTextsSent, CodeConflictingNearDuplicate, CodeComponentOverAllocation, CodeHistoryDominates,
	CodeToolResultsDominate, CodeSameSourceSent, CodeMostlyHeaders, CodeAllocationUnused, CodeCountOffBill, CodeTokenizerEstimate,
}

// RefKind says what kind of row a Ref points at.
type RefKind string

const (
	// RefDocument is a retrieved document by its input index (0-based;
	// the reports number it #Index+1).
	RefDocument RefKind = "document"
	// RefComponent is a budget component by name (window.Component*).
	RefComponent RefKind = "component"
	// RefMessage is a history message by its input index (0-based).
	RefMessage RefKind = "message"
	// RefToolResult is a tool result by its input index (0-based).
	RefToolResult RefKind = "tool_result"
)

// Ref is one row a finding is about.
type Ref struct {
	Kind RefKind
	// Index is the row's input index for documents, messages and tool
	// results.
	Index int
	// Name is the component's name for a component.
	Name string
	// Number is a message's or tool result's number in the request as
	// sent (window.Numbering): what the label says and what --drop-item
	// takes. 0 falls back to Index+1.
	Number int
}

// DocumentRef, ComponentRef, MessageRef and ToolResultRef make refs.
func DocumentRef(index int) Ref    { return Ref{Kind: RefDocument, Index: index} }
func ComponentRef(name string) Ref { return Ref{Kind: RefComponent, Name: name} }
func MessageRef(index int) Ref     { return Ref{Kind: RefMessage, Index: index} }
func ToolResultRef(index int) Ref  { return Ref{Kind: RefToolResult, Index: index} }

// number is the ref's number as the request numbers it.
func (r Ref) number() int {
	if r.Number > 0 {
		return r.Number
	}
	return r.Index + 1
}

// Label is the ref as the reports write it: #15 for a document (its
// 1-based number), the component's name, "message 3", "tool result 2".
func (r Ref) Label() string {
	switch r.Kind {
	case RefDocument:
		return "#" + strconv.Itoa(r.Index+1)
	case RefMessage:
		return "message " + strconv.Itoa(r.number())
	case RefToolResult:
		return "tool result " + strconv.Itoa(r.number())
	}
	return window.ComponentWords(r.Name)
}

// MarshalJSON writes {"kind":"component","name":"rag"} for a component
// and {"kind":"document","index":14} (0-based, as the trace's "index")
// for the rest.
func (r Ref) MarshalJSON() ([]byte, error) {
	if r.Kind == RefComponent {
		return json.Marshal(struct {
			Kind RefKind `json:"kind"`
			Name string  `json:"name"`
		}{r.Kind, r.Name})
	}
	if r.Kind == RefDocument {
		return json.Marshal(struct {
			Kind  RefKind `json:"kind"`
			Index int     `json:"index"`
		}{r.Kind, r.Index})
	}
	return json.Marshal(struct {
		Kind   RefKind `json:"kind"`
		Index  int     `json:"index"`
		Number int     `json:"number"`
	}{r.Kind, r.Index, r.number()})
}

// Finding is one thing worth knowing about the request.
type Finding struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	// Message is one sentence in plain words with numbers. It may quote
	// document sources and words from documents: render it sanitized.
	Message string `json:"message"`
	Refs    []Ref  `json:"refs"`
	// weight orders findings of one code, larger first (tokens lost,
	// tokens over, a rank's strength).
	weight int
}

// sortFindings orders findings worst first: by severity, then by code,
// then by weight; ties keep the order they were found in.
func sortFindings(fs []Finding) {
	order := make(map[string]int, len(codeOrder))
	for i, c := range codeOrder {
		order[c] = i
	}
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.Severity.rank(), b.Severity.rank()),
			cmp.Compare(order[a.Code], order[b.Code]),
			cmp.Compare(b.weight, a.weight),
		)
	})
}
