package cli_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// billedOutput is the report's top-level "billed" object.
type billedOutput struct {
	Billed *struct {
		InputTokens      int    `json:"input_tokens"`
		CachedTokens     int    `json:"cached_tokens"`
		CacheWriteTokens int    `json:"cache_write_tokens"`
		Counted          int    `json:"counted"`
		Gap              int    `json:"gap"`
		Convention       string `json:"convention"`
	} `json:"billed"`
	Assembly struct {
		Used int `json:"used"`
	} `json:"assembly"`
	Cost struct {
		UncachedTokens   int      `json:"uncached_input_tokens"`
		CachedTokens     int      `json:"cached_input_tokens"`
		CacheWriteTokens int      `json:"cache_write_tokens"`
		CacheWriteRate   *float64 `json:"cache_write_per_million"`
		UncachedCost     *float64 `json:"uncached_input_cost"`
		CachedCost       *float64 `json:"cached_input_cost"`
		CacheWriteCost   *float64 `json:"cache_write_cost"`
		PerRequest       *float64 `json:"input_cost_per_request"`
	} `json:"cost"`
	Findings []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"findings"`
}

var anthropicCacheCassette = filepath.Join("..", "loaders", "trajectory", "testdata", "pydantic-ai", "anthropic_cache_real_api.yaml")

// TestAssembleReportsTheBill: a cassette's recorded usage becomes the
// top-level "billed" object, its input the whole prompt under the
// source's convention (Anthropic's input_tokens plus its cache reads and
// writes), gap the count less the bill; the text report says the same,
// and a finding names the gap.
func TestAssembleReportsTheBill(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", anthropicCacheCassette, "--interaction", "2", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out billedOutput
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	b := out.Billed
	if b == nil {
		t.Fatalf("no billed object:\n%.600s", stdout)
	}
	if b.InputTokens != 1532 || b.CachedTokens != 1111 || b.CacheWriteTokens != 418 || b.Convention != "anthropic" ||
		b.Counted != out.Assembly.Used || b.Gap != b.Counted-b.InputTokens || b.Gap == 0 {
		t.Errorf("billed %+v (used %d)", *b, out.Assembly.Used)
	}
	found := false
	for _, f := range out.Findings {
		found = found || f.Code == "count-differs-from-bill"
	}
	if !found {
		t.Errorf("no count-differs-from-bill finding: %+v", out.Findings)
	}
	// The cost splits the input by the bill's cache: uncached, cache
	// reads, cache writes, each at its rate.
	c := out.Cost
	// The bill is priced, not the count: its 1,532 tokens as it split
	// them.
	if c.CachedTokens != 1111 || c.CacheWriteTokens != 418 || c.UncachedTokens != 3 ||
		c.CacheWriteRate == nil || *c.CacheWriteRate != 3.75 || c.UncachedCost == nil || c.CachedCost == nil || c.CacheWriteCost == nil ||
		c.PerRequest == nil || abs(*c.PerRequest-(*c.UncachedCost+*c.CachedCost+*c.CacheWriteCost)) > 1e-12 {
		t.Errorf("cost %+v", c)
	}

	text, _, _ := run(t, "", "assemble", "--request", anthropicCacheCassette, "--interaction", "2")
	for _, want := range []string{"Billed: counted 1,498 · billed 1,532 (−34, −2.2%) · usage.input_tokens + cache tokens, 1,111 read from the cache, 418 written to it · anthropic convention: input_tokens excludes cache reads and writes",
		"cache reads: 1,111 tokens at $0.30 per million", "cache writes: 418 tokens at $3.75 per million"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%.2500s", want, text)
		}
	}
	if strings.Contains(text, "nothing was cut, lost or estimated") {
		t.Error("the report says nothing was estimated while the count differs from the bill")
	}
}

// TestAssembleNoBillWithoutUsage: an input that recorded no usage has no
// "billed" key at all, not an empty object.
func TestAssembleNoBillWithoutUsage(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &keys); err != nil {
		t.Fatal(err)
	}
	if _, has := keys["billed"]; has {
		t.Errorf("billed present without a recorded usage: %s", keys["billed"])
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// TestAssembleBillBesideABudgetedAssembly: a budgeted assembly is not
// the request billed; the bill is set beside the request measured as
// sent, in JSON and text.
func TestAssembleBillBesideABudgetedAssembly(t *testing.T) {
	t.Parallel()
	stdout, stderr, code := run(t, "", "assemble", "--request", anthropicCacheCassette, "--interaction", "2", "--preset", "support_chat", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Billed *struct {
			Counted int `json:"counted"`
			Gap     int `json:"gap"`
		} `json:"billed"`
		Measured *struct {
			Used int `json:"used"`
		} `json:"measured"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	if out.Billed == nil || out.Measured == nil || out.Billed.Counted != out.Measured.Used || out.Billed.Gap != out.Measured.Used-1532 {
		t.Errorf("billed %+v beside measured %+v", out.Billed, out.Measured)
	}
	text, _, _ := run(t, "", "assemble", "--request", anthropicCacheCassette, "--interaction", "2", "--preset", "support_chat")
	if !strings.Contains(text, "Billed: counted 1,498 · billed 1,532") {
		t.Errorf("no Billed line:\n%.1500s", text)
	}
}
