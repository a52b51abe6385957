// Package termprobe stops Bubble Tea v1 from querying the terminal when
// the program starts.
//
// bubbletea's init asks the terminal for its background colour (OSC 11)
// in every process that links it, so that Lip Gloss has the answer before
// a Program takes the terminal. ctxlab links it for the workbench, but most
// runs are headless (build, assemble, version): there the query is wasted,
// and a terminal that never answers it (script(1), some IDE consoles)
// would stall each command for termenv's five-second timeout.
//
// Go initializes packages in import-path order once their imports are
// ready, so this package, which needs only Lip Gloss and sorts before
// github.com/charmbracelet/bubbletea, runs first and marks the background
// as known. The workbench asks again, on its own renderer, just before its
// Program starts (tui.Run), unless NO_COLOR is set: the background picks
// the default theme, and tells whether a chosen dark or light theme must
// paint its own.
package termprobe
