package pipeline

import (
	"crypto/md5"
	"hash"
	"unicode"
	"unicode/utf8"

	"ctxlab/core/pycompat"
)

// contentHasher computes the reference's exact-duplicate key,
// md5(re.sub(r"\s+", " ", content.lower()).encode()), in one pass over
// the content: each character is lowercased and whitespace collapsed
// into a buffer that is hashed as it fills, so neither the lowercased
// nor the collapsed copy of a document is ever built. The bytes hashed
// are those of pycompat.CollapseWhitespace(strings.ToLower(content)):
// an invalid byte becomes U+FFFD as strings.ToLower makes it, each
// character is lowercased by unicode.ToLower before it is tested for
// whitespace, and a run of whitespace is one space, leading and trailing
// runs included (TestContentHashIsTheReferenceKey). One hasher serves
// one goroutine.
type contentHasher struct {
	buf    [8 << 10]byte
	n      int
	stream hash.Hash // for a content longer than buf, created once
}

// sum returns content's key.
func (c *contentHasher) sum(content string) [md5.Size]byte {
	c.n = 0
	streaming := false
	inSpace := false
	for i := 0; i < len(content); {
		if c.n > len(c.buf)-utf8.UTFMax {
			if !streaming {
				if c.stream == nil {
					c.stream = md5.New()
				}
				c.stream.Reset()
				streaming = true
			}
			c.stream.Write(c.buf[:c.n])
			c.n = 0
		}
		b := content[i]
		if b < utf8.RuneSelf {
			i++
			if asciiSpace[b] {
				if !inSpace {
					c.buf[c.n] = ' '
					c.n++
					inSpace = true
				}
				continue
			}
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			c.buf[c.n] = b
			c.n++
			inSpace = false
			continue
		}
		r, size := utf8.DecodeRuneInString(content[i:])
		i += size
		r = unicode.ToLower(r)
		if pycompat.IsSpace(r) {
			if !inSpace {
				c.buf[c.n] = ' '
				c.n++
				inSpace = true
			}
			continue
		}
		c.n += utf8.EncodeRune(c.buf[c.n:], r)
		inSpace = false
	}
	if !streaming {
		return md5.Sum(c.buf[:c.n])
	}
	c.stream.Write(c.buf[:c.n])
	return [md5.Size]byte(c.stream.Sum(nil))
}
