package fix_test

import (
	"slices"
	"strings"
	"testing"

	"ctxlab/core/fix"
	"ctxlab/loaders/request"
)

// A request that asks for a 500-token reply, opened with a 2,800-token
// reserve in a 3,000-token window: reserving only the reply it asks for
// fits it and changes nothing sent, and so does gpt-4o's own window; both
// come before any fix that cuts or drops, and each names its flag.
func TestSuggestReservesTheReplyTheRequestAsksFor(t *testing.T) {
	t.Parallel()
	body := `{"model": "gpt-4o", "max_tokens": 500, "messages": [
		{"role": "system", "content": "` + strings.Repeat("You answer questions about orders. ", 40) + `"},
		{"role": "user", "content": "Where is my order ORD-48597?"}]}`
	sc, err := request.Parse("asks.json", []byte(body), request.Options{Window: 3_000, Reserve: 2_800})
	if err != nil {
		t.Fatal(err)
	}
	if sc.ReplyLimit != 500 {
		t.Fatalf("reply limit %d, want the request's max_tokens 500", sc.ReplyLimit)
	}
	_, ev, fixes := suggestFor(t, sc, sc.Settings)
	if ev.Overflow == nil {
		t.Fatal("the request fits a 200-token max input")
	}
	if len(fixes) < 2 {
		t.Fatalf("fixes %+v", fixes)
	}
	first, second := fixes[0], fixes[1]
	if first.Kind != fix.Reserve || !slices.Equal(first.Flags, []string{"--reserve", "500"}) || !first.Preview.SendsSame() || !first.Preview.Fits {
		t.Errorf("first fix %s %v (sends the same %v, fits %v), want --reserve 500", first.Kind, first.Flags, first.Preview.SendsSame(), first.Preview.Fits)
	}
	if !strings.Contains(first.Description, "--reserve 500") || !strings.Contains(first.Description, "max_tokens") {
		t.Errorf("description: %s", first.Description)
	}
	if second.Kind != fix.ModelWindow || !slices.Equal(second.Flags, []string{"--window", "128000"}) || !second.Preview.SendsSame() {
		t.Errorf("second fix %s %v, want gpt-4o's own window", second.Kind, second.Flags)
	}
	lossy := false
	for _, f := range fixes {
		lossy = lossy || !f.Preview.Lossless()
		if lossy && f.Preview.SendsSame() {
			t.Errorf("fix %s changes nothing sent and ranks after one that cuts or drops", f.Kind)
		}
	}
}
