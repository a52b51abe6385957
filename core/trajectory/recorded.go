package trajectory

import "math"

// RecordedBill is the usage the provider recorded for a trajectory's
// turns, priced at the rates the replay prices its predictions with.
type RecordedBill struct {
	// Turns counts the turns with a recorded usage, of TurnsOf.
	Turns   int `json:"turns"`
	TurnsOf int `json:"turns_of"`
	// InputTokens holds the cache reads and writes once (core/usage).
	InputTokens  int     `json:"input_tokens"`
	CachedTokens int     `json:"cached_tokens"`
	CacheWrites  int     `json:"cache_write_tokens"`
	CostUSD      float64 `json:"cost_usd"`
	Per1000USD   float64 `json:"per_1000_usd"`
	// WarmTurn is the first turn whose recorded cache reads (WarmTokens)
	// exceed the most the trajectory could have written before it
	// (WarmBound: the largest input of an earlier turn, 0 before the
	// first): the cache was warm from before the trajectory, which a
	// replay, starting cold, does not predict. 0 when no turn is.
	WarmTurn   int `json:"warm_turn,omitempty"`
	WarmTokens int `json:"warm_cached_tokens,omitempty"`
	WarmBound  int `json:"warm_bound_tokens,omitempty"`
}

// CachedShare is the share of the recorded input read from the cache.
func (b RecordedBill) CachedShare() float64 {
	if b.InputTokens == 0 {
		return 0
	}
	return float64(b.CachedTokens) / float64(b.InputTokens)
}

// recordedBill prices the turns' recorded usage; nil when no turn
// recorded one.
func recordedBill(turns []SentTurn, opts Options) *RecordedBill {
	b := &RecordedBill{TurnsOf: len(turns)}
	written := 0 // the largest input an earlier turn sent
	for _, t := range turns {
		rec := t.Recorded
		input := t.InputTokens
		if rec != nil {
			input = rec.InputTokens
			b.Turns++
			b.InputTokens += rec.InputTokens
			b.CachedTokens += rec.CachedTokens
			b.CacheWrites += rec.CacheWriteTokens
			b.CostUSD += costOf(TurnResult{InputTokens: rec.InputTokens, CachedTokens: rec.CachedTokens, CacheWrites: rec.CacheWriteTokens}, opts)
			if b.WarmTurn == 0 && rec.CachedTokens > written {
				b.WarmTurn, b.WarmTokens, b.WarmBound = t.Turn, rec.CachedTokens, written
			}
		}
		written = max(written, input)
	}
	if b.Turns == 0 {
		return nil
	}
	b.Per1000USD = b.CostUSD * 1000
	if math.IsNaN(b.CostUSD) {
		b.Per1000USD = math.NaN()
	}
	return b
}
