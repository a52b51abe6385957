// Package chatbody checks that a request body is one a chat API takes as
// it is: the exported messages.json and `ctxlab assemble --format json` in
// the chat layout are meant to be replayed, and the tests of the
// assembler, the command line and the workbench hold them to it.
// CheckOpenAI applies the rules of OpenAI's Chat Completions API,
// CheckResponses those of OpenAI's Responses API and CheckAnthropic
// those of Anthropic's Messages API: the roles or item types, the order
// of messages, and every tool call answered by an output that names it.
package chatbody
