package fix

import (
	"fmt"

	"ctxlab/core"
	"ctxlab/core/window"
)

// Fix is one remedy for what the findings report, expressed only as knob
// changes: so the workbench can preview, apply and undo it, an export
// writes it as settings, and the CLI prints it as flags, all through the
// knob table.
type Fix struct {
	// Kind says which remedy this is (FitAllocations, ...), stable for
	// scripts and tests.
	Kind string
	// Description says what the fix does and what it costs, in plain
	// words with numbers.
	Description string
	Changes     []KnobChange
	// Flags are the command-line flags that apply the fix, in the order
	// of Changes: pasted into the same command, they give Preview.
	Flags   []string
	Preview core.Preview
}

// Kinds of fix, in no particular order (Suggest ranks them by effect).
const (
	// FitAllocations assembles within allocations that fit the window.
	FitAllocations = "fit-allocations"
	// Reserve lowers the reply reserve to what the window leaves.
	Reserve = "reserve"
	// ModelWindow measures the request against its model's own
	// window, where a smaller one was set.
	ModelWindow = "model-window"
	// ShrinkLargest lowers the allocation of the component that takes
	// the most, by what the request is over.
	ShrinkLargest = "shrink-largest"
	// RaiseCut gives a cut component what it needs, when there is room.
	RaiseCut = "raise-cut-component"
	// NextStrongDocument gives the retrieved context enough to include
	// the strongest document it dropped.
	NextStrongDocument = "next-strong-document"
	// BudgetBeforeReorder runs the budget before the reorder, so it
	// walks the documents strongest first and lost-in-the-middle still
	// places what it kept at both ends.
	BudgetBeforeReorder = "budget-before-reorder"
	// DedupPair lowers the dedup threshold to two similar documents'
	// similarity, so the weaker is removed as a near duplicate of the
	// stronger instead of sent beside it or in its place.
	DedupPair = "dedup-pair"
	// DedupURL deduplicates by canonical URL, so one source sent
	// twice under two addresses is sent once.
	DedupURL = "dedup-url"
	// DropItem replaces the largest tool result by a one-line note.
	DropItem = "drop-item"
	// TruncateItem cuts the largest tool result or message by what
	// the request is over.
	TruncateItem = "truncate-item"
)

// KnobChange sets one knob, named by its workbench id, to a value.
type KnobChange struct {
	KnobID string
	Value  core.KnobValue
}

// ApplyChanges returns s with the changes made through the knob table,
// each checked as any surface checks it.
func ApplyChanges(s core.Settings, changes []KnobChange) (core.Settings, error) {
	for _, c := range changes {
		k := core.KnobByID(c.KnobID)
		if k == nil {
			return s, fmt.Errorf("no setting %q", c.KnobID)
		}
		if err := k.Check(c.Value); err != nil {
			return s, err
		}
		if err := k.Set(&s, c.Value, core.KnobContext{}); err != nil {
			return s, fmt.Errorf("%s: %w", k.Flag, err)
		}
	}
	return s, nil
}

// ChangeFlags spells changes as command-line flags: ["--reserve", "500"],
// a switch turned on as itself ("--budget-before-reorder") and one turned
// off as one argument ("--lost-in-middle=false"), the only form Go's flag
// package reads for a false boolean.
func ChangeFlags(changes []KnobChange) []string {
	var flags []string
	for _, c := range changes {
		k := core.KnobByID(c.KnobID)
		if k == nil {
			continue
		}
		if k.Kind == core.KnobList {
			// A repeatable flag, once per item; given, it replaces the
			// input's list, so every item is spelt.
			for _, item := range c.Value.List {
				flags = append(flags, "--"+k.Flag, item)
			}
			continue
		}
		if k.Kind == core.KnobBool {
			flag := "--" + k.Flag
			if !c.Value.Bool {
				flag += "=false"
			}
			flags = append(flags, flag)
			continue
		}
		flags = append(flags, "--"+k.Flag, k.FormatValue(c.Value))
	}
	return flags
}

// allocationKnobs maps the components with an allocation to their knobs.
var allocationKnobs = map[string]string{
	window.ComponentSystem:      "system",
	window.ComponentTools:       "tools",
	window.ComponentHistory:     "history",
	window.ComponentRAG:         "rag",
	window.ComponentToolResults: "tool-results",
	window.ComponentQuery:       "query-budget",
}

// allocationOf reads a component's allocation from a budget.
func allocationOf(b window.ContextBudget, component string) int {
	s := core.Settings{Budget: b}
	return core.KnobByID(allocationKnobs[component]).Get(s).Int
}

func intChange(id string, n int) KnobChange {
	return KnobChange{KnobID: id, Value: core.KnobValue{Int: n}}
}

func modeChange(m window.Mode) KnobChange {
	return KnobChange{KnobID: "assembly", Value: core.KnobValue{Text: string(m)}}
}
