package trajectory

import (
	"math"
	"testing"

	"ctxlab/core/tokens"
)

// The recorded usage is priced at the replay's rates, and a turn whose
// recorded cache reads exceed the largest input sent before it is the
// warm turn: a cache filled before the trajectory began.
func TestRecordedBillPricesAndFindsWarmCache(t *testing.T) {
	opts := Options{Price: tokens.Price{Input: 3, CachedInput: math.NaN()}, PriceKnown: true,
		Rules: tokens.CacheRules{ReadShare: 0.1, Write5m: 1.25}}
	turns := []SentTurn{
		{Turn: 1, InputTokens: 1118, Recorded: &Recorded{InputTokens: 1114, CachedTokens: 1111}},
		{Turn: 2, InputTokens: 1498, Recorded: &Recorded{InputTokens: 1532, CachedTokens: 1111, CacheWriteTokens: 418}},
		{Turn: 3, InputTokens: 1600},
	}
	b := recordedBill(turns, opts)
	if b == nil {
		t.Fatal("no bill for recorded turns")
	}
	if b.Turns != 2 || b.TurnsOf != 3 || b.InputTokens != 2646 || b.CachedTokens != 2222 || b.CacheWrites != 418 {
		t.Errorf("bill %+v", *b)
	}
	want := (6*3 + 2222*0.3 + 418*3.75) / 1e6
	if math.Abs(b.CostUSD-want) > 1e-12 || math.Abs(b.Per1000USD-want*1000) > 1e-9 {
		t.Errorf("cost %v per 1,000 %v, want %v", b.CostUSD, b.Per1000USD, want)
	}
	if b.WarmTurn != 1 || b.WarmTokens != 1111 || b.WarmBound != 0 {
		t.Errorf("warm turn %d (%d read, %d could be written), want turn 1 (1111, 0)", b.WarmTurn, b.WarmTokens, b.WarmBound)
	}

	// Reads within what earlier turns sent are not warm.
	turns[0].Recorded.CachedTokens = 0
	if b := recordedBill(turns, opts); b.WarmTurn != 0 {
		t.Errorf("warm turn %d, want none: turn 2 reads what turn 1 sent", b.WarmTurn)
	}
	if recordedBill(turns[2:], opts) != nil {
		t.Error("a bill for turns that recorded nothing")
	}
}
