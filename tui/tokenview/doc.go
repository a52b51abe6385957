// Package tokenview is the workbench's tokens: the exact counts made in
// a background job while the heuristic's stand in, and the text as the
// tokenizer reads it.
//
// The workbench never waits for a tokenizer. StandIn gives the settings
// to evaluate now: while the chosen tokenizer's vocabulary loads, or a
// large document set is counted, the heuristic stands in and the
// tokenizer is named pending. A Counter runs the job that loads the
// vocabulary and counts the documents on every core, in a command; its
// progress is copied on each TickMsg for the header (Words), esc stops
// it (Stop), and its DoneMsg says Counted, for the workbench to evaluate
// again with exact counts, or Stopped. ForgetStandIn drops the
// heuristic's counts once the exact ones are shown.
//
// The token view (T) shows text as the tokenizer reads it: each token in
// alternating shades, parted by ▏ without colour, a line break drawn as
// ↵ and a tab as →, then the token ids (Write); Context draws every
// message of the request so, Inspector a document's excerpt. Every
// piece is made inert with safetext before it is styled.
package tokenview
