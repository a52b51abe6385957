package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"

	"ctxlab/internal/nearname"
	"ctxlab/loaders"
)

// flagSet is a flag set whose errors come back to the caller as one line
// and whose --help prints the command's usage, then its options, to
// stdout. The flag package would print the whole usage on every error.
type flagSet struct {
	*flag.FlagSet
	help func()
	// helpDefaults replaces, in --help only, the default a flag is shown
	// with; the zero value hides it. A flag shared with another command
	// keeps one DefValue, which may not be this command's default.
	helpDefaults map[string]string
	// explainUnknown, when set, explains an unknown flag the command
	// refuses on purpose; its answer replaces "unknown option".
	explainUnknown func(name string) (string, bool)
}

func newFlagSet(env Env, name, usage string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	set := &flagSet{FlagSet: fs}
	fs.Var(inputSizeFlag{}, "max-input-size", "the most bytes one input (a file, stdin, a pipe) may hold, such as 1GiB; larger input is refused (default "+loaders.FormatSize(loaders.DefaultMaxInputSize)+")")
	fs.Var(yamlSizeFlag{}, "max-yaml-size", "the most bytes of YAML one input may hold, such as 256MiB; YAML is parsed whole, at many times its size, and larger YAML is refused (default "+loaders.FormatSize(loaders.DefaultMaxYAMLSize)+")")
	set.help = func() {
		for name, shown := range set.helpDefaults {
			if f := fs.Lookup(name); f != nil {
				defer func(def string) { f.DefValue = def }(f.DefValue)
				f.DefValue = shown
			}
		}
		fs.SetOutput(env.Stdout)
		fmt.Fprint(env.Stdout, strings.TrimLeft(usage, "\n"))
		fmt.Fprintln(env.Stdout, "\nOptions:")
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return set
}

// hideDefault hides, in --help only, the default a flag would show.
func (fs *flagSet) hideDefault(name string) {
	f := fs.Lookup(name)
	if f == nil {
		return
	}
	if fs.helpDefaults == nil {
		fs.helpDefaults = map[string]string{}
	}
	// PrintDefaults omits a default equal to the zero value's String;
	// every flag.Value of the standard library is a pointer type.
	zero := ""
	if typ := reflect.TypeOf(f.Value); typ.Kind() == reflect.Pointer {
		zero = reflect.New(typ.Elem()).Interface().(flag.Value).String()
	}
	fs.helpDefaults[name] = zero
}

// parseFlags parses args, prints help on request, and refuses stray
// positional arguments, which are almost always a mistyped flag.
func parseFlags(fs *flagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.help()
			return errHelpShown
		}
		return fmt.Errorf("%s%s (run %s --help)", commandPrefix(fs), describeFlagError(fs, err), commandLine(fs))
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%sunexpected argument %s (options start with --; run %s --help)", commandPrefix(fs), quoted(fs.Arg(0)), commandLine(fs))
	}
	return nil
}

// undefinedFlag is how the flag package words a flag it does not know;
// the name follows it.
const undefinedFlag = "flag provided but not defined: -"

// describeFlagError words a parse error for a person: an unknown flag is
// named as typed, with the flags it probably meant.
func describeFlagError(fs *flagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), undefinedFlag)
	if !ok {
		if why, ok := describeValueError(fs, err.Error()); ok {
			return why
		}
		return err.Error()
	}
	if fs.explainUnknown != nil {
		if why, ok := fs.explainUnknown(name); ok {
			return why
		}
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	msg := "unknown option " + quoted("--"+name)
	if near := nearname.Suggest(name, names); len(near) > 0 {
		for i := range near {
			near[i] = "--" + near[i]
		}
		msg += "; did you mean " + orList(near) + "?"
	}
	return msg
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
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
