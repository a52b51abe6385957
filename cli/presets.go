package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"ctxlab/core/window"
	"ctxlab/internal/jsonout"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders"
	"ctxlab/loaders/scenario"
)

const presetsUsage = `
ctxlab presets lists the token budgets per context component: the article's
presets (support_chat, document_qa, agent_workflow), ctxlab's code_review,
and any preset of a budget file. Max input is the window minus the response
reserve; slack is what the six input allocations leave of it.

Usage:
  ctxlab presets [--budget-file FILE] [--format text|json]
  ctxlab presets --validate FILE

  --validate loads a budget file, checks every preset in it (no negative
  value, a reserve below the window, allocations within the max input) and
  prints "FILE: N presets valid", or the first error and exit status 1.
`

type presetsFlags struct {
	budgetFile string
	validate   string
	format     string
}

func runPresets(env Env, args []string) error {
	var f presetsFlags
	fs := newFlagSet(env, "presets", presetsUsage)
	fs.StringVar(&f.budgetFile, "budget-file", "", "YAML budget file whose presets are listed beside (or replace) the built-in ones")
	fs.StringVar(&f.validate, "validate", "", "validate a budget file and report, instead of listing")
	fs.StringVar(&f.format, "format", "text", "output: text or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkFormat(f.format); err != nil {
		return err
	}
	if f.validate != "" {
		if f.budgetFile != "" {
			return fmt.Errorf("presets: give --validate FILE or --budget-file FILE, not both")
		}
		return validateBudgetFile(env, f.validate, f.format)
	}
	var file *scenario.FilePresets
	if f.budgetFile != "" {
		var err error
		if file, err = scenario.LoadBudgetFilePresets(f.budgetFile); err != nil {
			return budgetFileError(f.budgetFile, err)
		}
	}
	rows := newPresetRows(file, f.budgetFile)
	if f.format == "json" {
		return writePresetRowsJSON(env.Stdout, rows)
	}
	return writePresetsTable(env.Stdout, rows, f.budgetFile)
}

// presetSet returns the built-in presets merged with a budget file's. An
// empty path gives the built-ins alone. The built-ins are added to the
// file's set, not both copied into a third: a file of 505,051 presets
// is a map of 84 MB.
func presetSet(budgetFile string) (window.PresetSet, error) {
	builtin := window.BuiltinPresets()
	if budgetFile == "" {
		return builtin, nil
	}
	loaded, err := scenario.LoadBudgetFile(budgetFile)
	if err != nil {
		return nil, budgetFileError(budgetFile, err)
	}
	for name, b := range builtin {
		if _, mine := loaded[name]; !mine {
			loaded[name] = b
		}
	}
	return loaded, nil
}

