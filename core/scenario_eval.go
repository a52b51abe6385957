package core

// EvalRunPaths name a retrieval run of many queries to evaluate under a
// scenario's settings, as a scenario file's `eval:` key gives them:
// paths the loaders resolved; the CLI reads the files.
type EvalRunPaths struct {
	Run, Corpus, Queries, Qrels string
}
