// Package evalinput loads what eval measures: a retrieval run (TREC run
// lines or JSON Lines), its corpus and queries (BEIR JSON Lines) and its
// relevance judgments (TREC or BEIR qrels), joined into a core/evalrun
// evaluation.
package evalinput
