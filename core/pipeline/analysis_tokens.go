package pipeline

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"ctxlab/core/tokens"
	"ctxlab/internal/workerpanic"
)

// TokenProgress is how far a count of a document set's tokens has got.
// Bytes measure it better than documents: one huge document is most of
// the work of some sets.
type TokenProgress struct {
	Docs, TotalDocs   int
	Bytes, TotalBytes int
}

// Fraction is the share of the bytes counted, from 0 to 1.
func (p TokenProgress) Fraction() float64 {
	if p.TotalBytes == 0 {
		return 1
	}
	return float64(p.Bytes) / float64(p.TotalBytes)
}

// tokenJob is one tokenizer's counts, computed once: callers that ask
// while it runs wait for it rather than count again.
type tokenJob struct {
	done   chan struct{}
	counts TokenCounts
	made   bool // false if the counting was cancelled or failed
}

// Tokens returns every document's token count under tok, computing them
// the first time tok is asked for. The slice is shared: do not modify it.
func (a *Analysis) Tokens(tok tokens.Tokenizer) TokenCounts {
	counts, _ := a.CountTokens(context.Background(), tok, nil)
	return counts
}

// Counted reports whether tok's counts are made, so Tokens returns at once.
func (a *Analysis) Counted(tok tokens.Tokenizer) bool {
	a.mu.Lock()
	job, ok := a.tokens[tok.Name()]
	a.mu.Unlock()
	if !ok {
		return false
	}
	select {
	case <-job.done:
		return job.made
	default:
		return false
	}
}

// CountTokens is Tokens on every core, cancellable: it returns ctx's
// error, and keeps nothing, if ctx ends first. progress, if not nil, is
// called from the calling goroutine as documents finish (at most once per
// thousandth of the bytes, and once at the end); a caller that finds the
// counts already being made by another waits for them without progress.
func (a *Analysis) CountTokens(ctx context.Context, tok tokens.Tokenizer, progress func(TokenProgress)) (TokenCounts, error) {
	for {
		a.mu.Lock()
		job, running := a.tokens[tok.Name()]
		if !running {
			job = &tokenJob{done: make(chan struct{})}
			a.tokens[tok.Name()] = job
		}
		a.mu.Unlock()
		if !running {
			return a.runTokenJob(ctx, job, tok, progress)
		}
		select {
		case <-job.done:
			if job.made {
				return job.counts, nil
			}
			// The counting it waited for was cancelled; count itself.
		case <-ctx.Done():
			return TokenCounts{}, ctx.Err()
		}
	}
}

// runTokenJob makes job's counts and hands them to the callers waiting
// for them. A count that fails, or panics, keeps nothing, so the next
// caller starts over rather than wait for a job that will never end.
func (a *Analysis) runTokenJob(ctx context.Context, job *tokenJob, tok tokens.Tokenizer, progress func(TokenProgress)) (counts TokenCounts, err error) {
	finished := false
	defer func() {
		a.mu.Lock()
		if err != nil || !finished {
			delete(a.tokens, tok.Name()) // the next caller starts over
		}
		job.counts, job.made = counts, err == nil && finished
		a.mu.Unlock()
		close(job.done)
	}()
	counts, err = a.countTokens(ctx, tok, progress)
	finished = true
	return counts, err
}

// countTokens counts with one worker per core, each claiming the next
// block of documents, so a few long documents do not leave the other
// cores idle while the hand-offs (a claim and a progress step) stay one
// per block, not one per document: a heuristic count of a document is
// cheaper than a channel send. A worker's panic is raised again here.
func (a *Analysis) countTokens(ctx context.Context, tok tokens.Tokenizer, progress func(TokenProgress)) (TokenCounts, error) {
	counts := newTokenCounts(len(a.Docs))
	total := TokenProgress{TotalDocs: len(a.Docs)}
	for _, d := range a.Docs {
		total.TotalBytes += len(d.Content)
	}
	workers := min(runtime.GOMAXPROCS(0), len(a.Docs))
	// About 64 blocks a worker: even enough, and progress moves often.
	block := max(1, len(a.Docs)/(64*max(workers, 1)))
	var next atomic.Int64
	steps := make(chan countStep, 4*max(workers, 1))
	var wg sync.WaitGroup
	var panics workerpanic.Relay
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer panics.Catch()
			for ctx.Err() == nil {
				end := int(next.Add(int64(block)))
				start := end - block
				if start >= len(a.Docs) {
					return
				}
				crashTestWorker()
				step := countStep{}
				for i := start; i < min(end, len(a.Docs)); i++ {
					if ctx.Err() != nil {
						return // a cancel stops a block midway
					}
					n, read, err := countOne(ctx, tok, a.Docs[i].Content, steps)
					if err != nil {
						return
					}
					counts.set(i, n)
					step.bytes += len(a.Docs[i].Content) - read
					step.docs++
				}
				steps <- step
			}
		}()
	}
	go func() { wg.Wait(); close(steps) }()
	done, reported := total, -1
	done.Docs, done.Bytes = 0, 0
	for step := range steps {
		done.Docs += step.docs
		done.Bytes += step.bytes
		if progress == nil {
			continue
		}
		if permille := int(done.Fraction() * 1000); permille != reported || done.Docs == done.TotalDocs {
			reported = permille
			progress(done)
		}
	}
	// The steps end when every worker has; one that panicked sent none
	// for its block, so the counts are not used.
	panics.Raise()
	if err := ctx.Err(); err != nil && done.Docs < done.TotalDocs {
		return TokenCounts{}, err
	}
	if progress != nil && len(a.Docs) == 0 {
		progress(done)
	}
	return counts, nil
}

// countStep is a worker's news: bytes more read, and how many documents
// were finished.
type countStep struct {
	bytes int
	docs  int
}

// inStepsFrom: a document this long is counted in steps, so its progress
// shows and a cancel stops it midway, when the tokenizer can.
const inStepsFrom = 1 << 20

// countOne counts one document, in steps when it is long, reporting the
// bytes of each step; read is how many bytes it reported.
func countOne(ctx context.Context, tok tokens.Tokenizer, text string, steps chan<- countStep) (n, read int, err error) {
	counter, ok := tok.(tokens.ContextCounter)
	if !ok || len(text) < inStepsFrom {
		return tok.Count(text), 0, nil
	}
	n, err = counter.CountContext(ctx, text, func(bytes int) {
		steps <- countStep{bytes: bytes - read}
		read = bytes
	})
	return n, read, err
}

// ForgetTokens drops tok's counts if they are made, so they can be
// collected once no Build holds them; a later Tokens counts again. The
// workbench counts with the heuristic while a vocabulary's counts are
// made, and then no longer needs the heuristic's (4 MB a million
// documents). Counts still being made are left to finish.
func (a *Analysis) ForgetTokens(tok tokens.Tokenizer) {
	a.mu.Lock()
	defer a.mu.Unlock()
	job, ok := a.tokens[tok.Name()]
	if !ok {
		return
	}
	select {
	case <-job.done:
		delete(a.tokens, tok.Name())
	default:
	}
}
