//go:build !unix

package metricslog

import "os"

// lockMetricsLog does nothing where flock does not exist: concurrent
// appends there can still refuse a record whose last line check caught
// another one half written (see lock_unix.go).
func lockMetricsLog(*os.File, bool) {}
