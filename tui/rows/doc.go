// Package rows is the document list's rows: which documents a pipeline
// stage lists and how each looks. Stage is a step the list can show
// (Input, Filter, Sort, Dedup, Reorder, Budget; the article's builder has
// three), StagesFor the steps of an evaluation's builder, and ForStage
// the rows of one: documents that left at an earlier stage stay listed
// where they explain themselves, filtered ones first and each duplicate
// after the document it duplicates (rows.go).
//
// A Row holds only its document and whether it left, 8 bytes, so a
// million-document list costs 8 MB. How it looks is a Look, read from
// the trace when the row is drawn, measured or exported (LookOf, or a
// Source's Look) and dropped: its glyph, Tone, score, tokens and Note,
// read through methods. A Tone names the style a fate is drawn in
// (Tone.Style); FateLook gives a fate's glyph and tone, for the other
// views that draw fates. A Note is the numbers a row's note is made of,
// put into words (Text) only for the rows drawn or measured (note.go);
// Layout fits the list's columns to its rows, measuring one note per
// shape (layout.go, note_shape.go).
//
// The pipeline strip above the list draws each stage with its count and,
// once the assembler cut the retrieved context, the fates after it
// (stages.go: Strip, SentCounts). DisplayNumber is the number a document
// is known by, its place in the scenario's input.
//
// The package reads a core.Evaluation and never changes it; it keeps no
// state between calls.
package rows
