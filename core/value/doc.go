// Package value holds the values every part of the engine passes around: a
// retrieved Document and a chat Message. It imports nothing of ctxlab.
package value
