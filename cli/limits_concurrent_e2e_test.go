package cli_test

import (
	"strings"
	"sync"
	"testing"
)

// Runs in one process never read each other's limits: a run that lowers
// --max-yaml-size beside runs that read YAML under the default leaves
// them their limit, and leaves the default in force after it.
func TestConcurrentRunsKeepTheirOwnLimits(t *testing.T) {
	t.Parallel()
	const scenario = "../sample/support_chat.yaml"
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%4 == 0 {
				if _, stderr, code := run(t, "", "assemble", "--max-yaml-size", "1KiB", "--scenario", scenario); code != 1 || !strings.Contains(stderr, "--max-yaml-size") {
					errs <- "the lowered limit was not applied: " + stderr
				}
				return
			}
			if _, stderr, code := run(t, "", "assemble", "--scenario", scenario); code != 0 {
				errs <- "a run under the default limit failed: " + stderr
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
