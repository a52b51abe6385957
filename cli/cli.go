package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"ctxlab/internal/nearname"
	"ctxlab/internal/safetext"
	"ctxlab/loaders"
)

// Version is ctxlab's release version.
const Version = "0.1.0"

// Exit codes. A check that fails (the context does not fit) is told apart
// from a usage or input error so CI can act on it.
const (
	ExitOK       = 0
	ExitError    = 1 // bad input, bad usage
	ExitOverflow = 3 // the assembled context exceeds its budget
)

// Env is what a command may touch: its streams, whether stdout is a
// terminal, and the environment. Tests pass their own.
type Env struct {
	Stdin       io.Reader
	Stdout      io.Writer
	Stderr      io.Writer
	StdinIsTTY  bool
	StdoutIsTTY bool
	// StderrIsTTY says progress bars may be drawn on Stderr.
	StderrIsTTY   bool
	Getenv        func(string) string
	WorkingFolder string
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(env Env, args []string) error
}

func commands() []command {
	return []command{
		{"build", "run the ContextManager pipeline on documents, headless", runBuild},
		{"sweep", "run the pipeline once per value of one knob: kept, removed, sent, tokens, score", runSweep},
		{"assemble", "assemble a request within a token budget; exit 3 if it overflows", runAssemble},
		{"eval", "run the pipeline over every query of a retrieval run; context recall with judgments", runEval},
		{"report", "write what assemble, build and eval find as one self-contained HTML file to share", runReport},
		{"diff", "compare two settings or scenarios, or one with --set NAME=VALUE: documents in, out, cut, moved", runDiff},
		{"presets", "list the token budget presets, or validate a budget file", runPresets},
		{"tokens", "count tokens under every tokenizer side by side", runTokens},
		{"prices", "list the model prices costs are computed with, with their date and source", runPrices},
		{"longdoc", "plan a long document's hierarchical or map-reduce calls; --run makes them", runLongdoc},
		{"monitor", "report on a metrics log written by assemble --metrics-out", runMonitor},
		{"replay", "replay an agent's trajectory under trim policies: overflow, prompt cache, cost", runReplay},
		{"traces", "list the traces of an OTLP JSON file: LLM spans, tokens counted and billed", runTraces},
		{"version", "print the version", runVersion},
	}
}

// Main runs ctxlab with args (without the program name) and returns the
// exit code. Without a command it opens the workbench.
func Main(env Env, args []string) int {
	// --max-input-size and --max-yaml-size set the loaders' limits, which
	// are the process's, for this run only: what is in force now comes
	// back when the run ends. A run that sets one runs alone, so runs in
	// one process (the tests') never read each other's limits.
	if setsLimits(args) {
		limitsMu.Lock()
		defer limitsMu.Unlock()
	} else {
		limitsMu.RLock()
		defer limitsMu.RUnlock()
	}
	restore := loaders.SetMaxInputSize(loaders.MaxInputSize())
	defer restore()
	restoreYAML := loaders.SetMaxYAMLSize(loaders.MaxYAMLSize())
	defer restoreYAML()
	if len(args) > 0 {
		switch args[0] {
		case "-h", "-help", "--help", "help":
			printUsage(env.Stdout)
			return ExitOK
		case "-v", "--version":
			return report(env, runVersion(env, nil))
		}
		for _, c := range commands() {
			if args[0] == c.name {
				return report(env, c.run(env, args[1:]))
			}
		}
		if !strings.HasPrefix(args[0], "-") && !looksLikeFile(args[0]) {
			fmt.Fprintf(env.Stderr, "ctxlab: unknown command %q%s (run ctxlab --help for the list)\n", safetext.Line(args[0]), commandSuggestion(args[0]))
			return ExitError
		}
	}
	return report(env, runWorkbench(env, args))
}

// commandSuggestion returns "; did you mean build?" for a mistyped
// command, or nothing when no command is close.
func commandSuggestion(typed string) string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	near := nearname.Suggest(typed, names)
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + orList(near) + "?"
}

// looksLikeFile tells `ctxlab scenario.yaml` from a mistyped command.
func looksLikeFile(arg string) bool {
	if strings.ContainsAny(arg, "./\\") {
		return true
	}
	_, err := os.Stat(arg)
	return err == nil
}

// report prints err as one line and maps it to an exit code.
func report(env Env, err error) int {
	if err == nil {
		return ExitOK
	}
	var exit *exitError
	if errors.As(err, &exit) {
		// A message may be several lines (an overflow's cause, then the
		// article's own line); each is made inert on its own.
		for _, line := range strings.Split(exit.msg, "\n") {
			if line != "" {
				fmt.Fprintln(env.Stderr, safetext.Line(line))
			}
		}
		return exit.code
	}
	if errors.Is(err, errHelpShown) {
		return ExitOK
	}
	fmt.Fprintln(env.Stderr, "ctxlab: "+safetext.Line(err.Error()))
	return ExitError
}

// exitError ends a command with a specific exit code and message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// errHelpShown ends a command whose --help was printed.
var errHelpShown = errors.New("help shown")

func printUsage(w io.Writer) {
	fmt.Fprintf(w, `ctxlab %s: a workbench for the context window of LLM requests

Usage:
  ctxlab [SCENARIO.yaml | --docs FILE | --request FILE] [options]   open the workbench
  ctxlab COMMAND [options]

Commands:
`, Version)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, `
Workbench options:
  SCENARIO.yaml, --scenario FILE      a scenario file (default: the bundled sample)
  --request FILE [--interaction N]    an OpenAI or Anthropic request body, or a VCR cassette
  --docs FILE|DIR|- [--history FILE]  documents (and a chat history); documents piped on stdin work too
  --query TEXT                        the user's query
  --run FILE [--qrels FILE]           a retrieval run (as ctxlab eval takes it): opens on the Eval view
  --traces FILE [--logs FILE]         a traces file (OTLP, Langfuse, LangSmith): opens the trace picker
  --trajectory FILE [--trace-id ID]   an agent's trajectory, or one trace of a traces file: opens on the Timeline view
  --theme dark|light|high-contrast|mono   colours (default: follows NO_COLOR and the background)
  and every option of ctxlab build and ctxlab assemble, as starting values of the controls.

Run ctxlab COMMAND --help for a command's options.
`)
}

func runVersion(env Env, args []string) error {
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
		fmt.Fprintln(env.Stdout, "Usage: ctxlab version\n\nPrints ctxlab's version.")
		return nil
	}
	if len(args) > 0 {
		return fmt.Errorf("version takes no arguments")
	}
	fmt.Fprintf(env.Stdout, "ctxlab %s\n", Version)
	return nil
}

// limitsMu orders runs that set the loaders' process-wide limits after
// the runs that read them.
var limitsMu sync.RWMutex

// setsLimits reports whether args give --max-input-size or
// --max-yaml-size, in any of the spellings the flag package takes.
func setsLimits(args []string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if a != name && (name == "max-input-size" || name == "max-yaml-size") {
			return true
		}
	}
	return false
}
