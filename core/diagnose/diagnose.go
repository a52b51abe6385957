package diagnose

// Diagnose returns every finding about the input, worst first. It never
// fails: a part that is missing (no builder trace, no assembly) only
// means the findings about it are not made.
func Diagnose(in Input) []Finding {
	in.texts = newDocTexts(in.Documents, in.Texts)
	var fs []Finding
	for _, check := range []func(*Input) []Finding{
		overflowFindings,
		scoreFindings,
		strongDocFindings,
		conflictFindings,
		componentFindings,
		dominanceFindings,
		headerFindings,
		sameSourceFindings,
		unusedAllocationFindings,
		tokenizerFindings,
		billFindings,
		trimFindings,
	} {
		fs = append(fs, check(&in)...)
	}
	for i := range fs {
		if fs[i].Refs == nil {
			fs[i].Refs = []Ref{} // "refs": [] in JSON, never null
		}
	}
	sortFindings(fs)
	return fs
}
