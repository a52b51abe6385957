package tui

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"

	"ctxlab/themes"
	"ctxlab/tui/draw"
)

// helpSection is one titled block of the help screen: the bindings of one
// pane or input.
type helpSection struct {
	title    string
	bindings []key.Binding
}

// helpColumnWidth is the narrowest a help column gets (two fit in the
// 76 cells of an 80-column pane); the columns share any width left over,
// so they are about 38 cells wide. helpColumnGap separates them.
const (
	helpColumnWidth = 36
	helpColumnGap   = 2
)

// helpSections groups every binding by where it works, for the ? screen.
func (m Model) helpSections() []helpSection {
	sections := []helpSection{
		// First, so a newcomer finds on the first screen what the views
		// are and how to open them.
		{"Views", viewBindings()},
		{"Global", withoutBinding(flattenBindings(m.global.FullHelp()), m.global.Views)},
		// Second, so the fixes are on the first screen of the help, not
		// below the fold of its last column.
		{"Fixes (measured by assembling again)", flattenBindings(m.fixes.Keys().FullHelp())},
		{"Document list", flattenBindings(m.list.Keys().FullHelp())},
		{"Text panes (inspector, views 2–5)", flattenBindings(m.views.keys.FullHelp())},
		{"What takes the space (view 6)", flattenBindings(m.space.Keys().FullHelp())},
		{"Diagnosis view (d)", flattenBindings(m.diagnosis.Keys().FullHelp())},
		// Next and Inc have no help of their own: listed after Prev and
		// Dec, their keys join the "↑/↓" and "←/→" lines.
		{"Controls", flattenBindings(m.controls.Keys().FullHelp())},
		{"Text inputs (filter, values)", flattenBindings(m.filter.Keys().FullHelp())},
	}
	if m.cfg.Trajectory != nil {
		sections = append(sections, helpSection{"Timeline (7): an agent's trajectory", flattenBindings(m.timeline.Keys().FullHelp())})
	}
	if m.cfg.Eval != nil {
		sections = append(sections, helpSection{"Eval view (a): every query of the run", flattenBindings(m.evalView.Keys().FullHelp())})
	}
	return sections
}

// viewHelp says what each numbered view shows, in the order of its key;
// each fits a help column beside its key.
var viewHelp = []string{
	"Documents: each one's fate",
	"Ordering: rank against place",
	"Context: the text as sent",
	"Memory: history kept or dropped",
	"Metrics: ContextMetrics per part",
	"Space: what takes the space",
	"Timeline: a trajectory by turn",
}

// viewBindings are the numbered views, a line each: key, name and what
// it shows.
func viewBindings() []key.Binding {
	out := make([]key.Binding, len(viewHelp))
	for i, help := range viewHelp {
		k := viewKeys[i]
		out[i] = key.NewBinding(key.WithKeys(k), key.WithHelp(k, help))
	}
	return out
}

// withoutBinding is bindings less the one whose help is drop's.
func withoutBinding(bindings []key.Binding, drop key.Binding) []key.Binding {
	out := make([]key.Binding, 0, len(bindings))
	for _, b := range bindings {
		if b.Help() != drop.Help() {
			out = append(out, b)
		}
	}
	return out
}

