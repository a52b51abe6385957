package docs

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/goccy/go-json/jsontext"
	jsonv2 "github.com/goccy/go-json/v2"

	"ctxlab/core/value"
	"ctxlab/internal/workerpanic"
	"ctxlab/loaders"
)

// streamJSONLines reads a JSON Lines file of plain document records in
// blocks of whole lines, decoded on every core while the next block is
// read, so a large retrieval run is never held whole beside its documents
// and its decoding does not wait for one core. handled is false for
// anything else, or for a file with any problem (a record spread over
// lines, a byte-order mark, invalid UTF-8 or JSON, a bad field, a single
// value that might be a wrapper shape): the caller then reads the file
// whole, which says what is wrong exactly as it always has. The documents
// are those the whole-file reader makes from the same records, in order.
// r is the input from its start (bounded, NewInputReader); name is how
// errors and documents call it.
func streamJSONLines(name string, r io.Reader) (docs []value.Document, handled bool, err error) {
	blocks := loaders.NewLineBlocks(r, streamBlockSize)
	decoder := newBlockDecoder(name, blocks.Recycle)
	defer decoder.stop()
	// The first record decides whether the input is plain records at all
	// (the whole-input reader decides a list's shape by its first
	// element), so it is read here before any block is handed on.
	sawFirst, loneRecord := false, false
	for decoder.accepting() {
		block, err := blocks.Next()
		if err != nil {
			return nil, false, err
		}
		if block == nil {
			break
		}
		buf := block
		if !sawFirst {
			var first []byte
			first, block = firstLine(block)
			if first == nil {
				blocks.Recycle(buf)
				continue // only blank lines so far
			}
			sawFirst = true
			doc, lone, ok := firstRecord(name, first)
			if !ok {
				return nil, false, nil
			}
			loneRecord = lone
			decoder.add([]value.Document{doc})
		}
		decoder.decode(block, buf)
	}
	docs, ok := decoder.wait()
	// One value may be a wrapper (Chroma, Tavily, a cassette): the
	// whole-input reader tells it apart. A lone plain record with its
	// text at the top is what that reader makes of it too, so one huge
	// record is not read twice.
	if !ok || !(len(docs) >= 2 || (len(docs) == 1 && loneRecord)) {
		return nil, false, nil
	}
	return docs, true, nil
}

// firstRecord decodes the file's first record, which decides whether the
// file is plain records at all; lone says the record, read as a whole
// file's only value, is a plain record too.
func firstRecord(path string, line []byte) (doc value.Document, lone, ok bool) {
	if line[0] != '{' || !utf8.Valid(line) {
		return value.Document{}, false, false
	}
	// A record plainLine decodes has its text in "content": a lone
	// record to the whole-file reader as well.
	if doc, ok := plainLine(line); ok {
		return doc, true, true
	}
	obj, ok := generalObject(line)
	if !ok || detectShape([]any{obj}, false) != FormatJSON {
		return value.Document{}, false, false
	}
	doc, err := plainRecord(loaders.Place{}, path, obj)
	return doc, detectShape(obj, false) == FormatJSON, err == nil
}

// streamBlockSize is how many bytes of lines are read and decoded at a
// time: large enough that handing a block over costs nothing beside
// decoding it, small enough that the blocks in flight are a few
// megabytes. A variable so tests can cut files into many blocks.
var streamBlockSize = 4 << 20

// firstLine returns block's first line that is not blank, trimmed, and
// the rest of the block after it; nil if every line is blank.
func firstLine(block []byte) (line, rest []byte) {
	for l := range bytes.Lines(block) {
		block = block[len(l):]
		if line := bytes.Trim(l, " \t\r\n"); len(line) > 0 {
			return line, block
		}
	}
	return nil, nil
}

// blockDecoder decodes blocks of lines on every core, keeping each
// block's documents in its place in the file's order.
type blockDecoder struct {
	path     string
	recycle  func(buf []byte) // takes a block's buffer once it is decoded
	jobs     chan decodeJob
	results  []*[]value.Document // one per block, in file order
	workers  sync.WaitGroup
	panics   workerpanic.Relay // a worker's panic, raised again by stop
	declined atomic.Bool       // a line that is not a plain record was met
	stopped  bool
}

type decodeJob struct {
	block, buf []byte // the lines, and the buffer holding them
	docs       *[]value.Document
}

func newBlockDecoder(path string, recycle func([]byte)) *blockDecoder {
	d := &blockDecoder{path: path, recycle: recycle, jobs: make(chan decodeJob)}
	for range runtime.GOMAXPROCS(0) {
		d.workers.Add(1)
		go d.work()
	}
	return d
}

func (d *blockDecoder) work() {
	defer d.workers.Done()
	defer d.panics.Catch()
	for job := range d.jobs {
		if d.declined.Load() {
			continue // the file is read whole anyway
		}
		docs, ok := decodeLines(d.path, job.block)
		if !ok {
			d.declined.Store(true)
		}
		*job.docs = docs
		d.recycle(job.buf)
	}
}

// accepting reports whether more blocks are wanted: not once a line was
// not a plain record, nor once a worker has panicked.
func (d *blockDecoder) accepting() bool {
	select {
	case <-d.panics.Failed():
		return false
	default:
		return !d.declined.Load()
	}
}

