package cli

import (
	"fmt"
	"path/filepath"
	"strings"

	"ctxlab/core"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/docs"
	"ctxlab/loaders/history"
)

// docsFlags open a document set, and a chat history beside it, as a
// scenario with the default settings: the --docs input of assemble and of
// the workbench, so `ctxlab --docs x --history h --query q` and `ctxlab
// assemble --docs x --history h --query q` assemble the same request.
type docsFlags struct {
	path         string
	format       string
	perParagraph bool
	history      string
}

func (d *docsFlags) register(fs *flagSet) {
	fs.StringVar(&d.path, "docs", "", "documents instead of a scenario: a file, a directory of .md/.txt files, or - for stdin")
	fs.StringVar(&d.format, "doc-format", docs.FormatAuto, "--docs: force the document format: "+joinFormats())
	fs.BoolVar(&d.perParagraph, "per-paragraph", false, "--docs directory: one document per paragraph")
	fs.StringVar(&d.history, "history", "", "chat history file to assemble with --docs (a scenario or request carries its own)")
}

// checkInputs allows one input of --docs, --scenario and --request, and
// the --docs options only beside --docs, so no flag is silently ignored.
func checkInputs(fs *flagSet, d *docsFlags, scenario, request string) error {
	var given []string
	for _, in := range []struct{ flag, value string }{{"--docs", d.path}, {"--scenario", scenario}, {"--request", request}} {
		if in.value != "" {
			given = append(given, in.flag)
		}
	}
	if len(given) > 1 {
		return fmt.Errorf("give one input: --docs, --scenario or --request, not %s", strings.Join(given, " and "))
	}
	if d.path != "" {
		return nil
	}
	if d.history != "" {
		return fmt.Errorf("--history goes with --docs; a scenario or request carries its own history")
	}
	for _, name := range []string{"doc-format", "per-paragraph"} {
		if flagWasSet(fs, name) {
			return fmt.Errorf("--%s goes with --docs, which it reads", name)
		}
	}
	return nil
}

// scenarioFromDocs opens the document set (and the history) as a scenario
// with the default settings. The files a directory load skipped are
// among the scenario's notes, for the workbench to show, and returned
// for a command to print.
func scenarioFromDocs(env Env, d *docsFlags) (*core.Scenario, []string, error) {
	if d.path == "-" && d.history == "-" {
		return nil, nil, fmt.Errorf("--docs - and --history - cannot both read stdin")
	}
	for _, in := range []struct{ flag, value string }{{"--docs", d.path}, {"--history", d.history}} {
		if in.value == "-" && env.StdinIsTTY {
			return nil, nil, fmt.Errorf("%s -: stdin is a terminal; pipe the input in or give a file", in.flag)
		}
	}
	set, err := docs.LoadSet(d.path, env.Stdin, docs.Options{Format: d.format, PerParagraph: d.perParagraph})
	if err != nil {
		return nil, nil, err
	}
	docs, format := set.Docs, set.Format
	skipNotes := set.SkipNotes(displayPath(d.path))
	sc := &core.Scenario{
		Name:        filepath.Base(displayPath(d.path)),
		Origin:      displayPath(d.path),
		Description: fmt.Sprintf("%s %s (%s) from %s", numfmt.Thousands(len(docs)), numfmt.Plural(len(docs), "document", "documents"), format, displayPath(d.path)),
		Documents:   docs,
		Settings:    core.DefaultSettings(),
		Notes:       skipNotes,
	}
	if d.history != "" {
		if sc.History, err = history.Load(d.history, env.Stdin); err != nil {
			return nil, nil, err
		}
	}
	return sc, skipNotes, nil
}

// printSkipNotes tells on stderr which files a directory load skipped.
func printSkipNotes(env Env, notes []string) {
	for _, n := range notes {
		fmt.Fprintln(env.Stderr, "ctxlab: note: "+safetext.Line(n))
	}
}