func flattenBindings(groups [][]key.Binding) []key.Binding {
	var out []key.Binding
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// helpContent lays the sections out in as many columns as fit the width
// (about 38 cells each), keeping each section whole and in
// order and balancing the columns' heights. Nothing is cut: a description
// too long for its column wraps under itself, and a binding's other keys
// (ctrl+c besides q) are listed after its description. Every section has
// a title ruled across its column, so the layout reads without colour.
// The result can be taller than the screen; show it in a scrolling pane.
func helpContent(st *themes.Styles, sections []helpSection, width int) string {
	width = max(1, width)
	cols := max(1, (width+helpColumnGap)/(helpColumnWidth+helpColumnGap))
	colW := (width - helpColumnGap*(cols-1)) / cols
	var blocks [][]string
	for _, s := range sections {
		if block := helpBlock(st, s, colW); len(block) > 0 {
			blocks = append(blocks, block)
		}
	}
	columns := balanceHelp(blocks, cols)
	height := 0
	for _, c := range columns {
		height = max(height, len(c))
	}
	var b strings.Builder
	for row := 0; row < height; row++ {
		var line strings.Builder
		for c, col := range columns {
			cell := ""
			if row < len(col) {
				cell = col[row]
			}
			if c < len(columns)-1 {
				cell = draw.PadRight(cell, colW) + strings.Repeat(" ", helpColumnGap)
			}
			line.WriteString(cell)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// helpBlock renders one section in a column width: its title and rule,
// then a "key  description" line per binding, descriptions wrapped.
func helpBlock(st *themes.Styles, s helpSection, width int) []string {
	type entry struct {
		key, desc string
		also      []string
	}
	var entries []entry
	for _, kb := range s.bindings {
		if !kb.Enabled() {
			continue
		}
		h := kb.Help()
		if h.Key == "" && h.Desc == "" {
			// A binding without help (the second half of "↑/↓") belongs
			// to the one before it: its other keys pair with that one's
			// ("k/j", "shift+←/→") when there are as many.
			if len(entries) > 0 {
				last := &entries[len(entries)-1]
				last.also = pairKeys(last.also, otherKeys(kb, last.key))
			}
			continue
		}
		entries = append(entries, entry{key: h.Key, desc: h.Desc, also: otherKeys(kb, h.Key)})
	}
	for i := range entries {
		entries[i].desc = addAlso(entries[i].desc, entries[i].also)
	}
	if len(entries) == 0 {
		return nil
	}
	var lines []string
	for k, l := range draw.HangingWrap(s.title, width, 2) {
		if k > 0 {
			l = "  " + l
		}
		lines = append(lines, st.Bold.Render(l))
	}
	if last := ansi.StringWidth(lines[len(lines)-1]); last+2 <= width {
		lines[len(lines)-1] += " " + st.HelpSep.Render(strings.Repeat("─", width-last-1))
	}
	keyW := 0
	for _, e := range entries {
		keyW = max(keyW, ansi.StringWidth(e.key))
	}
	keyW = min(keyW, max(1, width/3))
	for _, e := range entries {
		descCol := 1 + keyW + 2
		keyText := " " + st.HelpKey.Render(e.key)
		if ansi.StringWidth(e.key) > keyW {
			// A long key gets a line of its own, never cut.
			for _, kl := range draw.HangingWrap(e.key, width-1, 0) {
				lines = append(lines, " "+st.HelpKey.Render(kl))
			}
			keyText = ""
		}
		pad := strings.Repeat(" ", descCol)
		for k, dl := range draw.HangingWrap(e.desc, max(1, width-descCol), 0) {
			switch {
			case k == 0 && keyText != "":
				lines = append(lines, keyText+strings.Repeat(" ", descCol-1-ansi.StringWidth(e.key))+st.HelpDesc.Render(dl))
			default:
				lines = append(lines, pad+st.HelpDesc.Render(dl))
			}
		}
	}
	return lines
}

// keyNames are the key names as the help writes them.
var keyNames = map[string]string{
	"up": "↑", "down": "↓", "left": "←", "right": "→", "pgdown": "pgdn", " ": "space",
	"shift+left": "shift+←", "shift+right": "shift+→",
}

var keyRange = regexp.MustCompile(`^(\S)-(\S)$`)

// otherKeys lists the keys of a binding its help key does not show: "q"
// is shown for quit, ctrl+c is not.
func otherKeys(kb key.Binding, shown string) []string {
	tokens := map[string]bool{shown: true}
	for _, t := range strings.FieldsFunc(shown, func(r rune) bool { return r == '/' || r == ' ' || r == ',' }) {
		tokens[t] = true
		if m := keyRange.FindStringSubmatch(t); m != nil {
			for c := m[1][0]; c <= m[2][0]; c++ {
				tokens[string(c)] = true
			}
		}
	}
	var out []string
	for _, k := range kb.Keys() {
		name := k
		if n, ok := keyNames[k]; ok {
			name = n
		}
		if !tokens[name] && !tokens[k] {
			out = append(out, name)
		}
	}
	return out
}

// pairKeys joins the other keys of a pair of bindings in order: k and j
// make "k/j", shift+← and shift+→ "shift+←/→"; keys without a partner
// follow alone.
func pairKeys(first, second []string) []string {
	n := min(len(first), len(second))
	out := make([]string, n, len(first)+len(second)-n)
	for i := range n {
		a, b := first[i], second[i]
		prefix := ""
		if pa, ok := strings.CutPrefix(a, "shift+"); ok {
			if pb, ok := strings.CutPrefix(b, "shift+"); ok {
				prefix, a, b = "shift+", pa, pb
			}
		}
		out[i] = prefix + a + "/" + b
	}
	out = append(out, first[n:]...)
	return append(out, second[n:]...)
}

func addAlso(desc string, keys []string) string {
	if len(keys) == 0 {
		return desc
	}
	if strings.Contains(desc, " (also ") && strings.HasSuffix(desc, ")") {
		return strings.TrimSuffix(desc, ")") + ", " + strings.Join(keys, ", ") + ")"
	}
	return desc + " (also " + strings.Join(keys, ", ") + ")"
}

// balanceHelp splits the blocks, in order, into at most cols columns so
// that the tallest column is as short as possible; blocks in a column are
// separated by a blank line.
func balanceHelp(blocks [][]string, cols int) [][]string {
	if len(blocks) == 0 {
		return nil
	}
	total, tallest := 0, 0
	for _, bl := range blocks {
		total += len(bl) + 1
		tallest = max(tallest, len(bl))
	}
	for target := max(tallest, (total+cols-1)/cols-1); ; target++ {
		var columns [][]string
		var cur []string
		for _, bl := range blocks {
			need := len(bl)
			if len(cur) > 0 {
				need++
			}
			if len(cur) > 0 && len(cur)+need > target {
				columns = append(columns, cur)
				cur = nil
			}
			if len(cur) > 0 {
				cur = append(cur, "")
			}
			cur = append(cur, bl...)
		}
		columns = append(columns, cur)
		if len(columns) <= cols {
			return columns
		}
	}
}
