// Package export is the workbench's export (e) and copy (y). An export
// writes, into a folder of its own (ctxlab-export-DATE-TIME, then -2,
// -3… when one exists), messages.json, the request as the provider would
// receive it (OpenAI chat completions, Anthropic Messages or the
// Responses API, as it was read); scenario.yaml, the settings as a
// loadable scenario; report.txt, the screen as plain text followed by
// every document of the list; and report.html when the workbench has a
// page writer. It appends the metrics record to a JSONL file when asked
// to. A copy sends the context block to the clipboard without its
// control sequences.
//
// A Job is captured when the key is pressed, the screen as a function
// the command calls, so later keys cannot change what is written; Cmd
// and CopyCmd do the work in a command and report with a DoneMsg, the
// status line's text. Each file is written as a stream, buffered, into
// a temporary file renamed into place, so a set of any size costs a
// buffer beside what the workbench holds and no reader sees half a
// file: messages.json through internal/jsonout's indent writer, each
// message's content escaped a window at a time, in MarshalIndent's
// bytes.
package export
