// Package window assembles a whole request within the model's window after
// the article's assembler (counting message framing in the total and
// dropping a component whose allocation is zero are ctxlab's choices):
// the per-component token budgets and their presets, the
// assembler that fits system prompt, tools, history, retrieved context,
// tool results and query into them, the provider framing tokens around each
// message, and the rendering of tool definitions.
package window
