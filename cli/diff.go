package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"ctxlab/core"
	"ctxlab/core/tokens"
	"ctxlab/internal/safetext"
	"ctxlab/loaders/scenario"
	"ctxlab/sample"
)

const diffUsage = `
ctxlab diff compares two ways of assembling a request and prints what
changed from the first (the baseline) to the second: the documents whose
fate changed (in, out, cut, moved) first, then the tokens of every
component and of the request, the utilization, the findings that
appeared or went away, and the request's text as a unified diff (lines
only in the baseline marked -, only in the second +). It is the
workbench's Compare view (p pins a baseline, v opens it) as a report.

Usage:
  ctxlab diff A.yaml B.yaml                 two scenario files
  ctxlab diff --scenario FILE A.yaml B.yaml one input, two settings files
  ctxlab diff [--scenario FILE | --docs FILE] --set NAME=VALUE [--set NAME=VALUE ...]
                                            the input as it is (the bundled
                                            sample without one), and changed
  ctxlab diff --docs FILE|DIR|- [--doc-format F] [--per-paragraph] [--history FILE] A.yaml B.yaml
              [--budget-file FILE] [--prices FILE] [--format text|json|markdown] [--full] [--allow-outside]

  A settings file holds a scenario file's settings and no input: any of
  preset, model, tokenizer, window, budget, query, pipeline, memory,
  rerank, mode and layout. Each is applied to the input's own settings,
  so a key a file leaves out keeps the input's value.

  --set NAME=VALUE changes one setting by its flag's name (dedup-threshold,
  rag-budget, top-k, ...: the flags of ctxlab assemble), the value read and
  checked as the flag's. With --set the input (--scenario, --docs or, with
  neither, the bundled sample) as it is is the baseline, and the same
  input with every --set applied is compared with it.

Exit status: 0 whether or not the two differ or fit, 1 on bad input or
usage.
`

type diffFlags struct {
	scenario   string
	docs       docsFlags
	budgetFile string
	format     string
	full       bool
	prices     pricesFlag
	// allowOutside lets scenario files' paths leave their folders.
	allowOutside bool
	// sets are the --set NAME=VALUE given, compared with the input as
	// it is.
	sets stringList
}

// diffCosts are both requests at their models' list prices.
type diffCosts struct {
	before, after core.RequestCost
	prices        tokens.PriceTable
}

// diffSide is one of the two requests compared.
type diffSide struct {
	// label names it in the report: the file it came from.
	label string
	eval  *core.Evaluation
	// scenario is the input evaluated; both sides share one unless two
	// scenario files are compared.
	scenario *core.Scenario
}

