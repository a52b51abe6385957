// Package docs_test checks every command output quoted in README.md and
// docs/, so a figure in the documentation cannot drift from what the
// binary prints.
//
// A quoted run is a fenced block of the kind console:
//
//	```console
//	$ ctxlab build --docs sample/docs/support_kb.jsonl --budget 1550
//	ctxlab build · sample/docs/support_kb.jsonl (jsonl) · 60 documents · …
//	...
//	```
//
// A line starting with "$ ctxlab " is a command, run in-process through
// cli.Main (the function main.go calls) with the repository root as its
// working folder; a command line ending in " \" continues on the next.
// The lines up to the next command are what it writes to stdout and
// stderr together, compared line by line with trailing spaces ignored:
//
//   - a line "..." stands for any number of lines, none included;
//   - a line ending in "..." matches any line that starts with the text
//     before the dots;
//   - a last line "[exit N]" is the exit status expected; without it, 0.
//
// A console block holds ctxlab commands only (no pipes, redirections or
// other programs): anything else is quoted in a plain or text block,
// which is not checked.
package docs_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"ctxlab/cli"

	// As in main.go: headless commands must not query the terminal.
	_ "ctxlab/internal/termprobe"
)

// TestMain runs the tests from the repository root, where the commands
// quoted in the documentation are run.
func TestMain(m *testing.M) {
	if err := os.Chdir(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// quotedRun is one command of a console block and what it prints.
type quotedRun struct {
	file     string
	line     int // of the command in file, from 1
	command  string
	args     []string
	expected []string
	exit     int
}

// consoleBlocks returns the runs quoted in the console blocks of one
// Markdown file.
func consoleBlocks(file, text string) ([]quotedRun, error) {
	var runs []quotedRun
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		indent, fence, kind, ok := openingFence(lines[i])
		if !ok {
			continue
		}
		start := i
		var body []string
		closed := false
		for i++; i < len(lines); i++ {
			line := strings.TrimPrefix(lines[i], indent)
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`") == "" {
				closed = true
				break
			}
			body = append(body, line)
		}
		if !closed {
			return nil, fmt.Errorf("%s:%d: a fenced block is never closed", file, start+1)
		}
		if kind != "console" {
			continue
		}
		blockRuns, err := parseConsole(file, start+2, body)
		if err != nil {
			return nil, err
		}
		if len(blockRuns) == 0 {
			return nil, fmt.Errorf("%s:%d: a console block without a \"$ ctxlab\" command; quote other text in a text block", file, start+1)
		}
		runs = append(runs, blockRuns...)
	}
	return runs, nil
}

// openingFence reports whether line opens a fenced block, with its
// indentation, its fence (``` or longer) and its kind.
func openingFence(line string) (indent, fence, kind string, ok bool) {
	trimmed := strings.TrimLeft(line, " ")
	indent = line[:len(line)-len(trimmed)]
	n := 0
	for n < len(trimmed) && trimmed[n] == '`' {
		n++
	}
	if n < 3 {
		return "", "", "", false
	}
	kind, _, _ = strings.Cut(strings.TrimSpace(trimmed[n:]), " ")
	return indent, trimmed[:n], kind, true
}

// parseConsole splits a console block's lines, the first of which is
// line first of file, into its runs.
func parseConsole(file string, first int, body []string) ([]quotedRun, error) {
	var runs []quotedRun
	for i := 0; i < len(body); i++ {
		line := body[i]
		if !strings.HasPrefix(line, "$ ") {
			if len(runs) == 0 {
				return nil, fmt.Errorf("%s:%d: a console block must start with a \"$ ctxlab\" command, not %q", file, first+i, line)
			}
			runs[len(runs)-1].expected = append(runs[len(runs)-1].expected, line)
			continue
		}
		at := first + i
		command := strings.TrimPrefix(line, "$ ")
		for strings.HasSuffix(command, "\\") && i+1 < len(body) {
			i++
			command = strings.TrimSuffix(command, "\\") + " " + strings.TrimSpace(body[i])
		}
		words, err := shellWords(command)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, at, err)
		}
		if len(words) == 0 || words[0] != "ctxlab" {
			return nil, fmt.Errorf("%s:%d: %q is not a ctxlab command; a console block runs ctxlab only, so quote it in a text block", file, at, command)
		}
		runs = append(runs, quotedRun{file: file, line: at, command: command, args: words[1:]})
	}
	for i := range runs {
		expected := runs[i].expected
		for len(expected) > 0 && strings.TrimSpace(expected[len(expected)-1]) == "" {
			expected = expected[:len(expected)-1]
		}
		if n := len(expected); n > 0 {
			if m := exitLine.FindStringSubmatch(strings.TrimSpace(expected[n-1])); m != nil {
				runs[i].exit, _ = strconv.Atoi(m[1])
				expected = expected[:n-1]
			}
		}
		runs[i].expected = expected
	}
	return runs, nil
}

var exitLine = regexp.MustCompile(`^\[exit (\d+)\]$`)

// shellWords splits a command line as a POSIX shell would split a simple
// command: words parted by spaces, single quotes taken literally, double
// quotes with \" and \\ escaped. What a shell would do more than run one
// command (pipes, redirections, substitutions, variables) is refused.
func shellWords(line string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(line[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("an unclosed single quote in %q", line)
			}
			word.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
					i++
				} else if line[i] == '$' || line[i] == '`' {
					return nil, fmt.Errorf("a substitution in %q; write the value itself", line)
				}
				word.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, fmt.Errorf("an unclosed double quote in %q", line)
			}
			inWord = true
		case strings.IndexByte("|&;<>()$`*?[#~\\", c) >= 0:
			return nil, fmt.Errorf("%q needs a shell (%q); quote it in a text block, or quote the character", line, string(c))
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// matches reports whether got, the lines a command wrote, are the
// expected lines, with "..." lines and line ends as the package comment
// says. On a mismatch it says where.
func matches(expected, got []string) (bool, string) {
	for i := range got {
		got[i] = strings.TrimRight(got[i], " \t")
	}
	for len(got) > 0 && got[len(got)-1] == "" {
		got = got[:len(got)-1]
	}
	want := make([]string, len(expected))
	for i, line := range expected {
		want[i] = strings.TrimRight(line, " \t")
	}
	// ok[i][j]: want[i:] matches got[j:].
	ok := make([][]bool, len(want)+1)
	for i := range ok {
		ok[i] = make([]bool, len(got)+1)
	}
	ok[len(want)][len(got)] = true
	for i := len(want) - 1; i >= 0; i-- {
		for j := len(got); j >= 0; j-- {
			switch {
			case want[i] == "...":
				ok[i][j] = ok[i+1][j] || (j < len(got) && ok[i][j+1])
			case j < len(got) && lineMatches(want[i], got[j]):
				ok[i][j] = ok[i+1][j+1]
			}
		}
	}
	if ok[0][0] {
		return true, ""
	}
	// Name the first expected line that no way of matching reaches.
	reach := make([][]bool, len(want)+1)
	for i := range reach {
		reach[i] = make([]bool, len(got)+1)
	}
	reach[0][0] = true
	for i := 0; i < len(want); i++ {
		for j := 0; j <= len(got); j++ {
			if !reach[i][j] {
				continue
			}
			switch {
			case want[i] == "...":
				for k := j; k <= len(got); k++ {
					reach[i+1][k] = true
				}
			case j < len(got) && lineMatches(want[i], got[j]):
				reach[i+1][j+1] = true
			}
		}
	}
	for i := 0; i < len(want); i++ {
		next := false
		for j := 0; j <= len(got); j++ {
			next = next || reach[i+1][j]
		}
		if !next {
			// The furthest place the lines before it reach.
			for j := len(got); j >= 0; j-- {
				if reach[i][j] {
					actual := "(the end of the output)"
					if j < len(got) {
						actual = strconv.Quote(got[j])
					}
					return false, fmt.Sprintf("expected line %d, %q, is not in the output; the closest place it could go holds %s", i+1, want[i], actual)
				}
			}
		}
	}
	return false, "the output goes on past the last expected line (end the block with a \"...\" line to elide it)"
}

func lineMatches(want, got string) bool {
	if prefix, ok := strings.CutSuffix(want, "..."); ok {
		return strings.HasPrefix(got, prefix)
	}
	return want == got
}

// lockedBuffer takes stdout and stderr in the order they are written.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// runCtxlab runs ctxlab with args as the binary would run from the
// repository root, with no environment.
func runCtxlab(args []string) (string, int) {
	var out lockedBuffer
	code := cli.Main(cli.Env{
		Stdin:  strings.NewReader(""),
		Stdout: &out,
		Stderr: &out,
		Getenv: func(string) string { return "" },
	}, args)
	return out.buf.String(), code
}

// ranOnce runs each distinct command once, however many pages quote it.
var ranOnce sync.Map // of strings.Join(args, "\x00") to func() (string, int)

func runOnce(args []string) (string, int) {
	run, _ := ranOnce.LoadOrStore(strings.Join(args, "\x00"), sync.OnceValues(func() (string, int) {
		return runCtxlab(args)
	}))
	return run.(func() (string, int))()
}

// documentationFiles lists README.md and every Markdown file under docs/.
func documentationFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir("docs", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestQuotedOutputsAreWhatCtxlabPrints(t *testing.T) {
	var runs []quotedRun
	for _, file := range documentationFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		fileRuns, err := consoleBlocks(file, string(text))
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, fileRuns...)
	}
	// The README's workflows alone quote more than this; fewer means the
	// blocks are no longer found.
	if len(runs) < 10 {
		t.Fatalf("found %d quoted ctxlab runs in the documentation; expected the README's and docs/'s console blocks", len(runs))
	}
	for _, run := range runs {
		t.Run(fmt.Sprintf("%s:%d", run.file, run.line), func(t *testing.T) {
			t.Parallel()
			output, code := runOnce(run.args)
			if code != run.exit {
				t.Errorf("%s:%d: $ %s\nexit status %d, the documentation says %d (a last line \"[exit N]\" states it)", run.file, run.line, run.command, code, run.exit)
			}
			if ok, where := matches(run.expected, strings.Split(output, "\n")); !ok {
				t.Errorf("%s:%d: $ %s\n%s\nthe whole output:\n%s", run.file, run.line, run.command, where, output)
			}
		})
	}
}
