package rows

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"ctxlab/core"
	"ctxlab/core/value"
	scenarioload "ctxlab/loaders/scenario"
	"ctxlab/sample"
)

// fixedNow keeps the evaluations' timestamps stable.
var fixedNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// sampleScenario is one of the bundled sample scenarios.
func sampleScenario(t testing.TB, name string) *core.Scenario {
	t.Helper()
	sc, err := scenarioload.LoadFS(sample.FS, name+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// copiedScenario is the support chat with n documents made of a few
// texts, each several times over: as itself, and with one word changed
// (a near copy), so most documents kept have several duplicates.
func copiedScenario(t testing.TB, n int) *core.Scenario {
	t.Helper()
	sc := sampleScenario(t, "support_chat")
	const texts = 40
	sc.Documents = make([]value.Document, n)
	for i := range sc.Documents {
		text := i % texts
		words := make([]string, 100)
		for w := range words {
			words[w] = fmt.Sprintf("t%dw%d", text, w)
		}
		if copyNo := i / texts; copyNo%2 == 1 {
			words[(copyNo*7)%len(words)] = fmt.Sprintf("changed%d", copyNo)
		}
		sc.Documents[i] = value.Document{
			Content: strings.Join(words, " "),
			Score:   1 - float64(i)/float64(2*n),
			Source:  fmt.Sprintf("kb/doc-%d.md", i),
		}
	}
	return sc
}
