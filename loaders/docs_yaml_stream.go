package loaders

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"ctxlab/core/value"
)

// streamYAMLRecords reads a YAML input that is a top-level block sequence
// of plain document records in blocks of whole items (yamlItemBlocks),
// each block parsed on its own (decodeYAMLRun) on every core while the
// next is read, as JSON Lines is: the file is never held whole,
// nor its node tree, beside its documents. detect says the format is to
// be detected, so a file the detector would take for JSON or CSV is
// declined. handled is false for anything else and for a file with any
// problem: the caller then reads it whole, which says what is wrong
// exactly as it always has. The documents are those the whole-file
// reader makes of the same file, in order.
func streamYAMLRecords(in docInput, detect bool) (docs []value.Document, handled bool, err error) {
	path := in.name
	f, _, err := in.open()
	if err != nil {
		return nil, false, inputError("loading documents", err)
	}
	defer f.Close()
	blocks := newYAMLItemBlocks(f, yamlRunSize)
	decoder := newBlockDecoder(path, decodeYAMLBlock, blocks.recycle)
	defer decoder.stop()
	for first := true; decoder.accepting(); first = false {
		block, long, err := blocks.next()
		if err != nil {
			return nil, false, inputError("loading documents", err)
		}
		if long {
			item := blocks.longItem()
			if first && detect {
				// The first line decides against CSV as it passes (a
				// CSV header may run on past what is held).
				if looksLikeJSON(item.pending) {
					return nil, false, nil
				}
				item.header = newCSVFirstRow()
			}
			docs, ok, err := decodeLongYAMLItem(path, item, first)
			if err != nil {
				return nil, false, inputError("loading documents", err)
			}
			if !ok {
				return nil, false, nil
			}
			decoder.add(docs)
			continue
		}
		if block == nil {
			break
		}
		buf := block
		if first {
			// The first block holds the file's start and its first item,
			// which decide the syntax and the list's shape (by its first
			// element, as the whole-file reader decides it).
			if detect && !detectedAsYAML(block, blocks.eof && len(blocks.carry) == 0) {
				return nil, false, nil
			}
			var piece []byte
			piece, block = firstYAMLItem(block)
			doc, ok := firstYAMLRecord(path, piece)
			if !ok {
				return nil, false, nil
			}
			decoder.add([]value.Document{doc})
		}
		decoder.decode(block, buf)
	}
	docs, ok := decoder.wait()
	if !ok || blocks.uncut || len(docs) == 0 {
		return nil, false, nil
	}
	return docs, true, nil
}

// detectedAsYAML reports whether detectDocuments, given the file that
// begins with block (all of it when eof), would read it as YAML, judged
// on block alone (detectedFromStart).
func detectedAsYAML(block []byte, eof bool) bool {
	format, judged := detectedFromStart(block, eof)
	return judged && format == FormatYAML
}

// firstYAMLItem splits the first block into its first item (with the
// lines before it) and the items after it.
func firstYAMLItem(block []byte) (piece, rest []byte) {
	seen := false
	for at := 0; at < len(block); {
		end := len(block)
		if i := bytes.IndexByte(block[at:], '\n'); i >= 0 {
			end = at + i + 1
		}
		if yamlLineKindOf(block[at:end]) == yamlItemStart {
			if seen {
				return block[:at], block[at:]
			}
			seen = true
		}
		at = end
	}
	return block, nil
}

// firstYAMLRecord decodes the file's first item, which must be a plain
// record for the file to be a list of them.
func firstYAMLRecord(path string, piece []byte) (value.Document, bool) {
	items, ok := decodeYAMLRun(path, yamlRun{text: piece, items: 1})
	if !ok {
		return value.Document{}, false
	}
	return yamlRecord(path, items[0], true)
}

// decodeYAMLBlock decodes a block of whole items, each a plain record;
// ok is false at the first that is not, or when the block does not
// decode on its own.
// Errors are not kept: a file with any is read whole, which reports them.
func decodeYAMLBlock(path string, block []byte) (docs []value.Document, ok bool) {
	if len(block) == 0 {
		return nil, true
	}
	// The block is one run: its items are parsed at once.
	runs, ok := cutYAMLRuns(block, len(block)+1)
	if !ok {
		return nil, false
	}
	items, ok := decodeYAMLRun(path, runs[0])
	if !ok {
		return nil, false
	}
	docs = make([]value.Document, 0, len(items))
	for _, item := range items {
		doc, ok := yamlRecord(path, item, false)
		if !ok {
			return nil, false
		}
		docs = append(docs, doc)
	}
	return docs, true
}

