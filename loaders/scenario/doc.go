// Package scenario loads scenario files: a scenario's settings, its
// documents and history (by paths that stay inside the scenario's own
// folder, files.go), its agent, eval and recorded parts, and budget
// presets. It also reads budget files (budgetfile.go, budget_presets.go)
// and the settings files diff compares (settings_file.go), and writes a
// scenario back (export.go).
//
// A scenario's settings are read through core's knob table, each key with
// its line number (knobs.go), and written back the same way (export.go).
// It builds on the docs, history and request loaders; nothing but the
// command line imports it.
package scenario
