package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"ctxlab/core"
	"ctxlab/internal/inputwatch"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
)

// watchHelp describes --watch alike in assemble, build and eval.
const watchHelp = "run again each time an input file changes (saved, replaced, or a document added to a --docs folder or the scenario's), marking what changed; ctrl-c ends"

// watchChangedLines is how many changed lines of the report are shown
// after a run; the count says how many more changed.
const watchChangedLines = 12

// withoutWatch is args without --watch, for the runs it makes.
func withoutWatch(args []string) []string {
	var out []string
	for _, a := range args {
		switch a {
		case "--watch", "-watch", "--watch=true", "-watch=true":
			continue
		}
		out = append(out, a)
	}
	return out
}

// watching runs a command, then again each time one of its inputs
// changes, until an interrupt. Each run's report follows a line naming
// what changed, and ends with the lines that differ from the last run's.
// A run that fails (a file saved half-written) prints its error and the
// watch goes on; the next good save reports again.
func watching(env Env, command string, args []string, run func(Env, []string) error, paths inputwatch.Paths) error {
	if slices.Contains(args, "-") || slices.ContainsFunc(args, func(a string) bool { return strings.HasSuffix(a, "=-") }) {
		return fmt.Errorf("%s --watch: stdin is read once; name the input files to watch", command)
	}
	w, err := inputwatch.New(paths, inputwatch.StatOf(env.Stdout))
	if err != nil {
		return fmt.Errorf("--watch: %w", err)
	}
	defer w.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	args = withoutWatch(args)
	var last []string
	runOnce := func(changed []string) bool {
		if changed != nil {
			fmt.Fprintf(env.Stdout, "\n── %s · changed: %s ──\n\n", time.Now().Format("15:04:05"), safetext.Line(strings.Join(changed, ", ")))
		}
		var out bytes.Buffer
		runEnv := env
		runEnv.Stdout = &out
		code := report(runEnv, run(runEnv, args))
		env.Stdout.Write(out.Bytes())
		lines := strings.Split(out.String(), "\n")
		if code != ExitOK && code != ExitOverflow {
			return false
		}
		if changed != nil && last != nil {
			writeWatchChanges(env, last, lines)
		}
		last = lines
		return true
	}
	// The first run must succeed: a mistyped option or a missing file is
	// an error to fix before watching, not a change to wait for.
	if !runOnce(nil) {
		return &exitError{code: ExitError}
	}
	fmt.Fprintf(env.Stderr, "ctxlab: watching %s; the report is written again when one changes (ctrl-c ends)\n", w.Describe())
	w.Run(ctx, func(paths []string) {
		changed := make([]string, len(paths))
		for i, p := range paths {
			changed[i] = relativePath(p)
		}
		if !runOnce(changed) {
			fmt.Fprintf(env.Stderr, "ctxlab: %s --watch: the inputs do not load; fix them and save, the report follows\n", command)
		}
	}, func(err error) {
		fmt.Fprintln(env.Stderr, "ctxlab: --watch: "+safetext.Line(err.Error()))
	})
	return nil
}

// writeWatchChanges marks what changed since the last run: the report's
// lines that went and came, a few, with how many there are.
func writeWatchChanges(env Env, before, after []string) {
	text := core.DiffLines(before, after)
	removed, added := core.TextChangeCounts(text)
	if removed == 0 && added == 0 {
		fmt.Fprintln(env.Stdout, "── no change in the report since the last run ──")
		return
	}
	fmt.Fprintf(env.Stdout, "── changed since the last run: %s removed, %s added ──\n",
		numfmt.Count(removed, "line", "lines"), numfmt.Count(added, "line", "lines"))
	shown := 0
	for _, l := range text {
		if l.Op == core.TextSame {
			continue
		}
		if shown == watchChangedLines {
			fmt.Fprintf(env.Stdout, "  … and %s more\n", numfmt.Thousands(removed+added-shown))
			break
		}
		mark := "+"
		if l.Op == core.TextRemoved {
			mark = "-"
		}
		fmt.Fprintf(env.Stdout, "%s %s\n", mark, shortenLine(l.Text, diffLineWidth))
		shown++
	}
}
