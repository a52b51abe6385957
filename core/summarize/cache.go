package summarize

import (
	"context"
	"crypto/sha256"
	"strconv"
	"sync"
)

// DefaultCacheSize bounds a CachedSummarizer: enough for every fold
// of a long conversation and every chunk of a long document.
const DefaultCacheSize = 512

// CachedSummarizer remembers successful summaries by request, so turning
// a knob that re-runs the rolling summary over the same history does not
// call a model again for folds it has already made. Errors are not
// remembered: a failed call is retried next time. Wrap the model's
// summarizer before any fallback, so a fallback's stand-in summary is not
// remembered as the model's.
type CachedSummarizer struct {
	next     Summarizer
	capacity int

	mu      sync.Mutex
	entries map[[sha256.Size]byte]string
	order   [][sha256.Size]byte // insertion order, oldest first
}

// NewCachedSummarizer wraps next; capacity <= 0 means
// DefaultCacheSize.
func NewCachedSummarizer(next Summarizer, capacity int) *CachedSummarizer {
	if capacity <= 0 {
		capacity = DefaultCacheSize
	}
	return &CachedSummarizer{next: next, capacity: capacity, entries: make(map[[sha256.Size]byte]string)}
}

// Summarize implements Summarizer.
func (c *CachedSummarizer) Summarize(ctx context.Context, req Request) (string, error) {
	// The prompt holds everything a model sees; the purpose and word
	// limit are added for summarizers that read them instead.
	key := sha256.Sum256([]byte(string(req.purpose()) + "\x00" + strconv.Itoa(req.WordLimit()) + "\x00" + req.Prompt()))
	c.mu.Lock()
	if out, ok := c.entries[key]; ok {
		c.mu.Unlock()
		return out, nil
	}
	c.mu.Unlock()
	// The call runs unlocked: two identical concurrent calls may both
	// reach the model, which is cheaper than serializing every call.
	out, err := c.next.Summarize(ctx, req)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok {
		if len(c.order) >= c.capacity {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
		c.entries[key] = out
		c.order = append(c.order, key)
	}
	return out, nil
}

// Len is the number of remembered summaries.
func (c *CachedSummarizer) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
