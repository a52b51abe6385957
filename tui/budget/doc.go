// Package budget is the workbench's budget block and the hint under the
// pipeline strip. The block is one bar for the whole window (each
// component's tokens as sent, the reply reserve, the free space) with
// what limits the request in as many words as the width leaves room
// for, then a grid of the components' bars against their allocations,
// each with its figures and a marker (over, cut, dropped whole, the
// retrieved context's headers) in the wordiest form every cell can hold.
// With a baseline pinned, a component whose tokens changed against it
// says by how many first. The hint says why documents are left out
// while the window has room: the retrieved context's allocation decides.
//
// It holds no state and answers no key: View, Rows, HintWords and Hint
// are functions of the styles, the evaluation, the comparison with the
// baseline and a width, which the workbench calls as it lays out and
// draws the screen. Every bar's length depends on the width alone, never
// on a figure or a marker, so a change does not make the bars jump.
package budget
