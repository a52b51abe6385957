package metricslog

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentAppendsLoseNoRecord: writers appending to one log at once
// each find a whole last line and write their record. Records of 1 to 4
// KB cross pages often, where a reader could see one half written; the
// writers open the log each time, as separate processes do.
func TestConcurrentAppendsLoseNoRecord(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "m.jsonl")
	const writers, each = 8, 100
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				id := strings.Repeat("x", 1000+(w*977+i*131)%3000)
				if err := Check(path); err != nil {
					errs <- err
				}
				if _, err := Append(path, appendRecord(id, 0.5)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	failed := 0
	for err := range errs {
		if failed++; failed <= 3 {
			t.Error(err)
		}
	}
	records, err := Load(path)
	if err != nil || len(records) != writers*each {
		t.Errorf("the log holds %d records (%v); want %d, with %d refusals", len(records), err, writers*each, failed)
	}
}
