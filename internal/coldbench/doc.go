// Command coldbench measures a cold `ctxlab build` against the Python
// reference on real text: every paragraph of this machine's Debian
// copyright files, written to a JSON Lines file in the system's temporary
// directory (never committed). It runs both on the same file, checks that
// their results are equal, and prints the times, the ratio and ctxlab's
// peak memory:
//
//	go build -o BIN . && go run ./internal/coldbench -ctxlab BIN
//
// BenchmarkColdBuild runs the same build in process, for profiles and
// traces.
package main
