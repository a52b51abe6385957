package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"ctxlab/core/window"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders"
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
	set, custom, err := presetSet(f.budgetFile)
	if err != nil {
		return err
	}
	rows := presetRows(set, custom, f.budgetFile)
	if f.format == "json" {
		return writeJSON(env.Stdout, rows)
	}
	return writePresetsTable(env.Stdout, rows, f.budgetFile)
}

// presetSet returns the built-in presets merged with a budget file's, and
// the names the file defines. An empty path gives the built-ins alone.
func presetSet(budgetFile string) (window.PresetSet, map[string]bool, error) {
	builtin := window.BuiltinPresets()
	if budgetFile == "" {
		return builtin, nil, nil
	}
	loaded, err := loaders.LoadBudgetFile(budgetFile)
	if err != nil {
		return nil, nil, budgetFileError(budgetFile, err)
	}
	custom := make(map[string]bool, len(loaded))
	for name := range loaded {
		custom[name] = true
	}
	return window.MergePresets(builtin, loaded), custom, nil
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
	set, err := loaders.LoadBudgetFile(path)
	if err == nil {
		err = set.Validate()
	}
	if err != nil {
		return budgetFileError(path, err)
	}
	if format == "json" {
		return writeJSON(env.Stdout, struct {
			File    string   `json:"file"`
			Valid   bool     `json:"valid"`
			Presets []string `json:"presets"`
		}{path, true, set.Names()})
	}
	_, err = fmt.Fprintf(env.Stdout, "%s: %s %s valid\n", safetext.Line(path), numfmt.Thousands(len(set)), numfmt.Plural(len(set), "preset", "presets"))
	return err
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

func presetRows(set window.PresetSet, custom map[string]bool, budgetFile string) []presetRow {
	names := set.Names()
	rows := make([]presetRow, 0, len(names))
	for _, name := range names {
		b := set[name]
		source := "builtin"
		if custom[name] {
			source = budgetFile
		}
		rows = append(rows, presetRow{Name: name, Source: source, ContextBudget: b,
			Allocated: b.Allocated(), MaxInput: b.MaxInput(), Slack: b.Slack()})
	}
	return rows
}

func writePresetsTable(out io.Writer, rows []presetRow, budgetFile string) error {
	w := bufio.NewWriter(out)
	// The components are headed as the workbench's budget bars name them
	// (core/window's table), the one abbreviation explained under it.
	short := window.ComponentShort
	header := []string{"preset", "window", short(window.ComponentSystem), short(window.ComponentTools),
		short(window.ComponentHistory), short(window.ComponentRAG), window.ComponentWords(window.ComponentToolResults),
		short(window.ComponentQuery), short(window.ComponentReserve), "allocated", "max input", "slack"}
	table := [][]string{header}
	var overridden []string
	for _, r := range rows {
		name := safetext.Line(r.Name)
		if r.Source != "builtin" {
			name += " *"
			overridden = append(overridden, safetext.Line(r.Name))
		}
		b := r.ContextBudget
		table = append(table, []string{name,
			numfmt.Thousands(b.TotalWindow), numfmt.Thousands(b.SystemPrompt), numfmt.Thousands(b.ToolDefinitions),
			numfmt.Thousands(b.ConversationHistory), numfmt.Thousands(b.RetrievedContext), numfmt.Thousands(b.ToolResults),
			numfmt.Thousands(b.UserQuery), numfmt.Thousands(b.ResponseReserve),
			numfmt.Thousands(r.Allocated), numfmt.Thousands(r.MaxInput), numfmt.Thousands(r.Slack)})
	}
	writeTable(w, table, "l")
	fmt.Fprintf(w, "\n%s is the %s; max input is the window less the %s; slack, what max input leaves unallocated.\n",
		short(window.ComponentRAG), window.ComponentWords(window.ComponentRAG), window.ComponentWords(window.ComponentReserve))
	if len(overridden) > 0 {
		fmt.Fprintf(w, "\n* from %s: %s\n", safetext.Line(budgetFile), strings.Join(overridden, ", "))
	}
	for _, r := range rows {
		if err := r.ContextBudget.Validate(); err != nil {
			fmt.Fprintf(w, "▲ %s: %s\n", safetext.Line(r.Name), safetext.Line(err.Error()))
		}
	}
	return w.Flush()
}
