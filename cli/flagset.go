package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// flagSet is a flag set whose errors come back to the caller as one line
// and whose --help prints the command's usage, then its options, to
// stdout. The flag package would print the whole usage on every error.
type flagSet struct {
	*flag.FlagSet
	help func()
}

func newFlagSet(env Env, name, usage string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	help := func() {
		fs.SetOutput(env.Stdout)
		fmt.Fprint(env.Stdout, strings.TrimLeft(usage, "\n"))
		fmt.Fprintln(env.Stdout, "\nOptions:")
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return &flagSet{FlagSet: fs, help: help}
}

// parseFlags parses args, prints help on request, and refuses stray
// positional arguments, which are almost always a mistyped flag.
func parseFlags(fs *flagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.help()
			return errHelpShown
		}
		return fmt.Errorf("%s%v (run %s --help)", commandPrefix(fs), err, commandLine(fs))
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%sunexpected argument %q (options start with --; run %s --help)", commandPrefix(fs), fs.Arg(0), commandLine(fs))
	}
	return nil
}

// commandPrefix names the subcommand in an error; the workbench's flag set
// is ctxlab itself, which the error line already names.
func commandPrefix(fs *flagSet) string {
	if fs.Name() == "ctxlab" {
		return ""
	}
	return fs.Name() + ": "
}

// commandLine is how the user runs the command.
func commandLine(fs *flagSet) string {
	if fs.Name() == "ctxlab" {
		return "ctxlab"
	}
	return "ctxlab " + fs.Name()
}

// flagWasSet reports whether name was given on the command line.
func flagWasSet(fs *flagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
