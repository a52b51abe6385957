package main

import (
	"os"

	"github.com/charmbracelet/x/term"

	"ctxlab/cli"
	// Must stay linked: keeps headless commands from querying the
	// terminal's background at start-up (see its package comment).
	_ "ctxlab/internal/termprobe"
)

func main() {
	env := cli.Env{
		Stdin:       os.Stdin,
		Stdout:      os.Stdout,
		Stderr:      os.Stderr,
		StdinIsTTY:  term.IsTerminal(os.Stdin.Fd()),
		StdoutIsTTY: term.IsTerminal(os.Stdout.Fd()),
		StderrIsTTY: term.IsTerminal(os.Stderr.Fd()),
		Getenv:      os.Getenv,
	}
	os.Exit(cli.Main(env, os.Args[1:]))
}
