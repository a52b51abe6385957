// Package fix owns the remedies for what an evaluation's findings report.
// A fix is only knob changes (KnobChange), so the workbench can preview,
// apply and undo it, an export writes it as settings and the command line
// prints it as flags, all through core's knob table.
//
// Suggest proposes the fixes for an evaluation, best first: fitting the
// allocations to the window, the reserve or the model's own window, a
// smaller largest allocation or a larger cut one, the allocation that
// sends the strongest document left out, the budget before the reorder, a
// dedup threshold derived from a pair's similarity (dedup_pair.go) or by
// canonical URL, and dropping or cutting the largest tool result or
// message through the drop-items and truncate-items list knobs. Each is
// previewed by evaluating the request again with it applied; the preview
// is a core.Preview, the diff core.Compare widens, so a fix says exactly
// what Compare would. KindsFor gives the fixes a finding's code calls
// for, ForFinding ranks them for one finding by whether they go without a
// new warning, and FindingAbout names a finding in a few words. ApplyChanges
// applies a fix through the knob table and ChangeFlags spells it as flags,
// so assemble --suggest prints flags that reproduce its preview.
//
// It sits above core: it evaluates through core.Evaluate and reads the
// knob table, and core never imports it. The preview, the loss it counts
// and the documents whose fate changed stay in core, because Compare is
// made of them too.
package fix
