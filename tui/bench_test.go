package tui

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"ctxlab/core"
	"ctxlab/core/value"
)

// Benchmarks of what a user feels: drawing a frame, and a knob change
// from key to picture. Run them with
//
//	go test ./tui -run '^$' -bench . -benchtime 20x
//
// and quote the figures in docs/performance.md.

// benchSizes are the document sets: the bundled sample and generated
// knowledge bases of 1,000 and 10,000 articles, to show how cost scales.
var benchSizes = []struct {
	name string
	docs int // 0: the sample as it is
}{
	{"sample", 0},
	{"docs=1000", 1000},
	{"docs=10000", 10000},
}

var (
	generatedMu sync.Mutex
	generated   = map[int]*core.Scenario{}
)

// benchScenario is the support_chat sample, or a scenario of n documents
// made from the sample's articles, built once per run.
func benchScenario(b testing.TB, n int) *core.Scenario {
	b.Helper()
	if n == 0 {
		return sampleScenario(b, "support_chat")
	}
	generatedMu.Lock()
	defer generatedMu.Unlock()
	if sc, ok := generated[n]; ok {
		return sc
	}
	sc := generatedScenario(b, n)
	generated[n] = sc
	return sc
}

// sentenceBlock is how many generated documents draw on one pool of
// sentences: past it, each block of documents has the sample's sentences
// in words of its own (blockSentences), so a sentence recurs in a couple
// of hundred documents at any size, as in a corpus that grows by new
// articles rather than by the same 300 sentences again. Without it, at
// 100,000 documents each sentence recurred in about 2,400, and finding
// the near-duplicate pairs, once per document set, took many minutes:
// the benchmark's set-up never ended.
const sentenceBlock = 10_000

// blockSentences are the sentences with every word marked by the block's
// number, so no 5-word shingle is shared with another block's.
func blockSentences(sentences []string, block int) []string {
	out := make([]string, len(sentences))
	suffix := strconv.Itoa(block)
	for i, s := range sentences {
		words := strings.Fields(s)
		for w := range words {
			words[w] += suffix
		}
		out[i] = strings.Join(words, " ")
	}
	return out
}

// generatedScenario builds n documents from the sentences of the
// sample's knowledge base, so the text, its tokens and its shingles are
// those of real support articles: most documents are a new mix of 1-12
// sentences (the short ones fall to the min-tokens filter), one in ten
// is a near copy of an earlier one with a sentence changed, one in twenty
// an exact copy. Sources and scores vary like a retriever's. The system
// prompt, tools, history and tool results are the sample's; the settings
// are the defaults. The sample has fewer than 300 sentences, so at 10,000
// documents each recurs in a couple of hundred: a hard case for the dedup
// stage, whose shingle postings grow with it. Larger sets repeat that
// density per block of 10,000 (sentenceBlock).
func generatedScenario(b testing.TB, n int) *core.Scenario {
	b.Helper()
	base := sampleScenario(b, "support_chat")
	var sentences []string
	for _, d := range base.Documents {
		for _, s := range strings.SplitAfter(d.Content, ". ") {
			if s = strings.TrimSpace(s); s != "" {
				sentences = append(sentences, s)
			}
		}
	}
	rng := rand.New(rand.NewPCG(4, 2))
	pool := sentences
	mix := func(count int) []string {
		out := make([]string, count)
		for i := range out {
			out[i] = pool[rng.IntN(len(pool))]
		}
		return out
	}
	docs := make([]value.Document, n)
	parts := make([][]string, n)
	for i := range docs {
		if block := i / sentenceBlock; block > 0 && i%sentenceBlock == 0 {
			pool = blockSentences(sentences, block)
		}
		switch {
		case i > 20 && i%20 == 0:
			parts[i] = parts[rng.IntN(i)]
		case i > 10 && i%10 == 0:
			parts[i] = append([]string(nil), parts[rng.IntN(i)]...)
			parts[i][rng.IntN(len(parts[i]))] = mix(1)[0]
		default:
			parts[i] = mix(1 + rng.IntN(12))
		}
		src := base.Documents[rng.IntN(len(base.Documents))].Source
		docs[i] = value.Document{
			Content: strings.Join(parts[i], " "),
			Score:   0.3 + 0.7*rng.Float64(),
			Source:  fmt.Sprintf("%s#chunk-%d", src, i),
		}
	}
	return &core.Scenario{
		Name:         fmt.Sprintf("generated_%d", n),
		Origin:       "benchmark",
		Documents:    docs,
		SystemPrompt: base.SystemPrompt,
		Tools:        base.Tools,
		History:      base.History,
		ToolResults:  base.ToolResults,
		Settings:     core.DefaultSettings(),
	}
}

