package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"ctxlab/core/pipeline"
	"ctxlab/core/tokens"
	"ctxlab/internal/numfmt"
	"ctxlab/internal/safetext"
	"ctxlab/internal/workerpanic"
	"ctxlab/loaders"
)

const tokensUsage = `
ctxlab tokens counts the tokens of each input under every tokenizer side by
side: the reference's heuristic (words × 1.3), cl100k_base (GPT-4,
GPT-3.5) and o200k_base (GPT-4o, GPT-4.1, o-series), with words and bytes.
The last column is the heuristic's error relative to o200k_base, so you see
how far the estimate is off for your text: code, JSON and logs are usually
undercounted, plain English prose comes close.

Usage:
  ctxlab tokens [FILE...|-] [--format text|json]

  With -, the text is read from stdin; with no FILE too, when stdin is
  piped or redirected (not a terminal).
`

// tokenCount is one input's counts: a row of the table.
type tokenCount struct {
	Input     string `json:"input"`
	Bytes     int    `json:"bytes"`
	Words     int    `json:"words"`
	Heuristic int    `json:"heuristic"`
	CL100K    int    `json:"cl100k_base"`
	O200K     int    `json:"o200k_base"`
	// HeuristicErrorPct is (heuristic − o200k_base) / o200k_base × 100:
	// negative when the heuristic undercounts. Nil when o200k_base counts
	// no token, since a relative error is then undefined.
	HeuristicErrorPct *float64 `json:"heuristic_error_pct"`
}

func runTokens(env Env, args []string) error {
	var format string
	fs := newFlagSet(env, "tokens", tokensUsage)
	fs.StringVar(&format, "format", "text", "output: text or json")
	inputs, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if err := checkFormat(format); err != nil {
		return err
	}
	if len(inputs) == 0 {
		if env.StdinIsTTY {
			return fmt.Errorf("tokens: no input: pass FILE arguments, or - to read stdin")
		}
		inputs = []string{"-"}
	}
	stdinRead := false
	var rows []tokenCount
	for _, in := range inputs {
		var data string
		if in == "-" {
			if stdinRead {
				return fmt.Errorf("tokens: - is given twice: stdin can be read once")
			}
			stdinRead = true
			if data, err = readStdin(env); err != nil {
				return err
			}
		} else if data, err = readInputFile(in); err != nil {
			return err
		}
		rows = append(rows, countTokens(env, displayPath(in), data))
	}
	total := totalTokens(rows)
	if format == "json" {
		return writeJSON(env.Stdout, struct {
			Inputs []tokenCount `json:"inputs"`
			Total  tokenCount   `json:"total"`
		}{rows, total})
	}
	return writeTokensTable(env.Stdout, rows, total)
}

// readInputFile reads a text file, with an error that names it and says
// what was expected when it is a directory. It reads through the loaders'
// input reader, so the size limit applies and bytes that are not text
// (counts of them would mean nothing) are refused at the first one. The
// text is read into the string's own memory, not converted from bytes,
// which would hold it twice.
func readInputFile(path string) (string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, unwrapPathError(err))
	}
	if info.IsDir() {
		return "", fmt.Errorf("%s is a directory: expected a text file", path)
	}
	text, err := loaders.ReadInputFileString(path)
	if err != nil {
		var inputErr *loaders.Error
		if errors.As(err, &inputErr) {
			return "", err
		}
		return "", fmt.Errorf("reading %s: %w", path, unwrapPathError(err))
	}
	return text, nil
}

// readStdin reads stdin as text, as readInputFile reads a file.
func readStdin(env Env) (string, error) {
	text, err := loaders.ReadInputString("stdin", env.Stdin)
	var inputErr *loaders.Error
	if err != nil && !errors.As(err, &inputErr) {
		return "", fmt.Errorf("reading stdin: %w", err)
	}
	return text, err
}

