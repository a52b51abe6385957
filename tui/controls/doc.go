// Package controls is the workbench's controls strip: a control for every
// knob of core's knob table that has one (def.go), ordered for the input
// (order.go: the pipeline's knobs last for a request with no documents),
// stepped with ←/→, typed after enter, found by name after : (find.go),
// and drawn as a flow of "label ◂value▸" items scrolled to the selected
// one (view.go).
//
// A Strip never holds the settings: it is given the settings in force,
// and a key returns an Outcome (update.go) with new settings for the root
// model to validate and evaluate, a reset, or the keyboard given back. A
// control's get and set work on a copy of the settings through the knob
// table, so the strip changes nothing itself.
package controls
