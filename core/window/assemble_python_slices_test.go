package window

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"ctxlab/core/tokens"
	"ctxlab/core/value"
)

// zeroAllocationInput is document_qa's budget, which allocates nothing
// to tool results, with the history allocated nothing too.
func zeroAllocationInput(t *testing.T) Input {
	t.Helper()
	b, err := Preset(PresetDocumentQA)
	if err != nil {
		t.Fatal(err)
	}
	b.ConversationHistory = 0
	return Input{
		Budget: b, Tokenizer: tokens.Heuristic{}, Mode: Budgeted, NoFraming: true,
		SystemPrompt: "answer from the context",
		History:      []value.Message{{Role: "user", Content: "hello there"}},
		ToolResults:  []ToolResult{{Content: "order ORD-1 shipped"}},
		UserQuery:    "where is it?",
	}
}

// --python-slices: a history and tool results allocated 0 reach the
// request whole, as the article's tokens[-0:] keeps them; the oracle is
// the article's assemble itself.
func TestPythonSlicesIsTheArticlesAssemble(t *testing.T) {
	in := zeroAllocationInput(t)
	in.PythonSlices = true
	a, err := Assemble(in)
	if err != nil {
		t.Fatal(err)
	}
	want, err := articleAssemble(in.Budget, ArticleComponents{
		SystemPrompt: in.SystemPrompt, ConversationHistory: HistoryText(in.History),
		ToolResults: toolResultsText(in.ToolResults, make([]json.RawMessage, 1)), UserQuery: in.UserQuery,
	}, in.Tokenizer)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Messages, want) {
		t.Fatalf("messages\n got %q\nwant %q", a.Messages, want)
	}
	if a.Messages[1].Content != "user: hello there" || a.Messages[2].Content != "Tool results:\norder ORD-1 shipped" {
		t.Errorf("the zero allocations did not keep their components whole: %q", a.Messages)
	}
	if h, _ := a.Component(ComponentHistory); !strings.Contains(h.Note, "kept whole") || h.Truncated {
		t.Errorf("history report %+v", h)
	}
}

// By default an allocation of 0 empties its component, and says what
// the article's Python would have kept.
func TestZeroAllocationDropsByDefault(t *testing.T) {
	a, err := Assemble(zeroAllocationInput(t))
	if err != nil {
		t.Fatal(err)
	}
	if a.Messages[1].Content != "" || a.Messages[2].Content != "Tool results:\n" {
		t.Errorf("messages %q", a.Messages)
	}
	if h, _ := a.Component(ComponentHistory); !strings.Contains(h.Note, "allocation 0: dropped") {
		t.Errorf("history note %q", h.Note)
	}
}