// budgetFileError makes sure an error names the file it is about, once.
// A loader's error names it already, made inert, so it cannot be found by
// looking for the raw path in the message.
func budgetFileError(path string, err error) error {
	var named *loaders.Error
	if errors.As(err, &named) || strings.Contains(err.Error(), path) {
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

func validateBudgetFile(env Env, path, format string) error {
	// Every preset was validated as it was loaded.
	file, err := scenario.LoadBudgetFilePresets(path)
	if err != nil {
		return budgetFileError(path, err)
	}
	if format == "json" {
		return writeJSON(env.Stdout, struct {
			File    string   `json:"file"`
			Valid   bool     `json:"valid"`
			Presets []string `json:"presets"`
		}{path, true, presetOrder(file, false)})
	}
	n := file.Len()
	_, err = fmt.Fprintf(env.Stdout, "%s: %s %s valid\n", safetext.Line(path), numfmt.Thousands(n), numfmt.Plural(n, "preset", "presets"))
	return err
}

// presetOrder is the order window.PresetSet.Names gives the built-ins
// merged with file's presets (withBuiltins), or file's alone: the
// built-ins' names first in the article's order, then the others
// alphabetically.
func presetOrder(file *scenario.FilePresets, withBuiltins bool) []string {
	builtin := window.BuiltinPresets()
	var names []string
	for _, name := range window.PresetNames {
		if _, mine := fileGet(file, name); mine || withBuiltins {
			names = append(names, name)
		}
	}
	if file == nil {
		return names
	}
	extra := make([]string, 0, file.Len())
	for _, name := range file.Names() {
		if _, isBuiltin := builtin[name]; !isBuiltin {
			extra = append(extra, name)
		}
	}
	sort.Strings(extra)
	return append(names, extra...)
}

func fileGet(file *scenario.FilePresets, name string) (window.ContextBudget, bool) {
	if file == nil {
		return window.ContextBudget{}, false
	}
	return file.Get(name)
}

// presetRow is one line of the presets table and one object of its JSON.
type presetRow struct {
	Name string `json:"name"`
	// Source is "builtin" or the budget file that defines the preset.
	Source string `json:"source"`
	window.ContextBudget
	Allocated int `json:"allocated"`
	MaxInput  int `json:"max_input"`
	Slack     int `json:"slack"`
}

// presetRows are the listing's rows, each made when it is written: a
// listing of 505,051 presets held as rows, then as one JSON text, took
// hundreds of megabytes.
type presetRows struct {
	names      []string
	file       *scenario.FilePresets
	builtin    window.PresetSet
	budgetFile string
}

func newPresetRows(file *scenario.FilePresets, budgetFile string) presetRows {
	return presetRows{names: presetOrder(file, true), file: file, builtin: window.BuiltinPresets(), budgetFile: budgetFile}
}

func (r presetRows) len() int { return len(r.names) }

func (r presetRows) row(i int) presetRow {
	name := r.names[i]
	b, mine := fileGet(r.file, name)
	source := r.budgetFile
	if !mine {
		b, source = r.builtin[name], "builtin"
	}
	return presetRow{Name: name, Source: source, ContextBudget: b, Allocated: b.Allocated(), MaxInput: b.MaxInput(), Slack: b.Slack()}
}

// writePresetRowsJSON writes the rows as writeJSON writes a list of
// them, the same bytes, a row at a time, each encoded straight into the
// indenting writer.
func writePresetRowsJSON(out io.Writer, rows presetRows) error {
	w := jsonout.NewWriter(out, 0)
	enc := json.NewEncoder(encodedValue{w})
	w.Write([]byte("["))
	for i := range rows.len() {
		if i > 0 {
			w.Write([]byte(","))
		}
		if err := enc.Encode(rows.row(i)); err != nil {
			return err
		}
	}
	w.Write([]byte("]\n"))
	return w.Flush()
}

// encodedValue passes on what a json.Encoder writes without the line
// break Encode ends each value with: Encode writes a value and its line
// break in one Write, and compact JSON has no other raw line break.
type encodedValue struct{ w io.Writer }

func (e encodedValue) Write(p []byte) (int, error) {
	_, err := e.w.Write(bytes.TrimSuffix(p, []byte{'\n'}))
	return len(p), err
}

func writePresetsTable(out io.Writer, rows presetRows, budgetFile string) error {
	w := bufio.NewWriter(out)
	// The components are headed as the workbench's budget bars name them
	// (core/window's table), the one abbreviation explained under it.
	short := window.ComponentShort
	header := []string{"preset", "window", short(window.ComponentSystem), short(window.ComponentTools),
		short(window.ComponentHistory), short(window.ComponentRAG), window.ComponentWords(window.ComponentToolResults),
		short(window.ComponentQuery), short(window.ComponentReserve), "allocated", "max input", "slack"}
	cells := func(i int) []string {
		if i == 0 {
			return header
		}
		r := rows.row(i - 1)
		name := safetext.Line(r.Name)
		if r.Source != "builtin" {
			name += " *"
		}
		b := r.ContextBudget
		return []string{name,
			numfmt.Thousands(b.TotalWindow), numfmt.Thousands(b.SystemPrompt), numfmt.Thousands(b.ToolDefinitions),
			numfmt.Thousands(b.ConversationHistory), numfmt.Thousands(b.RetrievedContext), numfmt.Thousands(b.ToolResults),
			numfmt.Thousands(b.UserQuery), numfmt.Thousands(b.ResponseReserve),
			numfmt.Thousands(r.Allocated), numfmt.Thousands(r.MaxInput), numfmt.Thousands(r.Slack)}
	}
	writeTableRows(w, 1+rows.len(), cells, "l", nil)
	fmt.Fprintf(w, "\n%s is the %s; max input is the window less the %s; slack, what max input leaves unallocated.\n",
		short(window.ComponentRAG), window.ComponentWords(window.ComponentRAG), window.ComponentWords(window.ComponentReserve))
	overridden := 0
	for i := range rows.len() {
		r := rows.row(i)
		if r.Source == "builtin" {
			continue
		}
		if overridden == 0 {
			fmt.Fprintf(w, "\n* from %s: ", safetext.Line(budgetFile))
		} else {
			w.WriteString(", ")
		}
		w.WriteString(safetext.Line(r.Name))
		overridden++
	}
	if overridden > 0 {
		w.WriteString("\n")
	}
	for i := range rows.len() {
		r := rows.row(i)
		if err := r.ContextBudget.Validate(); err != nil {
			fmt.Fprintf(w, "▲ %s: %s\n", safetext.Line(r.Name), safetext.Line(err.Error()))
		}
	}
	return w.Flush()
}