// add places documents decoded already after the blocks handed on.
func (d *blockDecoder) add(docs []value.Document) {
	d.results = append(d.results, &docs)
}

// decode hands block, held in buf, to a worker; its documents come after
// those of the blocks before it. Once a worker has panicked the block is
// dropped: the workers left may all have panicked, and stop raises it.
func (d *blockDecoder) decode(block, buf []byte) {
	docs := new([]value.Document)
	d.results = append(d.results, docs)
	select {
	case d.jobs <- decodeJob{block: block, buf: buf, docs: docs}:
	case <-d.panics.Failed():
	}
}

// stop ends the workers and raises a worker's panic again; it may be
// called more than once.
func (d *blockDecoder) stop() {
	if !d.stopped {
		d.stopped = true
		close(d.jobs)
		d.workers.Wait()
		d.panics.Raise()
	}
}

// wait returns every document in file order once all blocks are decoded;
// ok is false if any line was not a plain record.
func (d *blockDecoder) wait() ([]value.Document, bool) {
	d.stop()
	if d.declined.Load() {
		return nil, false
	}
	n := 0
	for _, r := range d.results {
		n += len(*r)
	}
	docs := make([]value.Document, 0, n)
	for _, r := range d.results {
		docs = append(docs, *r...)
	}
	return docs, true
}

// decodeLines decodes every line of block that is not blank; ok is false
// at the first that is not a plain record.
func decodeLines(path string, block []byte) (docs []value.Document, ok bool) {
	// A line a document, blank ones aside: counting them is a fast scan,
	// and sizes the list once.
	docs = make([]value.Document, 0, bytes.Count(block, []byte{'\n'})+1)
	for line := range bytes.Lines(block) {
		if line = bytes.Trim(line, " \t\r\n"); len(line) == 0 {
			continue
		}
		doc, ok := streamedRecord(path, line)
		if !ok {
			return nil, false
		}
		docs = append(docs, doc)
	}
	return docs, true
}

// streamedRecord decodes one line holding one plain record, not the
// file's first: the plainest records into a struct (plainLine), any other
// through encoding/json's generic values.
func streamedRecord(path string, line []byte) (value.Document, bool) {
	if line[0] != '{' || !utf8.Valid(line) {
		return value.Document{}, false
	}
	if doc, ok := plainLine(line); ok {
		return doc, true
	}
	obj, ok := generalObject(line)
	if !ok {
		return value.Document{}, false
	}
	// Errors are not kept: a file with any is read whole, which reports
	// them with their line.
	doc, err := plainRecord(loaders.Place{}, path, obj)
	return doc, err == nil
}

// generalObject decodes a line holding one JSON object through
// encoding/json, as the whole-file reader does.
func generalObject(line []byte) (map[string]any, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil || dec.InputOffset() != int64(len(line)) {
		return nil, false
	}
	obj, ok := loaders.NormalizeJSON(v).(map[string]any)
	return obj, ok
}

// plainLineRecord is a record of the plainest shape, the one a retrieval
// export writes a million times: "content" (a string), "score" (a number
// or null) and "source" (a string or null), and no other key.
type plainLineRecord struct {
	Content *string        `json:"content"`
	Score   jsontext.Value `json:"score"`
	Source  *string        `json:"source"`
}

// plainLine decodes a line holding a plainLineRecord into a struct, with
// goccy/go-json's encoding/json/v2, instead of into encoding/json's
// generic maps, which were most of loading a large file. v2 is strict
// where encoding/json is lenient: a key matched only without regard to
// case, a key given twice, any other key and an escape of half a
// surrogate pair are refused, and ok is false; streamedRecord then
// decodes the line in general. For a line it takes, the document is the
// one the general decoder makes, byte for byte
// (TestPlainLineIsTheGeneralDecoding, FuzzPlainLine): the score goes
// through the same NormalizeJSON and ParseScore.
func plainLine(line []byte) (doc value.Document, ok bool) {
	var r plainLineRecord
	if jsonv2.Unmarshal(line, &r, jsonv2.RejectUnknownMembers(true)) != nil || r.Content == nil {
		return doc, false
	}
	doc = value.Document{Content: *r.Content, Score: 1.0, Metadata: noMetadata}
	if r.Source != nil {
		doc.Source = *r.Source
	}
	switch r.Score.Kind() {
	case 0, 'n': // absent or null: the reference's default
	case '0':
		score, err := loaders.ParseScore(loaders.Place{}, "", "score", loaders.NormalizeJSON(json.Number(r.Score)))
		if err != nil {
			return doc, false
		}
		doc.Score = score
	default:
		return doc, false
	}
	return doc, true
}

// noMetadata is the metadata of every record plainLine decodes: such a
// record has none, and the general decoder gives each document an empty
// map so that consumers never meet a nil one (its JSON says {}). One map
// shared by all instead of one each saves 48 bytes a document, 48 MB on a
// million records. Nothing writes into a document's metadata: loaders
// add keys (setDefault) only to maps they made, and the pipeline's
// partial and summary copies clone it first;
// TestSharedEmptyMetadataStaysEmpty holds it.
var noMetadata = map[string]any{}