// yamlItemBlocks cuts a reader into blocks of whole top-level items of
// about size bytes (a longer item is a block of its own), reusing the
// buffers given back with recycle. It stops, setting uncut, at the first
// line no item may hold (yamlLineKindOf).
type yamlItemBlocks struct {
	r    *bufio.Reader
	size int
	// carry is the start of the item that begins the next block, read
	// before the last block was handed out; midLine says the rest of
	// its first line is still to be read.
	carry   []byte
	midLine bool
	seen    bool // an item has begun
	lines   yamlLines
	eof     bool
	uncut   bool
	free    chan []byte
	// long is the start of an item longer than yamlLongItemBytes, read
	// while a block was made: the item is to be streamed (longItem),
	// not held as a block.
	long []byte
}

func newYAMLItemBlocks(r io.Reader, size int) *yamlItemBlocks {
	return &yamlItemBlocks{r: bufio.NewReaderSize(r, 64<<10), size: size, free: make(chan []byte, 8)}
}

// next returns the next block, nil at the end or once the input proved
// not to be cut. The block is the caller's until it passes it to recycle.
// long is true, and block nil, when the next item is longer than
// yamlLongItemBytes: the caller reads it with longItem instead.
func (b *yamlItemBlocks) next() (block []byte, long bool, err error) {
	if b.long != nil {
		return nil, true, nil
	}
	if (b.eof && len(b.carry) == 0) || b.uncut {
		return nil, false, nil
	}
	var buf []byte
	select {
	case buf = <-b.free:
	default:
		buf = make([]byte, 0, b.size)
	}
	buf = append(buf[:0], b.carry...)
	// The block's last item begins at itemAt: the carry is an item's
	// start, and in the file's first block the lines before the first
	// item go with it.
	hasItem, itemAt := len(b.carry) > 0, 0
	b.carry = b.carry[:0]
	lineStart := !b.midLine
	for !b.eof {
		// A fragment is a whole line, or the first 64 KB of a longer one:
		// enough to classify it.
		frag, err := b.r.ReadSlice('\n')
		if errors.Is(err, io.EOF) {
			b.eof = true
		} else if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return nil, false, err
		}
		if lineStart && len(frag) > 0 {
			switch b.lines.kind(frag) {
			case yamlUncut:
				b.uncut = true
				return nil, false, nil
			case yamlItemStart:
				if b.seen && len(buf) >= b.size-b.size/4 {
					// The block is full: this item begins the next one.
					// Cut with a quarter left, an item of up to that
					// size does not outgrow the buffer, which is then
					// reused.
					b.carry = append(b.carry, frag...)
					b.midLine = errors.Is(err, bufio.ErrBufferFull)
					return buf, false, nil
				}
				b.seen = true
				if hasItem {
					itemAt = len(buf)
				}
				hasItem = true
			}
		}
		buf = append(buf, frag...)
		lineStart = !errors.Is(err, bufio.ErrBufferFull)
		if hasItem && len(buf)-itemAt > yamlLongItemBytes && !b.eof {
			// The rest of this item is streamed to the parser, not held:
			// a 50 MB item held as a block peaked at 4.6 times the file.
			b.midLine = !lineStart
			if itemAt == 0 {
				b.long = buf
				return nil, true, nil
			}
			b.long = bytes.Clone(buf[itemAt:])
			return buf[:itemAt], false, nil
		}
	}
	b.midLine = false
	if len(buf) == 0 {
		b.recycle(buf)
		return nil, false, nil
	}
	return buf, false, nil
}

// recycle gives a block's buffer back for a later block. A long item's
// buffer is left to the collector, as lineBlocks.recycle leaves a long
// line's.
func (b *yamlItemBlocks) recycle(block []byte) {
	if cap(block) != b.size {
		return
	}
	select {
	case b.free <- block[:0]:
	default:
	}
}
