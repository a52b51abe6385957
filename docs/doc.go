// Package docs holds ctxlab's reference documentation as Markdown. It has
// no code: its test (docs_test.go) runs every command the README and these
// pages quote in console blocks and compares what ctxlab prints.
package docs
