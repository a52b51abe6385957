// Package timeline is the workbench's Timeline view: an agent's
// trajectory turn by turn, one stacked bar per turn (the tools, the
// system prompt, compaction's summary, the history, the last user
// message, the tool results and the stubs of cleared ones, then the
// reserve and what the policy removed), the window and the first turn
// over it marked, and each turn's cached prefix. Below the bars, every
// trim policy side by side, with deltas against a pinned baseline
// policy.
//
// The replay (core/trajectory.Replay, every policy, with each turn's
// parts) runs in the command ReplayCmd returns; the model only keeps
// its report, the chosen turn and policy and the pinned one. Update
// turns keys into an Action the workbench carries out (open a turn's
// request as the scenario, go back); View draws from the report alone,
// so a frame of 2,000 turns costs a pass over the turns and a string of
// the screen's cells: each style's escape sequences are taken once per
// frame and written around runs of cells, never rendered cell by cell.
package timeline
