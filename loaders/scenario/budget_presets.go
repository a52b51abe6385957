package scenario

import (
	"fmt"
	"hash/maphash"
	"math"

	"ctxlab/core/window"
)

// FilePresets are a budget file's presets, resolved, held compactly: a
// window.PresetSet of 505,051 presets is a map of 80-byte slots that
// took 84 MB, beside 24 MB of names. Here a budget is eight int32s (a
// budget file's figures are whole numbers within int32, loaders.YAMLInt's
// range, and the built-ins' are small), and the names are found through
// a table of indexes, four bytes a slot: 16 MB of budgets, 8 MB of name
// headers and 4 MB of table for the same file.
type FilePresets struct {
	names   []string           // in the order they were added
	budgets []filePresetBudget // budgets[i] is names[i]'s
	slots   []int32            // 1 + an index into names, 0 for none; a power of two long
	seed    maphash.Seed
}

// filePresetBudget is a window.ContextBudget's fields in their order.
type filePresetBudget [8]int32

func newFilePresets(hint int) *FilePresets {
	p := &FilePresets{seed: maphash.MakeSeed(), names: make([]string, 0, hint), budgets: make([]filePresetBudget, 0, hint)}
	p.slots = make([]int32, slotsFor(hint))
	return p
}

// slotsFor is the table's length for n names: at most half full.
func slotsFor(n int) int {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return size
}

// Len is how many presets there are.
func (p *FilePresets) Len() int { return len(p.names) }

// Names are the presets' names in the order they were read (the file's,
// for a file read a run at a time). The slice is the set's own.
func (p *FilePresets) Names() []string { return p.names }

// Get returns the budget of the preset name, if there is one.
func (p *FilePresets) Get(name string) (window.ContextBudget, bool) {
	i := p.find(name)
	if i < 0 {
		return window.ContextBudget{}, false
	}
	return p.budgets[i].budget(), true
}

// find returns name's index, -1 when it has none.
func (p *FilePresets) find(name string) int {
	mask := uint64(len(p.slots) - 1)
	for at := maphash.String(p.seed, name) & mask; ; at = (at + 1) & mask {
		i := p.slots[at] - 1
		if i < 0 {
			return -1
		}
		if p.names[i] == name {
			return int(i)
		}
	}
}

// add adds a preset the set does not hold.
func (p *FilePresets) add(name string, b window.ContextBudget) {
	if 2*(len(p.names)+1) > len(p.slots) {
		p.grow()
	}
	p.names = append(p.names, name)
	p.budgets = append(p.budgets, compactBudget(b))
	p.place(name, int32(len(p.names)))
}

// place puts index (1-based) in name's first free slot.
func (p *FilePresets) place(name string, index int32) {
	mask := uint64(len(p.slots) - 1)
	at := maphash.String(p.seed, name) & mask
	for p.slots[at] != 0 {
		at = (at + 1) & mask
	}
	p.slots[at] = index
}

func (p *FilePresets) grow() {
	p.slots = make([]int32, 2*len(p.slots))
	for i, name := range p.names {
		p.place(name, int32(i+1))
	}
}

// Set is the presets as a window.PresetSet, for the callers that look
// presets up there (a scenario, a request, the workbench's controls).
func (p *FilePresets) Set() window.PresetSet {
	set := make(window.PresetSet, len(p.names))
	for i, name := range p.names {
		set[name] = p.budgets[i].budget()
	}
	return set
}

// filePresetsOf holds set, which ParseBudgetFile made, as FilePresets.
func filePresetsOf(set window.PresetSet) *FilePresets {
	p := newFilePresets(len(set))
	for _, name := range set.Names() {
		p.add(name, set[name])
	}
	return p
}

func compactBudget(b window.ContextBudget) filePresetBudget {
	fields := [8]int{b.TotalWindow, b.SystemPrompt, b.ToolDefinitions, b.ConversationHistory, b.RetrievedContext, b.ToolResults, b.UserQuery, b.ResponseReserve}
	var c filePresetBudget
	for i, v := range fields {
		if v < math.MinInt32 || v > math.MaxInt32 {
			// loaders.YAMLInt refuses such a figure, and no built-in has one.
			panic(fmt.Sprintf("a budget figure %d outside int32", v))
		}
		c[i] = int32(v)
	}
	return c
}

func (c filePresetBudget) budget() window.ContextBudget {
	return window.ContextBudget{TotalWindow: int(c[0]), SystemPrompt: int(c[1]), ToolDefinitions: int(c[2]), ConversationHistory: int(c[3]),
		RetrievedContext: int(c[4]), ToolResults: int(c[5]), UserQuery: int(c[6]), ResponseReserve: int(c[7])}
}
