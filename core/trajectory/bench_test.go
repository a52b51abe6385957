package trajectory

import (
	"context"
	"testing"
)

// benchTurns and benchResultWords make a trajectory of 2,000 turns whose
// last requests hold about 100,000 tokens.
const (
	benchTurns       = 2000
	benchResultWords = 4
)

// BenchmarkReplay replays every policy over 2,000 turns and prices them.
func BenchmarkReplay(b *testing.B) {
	tr := buildConversation(b, agentConversation(benchTurns, benchResultWords), "gpt-4o", 128_000, 4096)
	last := tr.Turns[len(tr.Turns)-1].InputTokens
	if last < 90_000 || last > 130_000 {
		b.Fatalf("the last request holds %d tokens; want about 100,000", last)
	}
	opts := openAIOptions("gpt-4o")
	b.ResetTimer()
	for range b.N {
		if _, err := Replay(context.Background(), tr, Defaults(), opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(last), "last-request-tokens")
}

// BenchmarkBuild measures and interns the same 2,000 turns: each
// distinct message is counted once.
func BenchmarkBuild(b *testing.B) {
	msgs := agentConversation(benchTurns, benchResultWords)
	for range b.N {
		buildConversation(b, msgs, "gpt-4o", 128_000, 4096)
	}
}
