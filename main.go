// Command ctxlab is a terminal workbench for the context window of LLM
// requests. See README.md.
package main

import (
	"os"

	"github.com/charmbracelet/x/term"

	"ctxlab/cli"
)

func main() {
	env := cli.Env{
		Stdin:       os.Stdin,
		Stdout:      os.Stdout,
		Stderr:      os.Stderr,
		StdinIsTTY:  term.IsTerminal(os.Stdin.Fd()),
		StdoutIsTTY: term.IsTerminal(os.Stdout.Fd()),
		Getenv:      os.Getenv,
	}
	os.Exit(cli.Main(env, os.Args[1:]))
}
