// Package jsonout writes JSON as encoding/json writes it: Encode writes
// a value indented, made safe for a terminal, and passed on in chunks
// (Writer), so a report of a large document set is never held indented
// whole beside its compact encoding; Append and AppendPart write a
// string as encoding/json encodes it (HTML-safe escapes, U+2028 and
// U+2029 escaped, invalid UTF-8 as U+FFFD), whole or a part at a time,
// for JSON written by hand. It depends on the standard library only, so
// the engine may import it.
package jsonout
