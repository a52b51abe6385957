// Package evalview is the workbench's Eval view of a retrieval run: the
// run's aggregate (context recall, the relevant documents lost and where,
// the documents, duplicates and tokens, what the budget did) above a
// table of every query, sortable by any column, with a cursor; with a
// baseline pinned, the run under the baseline's settings and the change
// in words.
//
// Model holds the prepared run (core/evalrun) and runs it in commands:
// RunCmd runs every query under the settings it is given when they
// differ where a run reads them, and cancels the run it replaces; Pin
// runs them under the pinned settings unless the run on screen is
// theirs. The results come back to Update as RanMsg and BaselineMsg,
// tagged with a generation so a superseded one is dropped. Update turns
// keys into an Event the workbench carries out (open the query under
// the cursor, whose scenario and analysis Query gives; go back); View
// draws the lines inside the view's box from the report alone, only the
// rows on screen.
package evalview
