// Package cli implements ctxlab's commands: build, sweep, assemble, eval,
// diff, presets, tokens, prices, longdoc, monitor and version, and the
// workbench when no command is given. Each command parses its flags,
// loads its input through loaders, runs core, and renders what core
// returned; none of them computes pipeline results of its own.
//
// Main runs one command against an Env (its streams, whether they are
// terminals, the environment), so the end-to-end tests run every command
// in process. The flags that set knobs are registered from core's knob
// table (flags_knobs.go): a flag's name, help, range and refusal are its
// knob's. Bad input ends a command with one line naming the file, the
// line or record and what was expected, and exit status 1 (ExitError); a
// request that does not fit its budget exits with 3 (ExitOverflow), so CI
// can tell a failed check from a usage error. A mistyped command, option
// or model name is answered with the name probably meant
// (internal/nearname).
//
// Reports are text, JSON or CSV. Everything from input is made inert by
// internal/safetext before it is written. The aligned tables (table.go)
// are written a piece at a time, a column from input escaped as it is
// written, never as a line built whole; long strings in the JSON reports
// are written by internal/jsonout.
package cli
