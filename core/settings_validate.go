package core

import (
	"fmt"

	"ctxlab/core/pipeline"
	"ctxlab/internal/numfmt"
)

// OptionError names the option that is out of range. Option is the
// option's command-line name, so the CLI and the TUI can point at it.
type OptionError struct {
	Option  string
	Problem string
	// Knob is the refusal of a knob, when a knob refused it, so a
	// scenario file can name its key instead.
	Knob *KnobError
}

func (e *OptionError) Error() string { return e.Option + ": " + e.Problem }

// ValidateOptions reports the first option of `ctxlab build`'s pipeline
// that is out of range, checked by the knob table's pipeline entries so
// the message is the one every surface gives. It lives with the table,
// above the pipeline, which takes its options as checked.
func ValidateOptions(o pipeline.Options) error {
	if o.Tokenizer == nil {
		return &OptionError{Option: "tokenizer", Problem: "none set"}
	}
	if o.Budget < 0 {
		return &OptionError{Option: "budget", Problem: fmt.Sprintf("%s is negative; expected 0 or more tokens", numfmt.Thousands(o.Budget))}
	}
	s := Settings{Pipeline: o.Settings}
	for _, k := range Knobs() {
		if !k.isPipeline() {
			continue
		}
		if err := k.Check(k.Get(s)); err != nil {
			return err.optionError()
		}
	}
	return nil
}
