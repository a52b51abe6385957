// Package safetext makes text from input safe to write to a terminal.
//
// Documents, chat messages and requests come from files nobody vetted. An
// escape sequence inside one would be interpreted by the terminal: it could
// move the cursor, retitle the window, or hide text. Everything ctxlab
// shows from input goes through Sanitize first, which keeps the text
// readable but inert. Line does so a character at a time for one line,
// and AppendLine appends the result, so a long text can be made inert a
// window at a time as it is written.
package safetext
