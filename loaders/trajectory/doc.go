// Package trajectory reads an agent's trajectory, the requests of one
// conversation in order, from any of the shapes it is recorded in:
//
//   - a VCR cassette: every interaction whose request is a chat request,
//     in order, with the usage its response recorded (input, cached and
//     cache-write tokens);
//   - a JSON array of chat request bodies, or a folder of them (files in
//     name order);
//   - one conversation given whole: a chat request body, or a bare
//     message list, whose messages hold the full conversation; each
//     assistant message was one request made of the messages before it
//     (tau-bench's trajectory dumps are in this form). Messages after
//     the last assistant message are not a turn.
//
// Each turn's request body is opened with request.Parse and
// measured as `ctxlab assemble --request` measures it. Errors name the
// file and the turn.
package trajectory