func runDiff(env Env, args []string) error {
	var f diffFlags
	fs := newFlagSet(env, "diff", diffUsage)
	fs.StringVar(&f.scenario, "scenario", "", "the input both settings files apply to (a scenario file)")
	f.docs.register(fs)
	fs.StringVar(&f.budgetFile, "budget-file", "", "YAML budget file with presets of your own")
	fs.StringVar(&f.format, "format", "text", "output: text, json or markdown (a summary for a CI job or pull request)")
	fs.BoolVar(&f.allowOutside, "allow-outside", false, allowOutsideHelp)
	f.prices.register(fs)
	fs.Var(&f.sets, "set", "NAME=VALUE: compare the input with this setting changed, by its flag's name (repeatable)")
	fs.BoolVar(&f.full, "full", false, "text: print the request's whole text with its changes marked, not only the changed lines and a few around them")
	files, err := parseWithPositionals(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormatMarkdown(f.format); err != nil {
		return err
	}
	if err := checkInputs(fs, &f.docs, f.scenario, ""); err != nil {
		return err
	}
	var baseline, current diffSide
	var input string
	if len(f.sets) > 0 {
		if len(files) > 0 {
			return fmt.Errorf("diff: --set compares the input as it is with the input changed; give it no settings or scenario files (got %s)", quoted(files[0]))
		}
		sets, err := parseKnobSets(f.sets)
		if err != nil {
			return fmt.Errorf("diff: %w", err)
		}
		if baseline, current, input, err = loadDiffSets(env, &f, sets); err != nil {
			return err
		}
	} else {
		if len(files) != 2 {
			return fmt.Errorf("diff: expected two files, the baseline and the one to compare with it, or --set NAME=VALUE; got %d (run ctxlab diff --help)", len(files))
		}
		if baseline, current, input, err = loadDiffSides(env, &f, files[0], files[1]); err != nil {
			return err
		}
	}
	prices, err := f.prices.load()
	if err != nil {
		return err
	}
	c := core.Compare(baseline.eval, current.eval)
	costs := diffCosts{before: core.CostOf(baseline.eval, prices), after: core.CostOf(current.eval, prices), prices: prices}
	if f.format == "json" {
		return writeJSON(env.Stdout, diffJSONOf(baseline, current, input, c, costs))
	}
	if f.format == "markdown" {
		return writeMarkdown(env.Stdout, diffReportModel(baseline, current, input, c, costs))
	}
	return writeDiffReport(env.Stdout, baseline, current, input, c, costs, f.full)
}

// loadDiffSides evaluates both sides; input describes what they share
// ("" for two scenario files, which each carry their own).
func loadDiffSides(env Env, f *diffFlags, a, b string) (baseline, current diffSide, input string, err error) {
	presets, err := presetSet(f.budgetFile)
	if err != nil {
		return baseline, current, "", err
	}
	var scA, scB *core.Scenario
	settingsA, settingsB := core.Settings{}, core.Settings{}
	switch {
	case f.scenario == "" && f.docs.path == "":
		if scA, err = loadScenario(a, presets, f.allowOutside); err != nil {
			return baseline, current, "", err
		}
		if scB, err = loadScenario(b, presets, f.allowOutside); err != nil {
			return baseline, current, "", err
		}
		settingsA, settingsB = scA.Settings, scB.Settings
	default:
		if f.docs.path != "" {
			scA, _, err = scenarioFromDocs(env, &f.docs)
		} else {
			scA, err = loadScenario(f.scenario, presets, f.allowOutside)
		}
		if err != nil {
			return baseline, current, "", err
		}
		scB, input = scA, scA.Origin
		if settingsA, err = scenario.LoadSettingsFile(a, scA.Settings, presets); err != nil {
			return baseline, current, "", err
		}
		if settingsB, err = scenario.LoadSettingsFile(b, scA.Settings, presets); err != nil {
			return baseline, current, "", err
		}
	}
	baseline = diffSide{label: displayPath(a), scenario: scA}
	current = diffSide{label: displayPath(b), scenario: scB}
	if baseline.eval, err = evaluateForDiff(scA, settingsA); err != nil {
		return baseline, current, "", fmt.Errorf("%s: %w", a, err)
	}
	if current.eval, err = evaluateForDiff(scB, settingsB); err != nil {
		return baseline, current, "", fmt.Errorf("%s: %w", b, err)
	}
	return baseline, current, input, nil
}

// loadDiffSets evaluates the input as it is and with the sets applied.
func loadDiffSets(env Env, f *diffFlags, sets knobSets) (baseline, current diffSide, input string, err error) {
	presets, err := presetSet(f.budgetFile)
	if err != nil {
		return baseline, current, "", err
	}
	var sc *core.Scenario
	switch {
	case f.docs.path != "":
		sc, _, err = scenarioFromDocs(env, &f.docs)
	case f.scenario != "":
		sc, err = loadScenario(f.scenario, presets, f.allowOutside)
	default:
		if sc, err = scenario.LoadFS(sample.FS, sample.DefaultScenario); err != nil {
			err = fmt.Errorf("loading the bundled sample: %w", err)
		}
		input = "bundled sample (" + sample.DefaultScenario + ")"
	}
	if err != nil {
		return baseline, current, "", err
	}
	if input == "" {
		input = sc.Origin
	}
	changed := sc.Settings
	if err := sets.apply(&changed, core.KnobContext{Presets: presets}); err != nil {
		return baseline, current, "", err
	}
	if err := changed.Validate(); err != nil {
		return baseline, current, "", fmt.Errorf("--set %s: %w", safetext.Line(sets.label()), err)
	}
	baseline = diffSide{label: "the input's own settings"}
	current = diffSide{label: sets.label()}
	if baseline.eval, err = evaluateForDiff(sc, sc.Settings); err != nil {
		return baseline, current, "", fmt.Errorf("%s: %w", safetext.Line(input), err)
	}
	if current.eval, err = evaluateForDiff(sc, changed); err != nil {
		return baseline, current, "", fmt.Errorf("--set %s: %w", safetext.Line(sets.label()), err)
	}
	return baseline, current, input, nil
}

func evaluateForDiff(sc *core.Scenario, s core.Settings) (*core.Evaluation, error) {
	// A fixed clock: the metrics' timestamp is not compared, and the
	// report stays the same from one run to the next.
	return core.Evaluate(context.Background(), core.EvalInput{Scenario: sc, Now: time.Unix(0, 0).UTC()}, s)
}

// parseWithPositionals parses flags given before, between or after the
// positional arguments, which it returns in order.
func parseWithPositionals(fs *flagSet, args []string) ([]string, error) {
	var positionals []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, errHelpShown
			}
			return nil, fmt.Errorf("%s%s (run %s --help)", commandPrefix(fs), describeFlagError(fs, err), commandLine(fs))
		}
		if fs.NArg() == 0 {
			return positionals, nil
		}
		positionals = append(positionals, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