// unwrapPathError drops the *fs.PathError's own copy of the path, which
// the caller's message already names.
func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func countTokens(env Env, name, text string) tokenCount {
	c := tokenCount{Input: name, Bytes: len(text), Words: wordCount(text)}
	// One tokenizer per core: each loads its vocabulary and counts at
	// the same time as the others. A long input shows a bar of the bytes
	// the BPE tokenizers have read.
	bar := newProgressBar(env, "counting tokens of "+safetext.Line(name))
	bar.one, bar.many = "input", "inputs"
	defer bar.finish()
	var mu sync.Mutex
	progress := pipeline.TokenProgress{TotalDocs: 1}
	for _, n := range tokens.Names {
		if tok, _ := tokens.ByName(n); tok != nil {
			if _, inSteps := tok.(tokens.ContextCounter); inSteps {
				progress.TotalBytes += len(text)
			}
		}
	}
	counts := make([]int, len(tokens.Names))
	var wg sync.WaitGroup
	// A tokenizer's panic is raised again on this goroutine, with the
	// counting goroutine's stack, so the deferred finish clears the bar
	// before Go prints it.
	var panics workerpanic.Relay
	for i, n := range tokens.Names {
		tok, _ := tokens.ByName(n)
		counter, inSteps := tok.(tokens.ContextCounter)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			if !inSteps {
				counts[i] = tok.Count(text)
				return
			}
			read := 0
			step := func(bytes int) {
				mu.Lock()
				defer mu.Unlock()
				progress.Bytes += bytes - read
				read = bytes
				if progress.Bytes == progress.TotalBytes {
					progress.Docs = 1
				}
				bar.update(progress)
			}
			// Nothing cancels it: an interrupt ends the command.
			counts[i], _ = counter.CountContext(context.Background(), text, step)
			step(len(text))
		}()
	}
	wg.Wait()
	panics.Raise()
	byName := map[string]int{}
	for i, n := range tokens.Names {
		byName[n] = counts[i]
	}
	c.Heuristic, c.CL100K, c.O200K = byName[tokens.TokenizerHeuristic], byName[tokens.TokenizerCL100K], byName[tokens.TokenizerO200K]
	c.HeuristicErrorPct = heuristicError(c.Heuristic, c.O200K)
	return c
}

func heuristicError(heuristic, exact int) *float64 {
	if exact == 0 {
		return nil
	}
	pct := float64(heuristic-exact) / float64(exact) * 100
	return &pct
}

// totalTokens sums the rows. The heuristic counts each input on its own,
// so the total is the sum of counts, not the count of the concatenation.
func totalTokens(rows []tokenCount) tokenCount {
	t := tokenCount{Input: "total"}
	for _, r := range rows {
		t.Bytes += r.Bytes
		t.Words += r.Words
		t.Heuristic += r.Heuristic
		t.CL100K += r.CL100K
		t.O200K += r.O200K
	}
	t.HeuristicErrorPct = heuristicError(t.Heuristic, t.O200K)
	return t
}

func writeTokensTable(out io.Writer, rows []tokenCount, total tokenCount) error {
	w := bufio.NewWriter(out)
	table := [][]string{{"input", "bytes", "words", "heuristic", "cl100k_base", "o200k_base", "heuristic error"}}
	line := func(r tokenCount) []string {
		return []string{safetext.Line(r.Input), numfmt.Thousands(r.Bytes), numfmt.Thousands(r.Words),
			numfmt.Thousands(r.Heuristic), numfmt.Thousands(r.CL100K), numfmt.Thousands(r.O200K), formatErrorPct(r.HeuristicErrorPct)}
	}
	for _, r := range rows {
		table = append(table, line(r))
	}
	if len(rows) > 1 {
		table = append(table, line(total))
	}
	writeTable(w, table, "l")
	fmt.Fprintf(w, "\nheuristic error = (heuristic − o200k_base) / o200k_base; negative means the heuristic undercounts\n")
	return w.Flush()
}

func formatErrorPct(pct *float64) string {
	if pct == nil {
		return "n/a"
	}
	s := strconv.FormatFloat(*pct, 'f', 1, 64)
	if *pct >= 0 {
		s = "+" + s
	}
	return s + "%"
}

// parseInterspersed parses flags that may come before, between or after
// positional arguments (ctxlab tokens a.txt --format json b.txt) and
// returns the positional ones. "--" ends the flags; "-" is an argument.
func parseInterspersed(fs *flagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := parseFlagsOnly(fs, args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		// The flag package stops at "--" and swallows it; everything
		// after it is positional.
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// parseFlagsOnly is parseFlags without its refusal of positional
// arguments.
func parseFlagsOnly(fs *flagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.help()
			return errHelpShown
		}
		return fmt.Errorf("%s%s (run %s --help)", commandPrefix(fs), describeFlagError(fs, err), commandLine(fs))
	}
	return nil
}
