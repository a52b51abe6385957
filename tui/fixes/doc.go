// Package fixes is the workbench's fix preview: the changes of settings
// that fix.Suggest finds for the evaluation on screen, each previewed as
// a diff of the request (its tokens against the max input, the components
// that move, the findings that go away or appear, every document that
// changes fate, the flags that apply it headless), applied through the
// knob table, and undone one by one from a stack of the settings each
// applied fix replaced.
//
// A Pane never holds the settings in force or the evaluation: a key is
// given them in a Screen and returns an Outcome with settings for the
// root model to validate and evaluate, a line for the status bar, or a
// search to start. The search runs in the command Search returns, since
// each fix is an evaluation of its own; its result comes back as a
// SuggestionsMsg, which Receive installs when it is still for the
// evaluation on screen. View draws the preview from the fixes alone.
package fixes
