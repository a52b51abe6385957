package loaders

// chunkedTextSize is the size of one chunk of a long value's text.
const chunkedTextSize = 1 << 20

// chunkedText gathers a long value's text in chunks mapped outside the
// heap (newChunk) and makes it one string of its exact size at the end,
// each chunk unmapped as soon as it is copied. yaml.v3 appends a value
// to a buffer that grows by a quarter at a time: a 35 MB value was held
// up to 2.25 times while it grew, with each outgrown buffer left to the
// collector, and a history of one such message peaked at 4.1 times its
// size. Gathered so, the value costs its size and one chunk.
type chunkedText struct {
	chunks inputChunks
	cur    []byte // the chunk being filled
	mapped bool
}

func (t *chunkedText) write(b []byte)       { writeChunked(t, b) }
func (t *chunkedText) writeString(s string) { writeChunked(t, s) }

// writeChunked appends text to t's chunks, filing each as it fills.
func writeChunked[T string | []byte](t *chunkedText, text T) {
	for len(text) > 0 {
		if len(t.cur) == cap(t.cur) {
			t.nextChunk()
		}
		n := copy(t.cur[len(t.cur):cap(t.cur)], text)
		t.cur = t.cur[:len(t.cur)+n]
		text = text[n:]
	}
}

func (t *chunkedText) writeByte(c byte) {
	if len(t.cur) == cap(t.cur) {
		t.nextChunk()
	}
	t.cur = append(t.cur, c)
}

// nextChunk files the full chunk and starts a new one.
func (t *chunkedText) nextChunk() {
	t.fileCurrent()
	chunk, mapped := newChunk(chunkedTextSize)
	t.cur, t.mapped = chunk[:0], mapped // [:0] keeps the mapping's start and capacity
}

func (t *chunkedText) fileCurrent() {
	if cap(t.cur) > 0 {
		t.chunks.add(t.cur, t.mapped)
		t.cur = nil
	}
}

// string is the text, in a string of its size; the chunks are used up.
func (t *chunkedText) string() string {
	t.fileCurrent()
	return t.chunks.text()
}

// free lets go of the chunks, for a text that is not used after all.
func (t *chunkedText) free() {
	t.fileCurrent()
	t.chunks.free()
}
