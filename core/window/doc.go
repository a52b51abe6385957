// Package window assembles a whole request within the model's window, as
// the article does: the per-component token budgets and their presets, the
// assembler that fits system prompt, tools, history, retrieved context,
// tool results and query into them, the provider framing tokens around each
// message, and the rendering of tool definitions.
package window
