package scenario

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"ctxlab/core/window"
)

// FilePresets finds every preset added, and none other, whether made
// with room for them all or grown from none, and keeps their order.
func TestFilePresetsEqualsMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	for _, hint := range []int{0, 3000} {
		p := newFilePresets(hint)
		want := window.PresetSet{}
		var order []string
		for i := range 3000 {
			name := fmt.Sprintf("p%d-%d", rng.IntN(1_000_000), i)
			b := window.ContextBudget{TotalWindow: rng.IntN(1 << 31), SystemPrompt: i, ResponseReserve: rng.IntN(100)}
			p.add(name, b)
			want[name] = b
			order = append(order, name)
		}
		if !reflect.DeepEqual(p.Set(), want) || !reflect.DeepEqual(p.Names(), order) || p.Len() != len(want) {
			t.Fatalf("hint %d: the set differs from the map", hint)
		}
		for name, b := range want {
			if got, ok := p.Get(name); !ok || got != b {
				t.Fatalf("hint %d: Get(%q) = %v, %v; want %v", hint, name, got, ok, b)
			}
		}
		for _, name := range []string{"", "p", "support_chat", order[0] + " "} {
			if _, ok := p.Get(name); ok {
				t.Errorf("hint %d: Get(%q) found a preset", hint, name)
			}
		}
	}
}
