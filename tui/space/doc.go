// Package space is the workbench's view 6, what takes the space: every
// component, tool definition, message, tool call or result and document
// of the request the evaluation assembled (core.Evaluation.Space),
// ranked, with its tokens as sent, its shares of the window and of the
// max input, a bar against the largest item and what its component's
// cut took from it.
//
// The model keeps the items, the order they are sorted by (s cycles
// tokens, request order, kind) and the cursor, which stays on its item
// across a new evaluation and a new order. Update turns keys into an
// Action the workbench carries out: Jump shows the item where it lives
// (a document on its row of the list, anything else at its message in
// the Context view, ContextLine says which line), Back returns to the
// list. View draws the box's content from the items on screen alone, so
// a request of thousands of messages costs no more than a short one; the
// workbench draws the box around it with Title.
package space
