package cli_test

import (
	"strings"
	"testing"
)

// A shingle size is checked against its range before the ring its words
// are hashed in is sized from it: 2^63-1 words made that size overflow
// and a worker panic.
func TestShingleSizePastItsRangeIsRefused(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"9223372036854775807", "10001"} {
		_, stderr, code := run(t, "", "build", "--docs", sampleKB, "--tokenizer", "heuristic", "--shingle-size", size)
		if code != 1 || !strings.Contains(stderr, "--shingle-size "+size+" is outside [1, 10000]; expected a shingle of 1 to 10,000 words") {
			t.Errorf("--shingle-size %s: exit %d, stderr %q", size, code, stderr)
		}
	}
}
