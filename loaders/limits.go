package loaders

import (
	"fmt"
	"sync/atomic"
)

// DefaultMaxYAMLSize is the most bytes of YAML one input may hold unless
// --max-yaml-size raises it. The YAML parser builds a node for every
// key, value and item of the whole input before a value is used, at
// many times the input's size (a node is about 200 bytes), so YAML takes
// a limit well below --max-input-size's. JSON, JSON Lines and CSV take
// only --max-input-size: JSON Lines documents are streamed, and the
// other two cost a few times their size.
const DefaultMaxYAMLSize int64 = 64 << 20

// maxYAMLSize is the YAML limit in force; like maxInputSize it is
// process-wide, set once per command from --max-yaml-size.
var maxYAMLSize atomic.Int64

func init() { maxYAMLSize.Store(DefaultMaxYAMLSize) }

// MaxYAMLSize returns the YAML size limit in force, in bytes.
func MaxYAMLSize() int64 { return maxYAMLSize.Load() }

// SetMaxYAMLSize sets the YAML size limit (n > 0) and returns a function
// that restores the previous one.
func SetMaxYAMLSize(n int64) (restore func()) {
	old := maxYAMLSize.Swap(n)
	return func() { maxYAMLSize.Store(old) }
}

// YAMLTooLarge refuses, before it is parsed, YAML over the YAML size
// limit: one line naming the input, the limit and the flag that raises
// it; nil for YAML within it.
func YAMLTooLarge(name string, data []byte) error {
	if int64(len(data)) <= MaxYAMLSize() {
		return nil
	}
	return &Error{Name: name, Msg: fmt.Sprintf(
		"is larger than %s, the limit for YAML, which is parsed whole; raise it with --max-yaml-size, or write it as JSON or JSON Lines, which take only --max-input-size",
		FormatSize(MaxYAMLSize()))}
}
