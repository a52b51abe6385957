package fix

import (
	"ctxlab/core"
	"ctxlab/core/diagnose"
	"ctxlab/core/pipeline"
)

// dedupURLCandidate: documents sent that share a canonical URL are one
// source sent twice; deduplicating by URL keeps the strongest of each.
func dedupURLCandidate(ev *core.Evaluation) []candidate {
	if ev.Build == nil || !hasFinding(ev, diagnose.CodeSameSourceSent) {
		return nil
	}
	return []candidate{{kind: DedupURL,
		changes: []KnobChange{{KnobID: "dedup-key", Value: core.KnobValue{Text: string(pipeline.DedupKeyURL)}}},
		describe: func(p core.Preview) string {
			return "Deduplicate by canonical URL as well as by text: of the documents that share one (an arXiv abstract and its HTML page, a page with and without www.), only the strongest is sent: " +
				describeDocuments(p) + "."
		}}}
}
