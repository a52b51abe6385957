// Package jsonstring writes strings as encoding/json encodes them
// (HTML-safe escapes, U+2028 and U+2029 escaped, invalid UTF-8 as
// U+FFFD), whole or a part at a time. The reference pipeline's
// hand-written JSON and the assemble report's streamed messages both
// use it, so a long string is escaped in windows instead of being held
// escaped whole in a buffer. It depends on the standard library only, so
// the engine may import it.
package jsonstring
