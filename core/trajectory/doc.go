// Package trajectory replays an agent's trajectory (the requests one
// conversation made, turn by turn) under trim policies and prices what
// each does to the prompt cache.
//
// A Trajectory is built turn by turn with a Builder: each turn's request
// is measured as sent by the same counting `ctxlab assemble --request`
// uses (window.Assemble in measure mode), and its messages are interned,
// so a message the trajectory repeats in every later request is counted
// once. Replay then runs each Policy over the turns: as sent, the last N
// units, drop-oldest, watermark hysteresis, compaction and tool-result
// clearing. A unit is one message, or an assistant's tool calls together
// with the tool results that answer them, so no policy orphans a tool
// result or splits a call from its results. Each served request is
// matched against the one served before it to find its cached prefix by
// the provider's rules (tokens.CacheRulesFor); a request over the window
// is refused, caches nothing and costs nothing.
package trajectory
