// Package evalrun runs the reference's pipeline over many queries at once,
// each with its own retrieved documents, and measures what reaches the
// context: per query and in aggregate, with context recall when relevance
// judgments are given. It is pure: loaders build a Set, the CLI and the
// workbench render a Report.
//
// For every query the pipeline runs as core's settings say and, under
// budgeted settings, the article's assembler cuts the block to the
// retrieved context's allocation, keeping its start. Each relevant
// document's fate is recorded: sent, whole or in part, or lost at a
// stage (reranked out, filtered, duplicate, over budget, cut by the
// assembler). Context recall counts what is sent; the block's recall,
// before the assembler's cut, is kept beside it. A query holds its
// documents, or indexes into a shared Corpus from which they are made
// only while the query is evaluated.
//
// How the per-query analyses are kept depends on who runs them. Prepare
// keeps every query's analysis, for a workbench that runs the set again
// on every knob change; OnePass analyzes each query as a worker reaches
// it and lets it go, for eval's single run and for a sweep, which runs
// every value on a query before the next; PrepareWithin is Prepare while
// the analyses' estimated size fits a budget, and OnePass past it.
//
// Prepared.Aggregate gives the Figures sweeps and baselines compare;
// Prepared.Sweep gives them per value of one knob; FiguresChange says in
// words how an aggregate differs from a baseline's; BudgetWords says what
// the budget did, in the words eval and the workbench's Eval view share.
package evalrun
