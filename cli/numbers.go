package cli

import "ctxlab/core"

// thousands formats n with comma separators: 12,345. It is core's, so the
// notes core and the loaders write group their numbers alike.
func thousands(n int) string { return core.Thousands(n) }
