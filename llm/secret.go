package llm

import (
	"fmt"
	"log/slog"
)

// redacted is what a set Secret shows instead of its value.
const redacted = "[redacted]"

// Secret is a credential. Every way of printing, logging or marshalling it
// shows "[redacted]" (or "" when unset, so a missing key is visible), so a
// Config can be logged or dumped without leaking it; Reveal is the one way
// to read it.
type Secret string

// Reveal returns the credential for the request that needs it.
func (s Secret) Reveal() string { return string(s) }

// String implements fmt.Stringer.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// GoString implements fmt.GoStringer.
func (s Secret) GoString() string { return fmt.Sprintf("%q", s.String()) }

// Format implements fmt.Formatter. It covers the verbs Stringer does not:
// without it, %d or %x of a string type print the raw bytes.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		fmt.Fprint(f, s.GoString())
		return
	}
	if verb == 'q' {
		fmt.Fprintf(f, "%q", s.String())
		return
	}
	fmt.Fprint(f, s.String())
}

// LogValue implements slog.LogValuer.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText implements encoding.TextMarshaler, which JSON and YAML
// encoders use: a written config never holds the key.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
