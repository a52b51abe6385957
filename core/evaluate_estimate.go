package core

import "slices"

// CountEstimateNote is the note that the settings' token counts are
// estimates for their model (see ResolveModel), or "". It is worked out
// from the settings at each evaluation, not once when the input loads,
// because the workbench's model and tokenizer controls change both.
func CountEstimateNote(s Settings) string {
	if s.Model == "" || s.Pipeline.Tokenizer == nil {
		return ""
	}
	res, err := ResolveModel(s.Model, s.Pipeline.Tokenizer.Name(), true)
	if err != nil {
		return ""
	}
	return res.Note
}

// withNote is notes with note added once: a loader may have said it
// already.
func withNote(notes []string, note string) []string {
	if note == "" || slices.Contains(notes, note) {
		return notes
	}
	return append(slices.Clip(notes), note)
}