// benchModel opens the workbench on sc at a size with the first
// evaluation, the vocabularies and the inspector's counts settled, so
// the timed loop measures steady state.
func benchModel(b testing.TB, sc *core.Scenario, width, height int) Model {
	b.Helper()
	m := New(Config{
		Scenario:  sc,
		Theme:     "dark",
		Now:       func() time.Time { return fixedNow },
		ExportDir: b.TempDir(),
	})
	m = send(b, m, tea.WindowSizeMsg{Width: width, Height: height})
	if len(sc.Documents) >= 100_000 {
		// In this goroutine, without settle's deadline: the first
		// evaluation (every document's BPE count, the shingle index)
		// takes longer than a test's command may.
		m = drainSync(b, m, m.Init())
	} else {
		m = settle(b, m, m.Init())
	}
	if m.eval == nil || m.evalErr != nil {
		b.Fatalf("no evaluation: %v", m.evalErr)
	}
	return m
}

// press delivers a key and drops the commands it returns: what the key
// does to the model, without the work it schedules.
func press(m Model, k string) Model {
	next, _ := m.Update(keyMsg(k))
	return next.(Model)
}

// updateSync delivers a message and runs the commands it returns in
// this goroutine, feeding their messages back, until none is left: what
// the program loop does for a knob change, without the goroutines and
// the deadlines settle adds. Timers are no-ops in tests
// (helpers_test.go), so nothing here waits.
func updateSync(b *testing.B, m Model, msg tea.Msg) Model {
	next, cmd := m.Update(msg)
	return drainSync(b, next.(Model), cmd)
}

// drainSync runs cmd and the commands its messages return, in this
// goroutine, until none is left.
func drainSync(b testing.TB, m Model, cmd tea.Cmd) Model {
	b.Helper()
	queue := []tea.Cmd{cmd}
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 100 {
			b.Fatal("commands did not settle in 100 steps")
		}
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			next, more := m.Update(msg)
			m = next.(Model)
			queue = append(queue, more)
		}
	}
	return m
}

// scrollReady puts the cursor on the last visible row, so each further
// j scrolls the list by a row and brings a new document into view.
func scrollReady(m Model) Model {
	m = press(m, "g")
	for range m.listBodyHeight() - 1 {
		m = press(m, "j")
	}
	return m
}

// BenchmarkView draws a frame at 160x48: still (the same picture again,
// as after a key that changes nothing in the list), and scrolling (j
// between frames, so a row enters the view each frame; only View is
// timed).
func BenchmarkView(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(size.name+"/still", func(b *testing.B) {
			m := benchModel(b, benchScenario(b, size.docs), 160, 48)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				_ = m.View()
			}
		})
		b.Run(size.name+"/scroll", func(b *testing.B) {
			m := scrollReady(benchModel(b, benchScenario(b, size.docs), 160, 48))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				if m.list.Cursor == len(m.list.Listed())-1 {
					m = scrollReady(m)
				}
				offset := m.list.Offset
				m = press(m, "j")
				if m.list.Offset == offset {
					b.Fatalf("j did not scroll: cursor %d offset %d", m.list.Cursor, offset)
				}
				b.StartTimer()
				_ = m.View()
			}
		})
	}
}

// BenchmarkScrollFrame is a scrolling frame as the user feels it: the j
// key's Update (which refreshes the inspector for the new document) and
// the View. The token counts it asks for run in a command, off the frame.
func BenchmarkScrollFrame(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			m := scrollReady(benchModel(b, benchScenario(b, size.docs), 160, 48))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if m.list.Cursor == len(m.list.Listed())-1 {
					b.StopTimer()
					m = scrollReady(m)
					b.StartTimer()
				}
				m = press(m, "j")
				_ = m.View()
			}
		})
	}
}

// BenchmarkKnobCycle is a knob change from key to picture at 160x48: the
// controls focused on the dedup threshold, ← or → in turn (0.85 ⇄ 0.80),
// the evaluation the key schedules run and its result applied, then the
// frame drawn.
func BenchmarkKnobCycle(b *testing.B) {
	// 100,000 documents too: a knob change must stay live there, while
	// a frame's cost, which the other benchmarks watch, does not depend
	// on the count.
	sizes := append(benchSizes[:len(benchSizes):len(benchSizes)], struct {
		name string
		docs int
	}{"docs=100000", 100_000})
	for _, size := range sizes {
		b.Run(size.name, func(b *testing.B) {
			m := benchModel(b, benchScenario(b, size.docs), 160, 48)
			m = press(m, "c")
			if m.focus != paneControls || m.controls.Current().ID != "dedup" {
				b.Fatalf("controls not on the dedup threshold: focus %v on %q", m.focus, m.controls.Current().ID)
			}
			// One cycle each way outside the timer: it must recompute.
			for _, step := range []struct {
				key  string
				want float64
			}{{"left", 0.80}, {"right", 0.85}} {
				m = updateSync(b, m, keyMsg(step.key))
				if m.settings.Pipeline.DedupThreshold != step.want || m.shown != m.gen || m.eval.Settings.Pipeline.DedupThreshold != step.want {
					b.Fatalf("%s: threshold %v, shown generation %d of %d", step.key, m.settings.Pipeline.DedupThreshold, m.shown, m.gen)
				}
			}
			keys := [2]tea.KeyMsg{keyMsg("left"), keyMsg("right")}
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				m = updateSync(b, m, keys[i%2])
				_ = m.View()
			}
		})
	}
}
