package trace

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	logspb "go.opentelemetry.io/proto/otlp/logs/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"ctxlab/loaders"
)

// OTLP protobuf is read in two forms:
//
//   - one ExportTraceServiceRequest (or ExportLogsServiceRequest) for the
//     whole file: an OTLP/HTTP protobuf body, saved as .binpb or .pb;
//   - the Collector file exporter's `format: proto`: each message after
//     its length, a 4-byte big-endian unsigned integer.
//
// The request messages are decoded here with protowire: their only field
// is 1, the repeated ResourceSpans (ResourceLogs). Each ResourceSpans is
// decoded by the official Go types of go.opentelemetry.io/proto/otlp,
// whose collector packages (the request messages) would bring gRPC and
// grpc-gateway with them.

// protoForm is how a file holds OTLP protobuf.
type protoForm int

const (
	notProto    protoForm = iota
	protoBody             // one request for the whole file
	protoFramed           // the Collector file exporter's length-prefixed messages
)

// sniffProto says whether the head of a file is OTLP protobuf, and in
// which form. A file that opens as JSON is not.
func sniffProto(br *bufio.Reader) protoForm {
	head, _ := br.Peek(sniffSize)
	return sniffProtoHead(head)
}

// protoFormOfFile is sniffProto of the file at path; notProto for a file
// that cannot be read.
func protoFormOfFile(path string) protoForm {
	f, err := os.Open(path)
	if err != nil {
		return notProto
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || info.IsDir() {
		return notProto
	}
	return sniffProto(bufio.NewReaderSize(f, sniffSize))
}

func sniffProtoHead(head []byte) protoForm {
	// White space alone is an empty JSON file, though "\n\n" would read
	// as the start of a request.
	if len(bytes.TrimLeft(head, " \t\r\n")) == 0 || looksJSON(head) {
		return notProto
	}
	if requestPrefix(head) {
		return protoBody
	}
	if len(head) > 4 {
		n := binary.BigEndian.Uint32(head)
		if n > 0 && n <= maxLine && requestPrefix(head[4:min(len(head), 4+int(n))]) {
			return protoFramed
		}
	}
	return notProto
}

// looksJSON says whether head opens a JSON object or array: its first
// two tokens read as JSON. A protobuf message can open with a byte that
// reads as white space and one that reads as '{', not with two tokens.
func looksJSON(head []byte) bool {
	dec := json.NewDecoder(strings.NewReader(strings.TrimPrefix(string(head[:min(len(head), 4096)]), "\ufeff")))
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || (d != '{' && d != '[') {
		return false
	}
	_, err = dec.Token()
	return err == nil
}

// requestPrefix says whether b (a whole message, or the start of one)
// reads as an Export*ServiceRequest: field 1 alone, length-delimited, each
// holding fields 1 to 3 of ResourceSpans or ResourceLogs (resource, scope
// spans or logs, schema URL), length-delimited. A message cut short by
// the end of b is allowed.
func requestPrefix(b []byte) bool {
	seen := false
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return seen && errors.Is(protowire.ParseError(n), io.ErrUnexpectedEOF)
		}
		if num != 1 || typ != protowire.BytesType {
			return false
		}
		b = b[n:]
		size, n := protowire.ConsumeVarint(b)
		if n < 0 {
			return seen && errors.Is(protowire.ParseError(n), io.ErrUnexpectedEOF)
		}
		b = b[n:]
		inner := b[:min(uint64(len(b)), size)]
		if !resourcePrefix(inner) {
			return false
		}
		seen = true
		if size > uint64(len(b)) {
			return true
		}
		b = b[size:]
	}
	return seen
}

func resourcePrefix(b []byte) bool {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return errors.Is(protowire.ParseError(n), io.ErrUnexpectedEOF)
		}
		if num < 1 || num > 3 || typ != protowire.BytesType {
			return false
		}
		b = b[n:]
		_, m := protowire.ConsumeBytes(b)
		if m < 0 {
			return errors.Is(protowire.ParseError(m), io.ErrUnexpectedEOF)
		}
		b = b[m:]
	}
	return true
}

// protoMessages hands each message of a protobuf file to each: its
// record (the message's 1-based number in a framed file, 0 for a body)
// and the offset of its first byte.
func protoMessages(name string, br *bufio.Reader, form protoForm, what string, each func(record int, off int64, msg []byte) error) error {
	if form == protoBody {
		data, err := io.ReadAll(io.LimitReader(br, maxLine+1))
		if err != nil {
			return &loaders.Error{Name: name, Msg: "cannot be read", Err: err}
		}
		if len(data) > maxLine {
			return &loaders.Error{Name: name, Msg: fmt.Sprintf("is longer than %d MiB; expected one OTLP protobuf %s request, or the Collector file exporter's length-prefixed messages", maxLine>>20, what)}
		}
		return each(0, 0, data)
	}
	var off int64
	var prefix [4]byte
	for record := 1; ; record++ {
		n, err := io.ReadFull(br, prefix[:])
		if errors.Is(err, io.EOF) {
			return nil
		}
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return &loaders.Error{Name: name, Record: record, Msg: fmt.Sprintf("at byte %d: is cut short: %d bytes where a 4-byte length was expected (the Collector file exporter's proto framing)", off, n)}
		}
		if err != nil {
			return &loaders.Error{Name: name, Msg: "cannot be read", Err: err}
		}
		size := binary.BigEndian.Uint32(prefix[:])
		if size > maxLine {
			return &loaders.Error{Name: name, Record: record, Msg: fmt.Sprintf("at byte %d: the length before the message is %d bytes, more than %d MiB; expected the Collector file exporter's proto framing (a 4-byte big-endian length before each message)", off, size, maxLine>>20)}
		}
		// Read as it comes, not allocated from the length: a bad length
		// is found out at the end of the file, not by a huge allocation.
		msg, err := io.ReadAll(io.LimitReader(br, int64(size)))
		if err != nil {
			return &loaders.Error{Name: name, Msg: "cannot be read", Err: err}
		}
		if len(msg) < int(size) {
			return &loaders.Error{Name: name, Record: record, Msg: fmt.Sprintf("at byte %d: is cut short: the length before it says %d bytes, the file holds %d more", off, size, len(msg))}
		}
		if err := each(record, off+4, msg); err != nil {
			return err
		}
		off += 4 + int64(size)
	}
}

// protoError is a bad message at record (0: the whole file), at byte off
// of the file.
func protoError(name string, record int, off int64, msg string, err error) error {
	return &loaders.Error{Name: name, Record: record, Msg: fmt.Sprintf("at byte %d: %s", off, msg), Err: err}
}

// resourceMessages hands each ResourceSpans (ResourceLogs) of a request
// to each, with its offset in the file. kind names the request for
// errors ("ExportTraceServiceRequest").
func resourceMessages(name string, record int, off int64, msg []byte, kind string, each func(off int64, b []byte) error) error {
	for len(msg) > 0 {
		num, typ, n := protowire.ConsumeTag(msg)
		if n < 0 {
			return protoError(name, record, off, "is not an OTLP protobuf "+kind, protowire.ParseError(n))
		}
		if num != 1 || typ != protowire.BytesType {
			// Fields a later OTLP may add are skipped, as protobuf does.
			m := protowire.ConsumeFieldValue(num, typ, msg[n:])
			if m < 0 {
				return protoError(name, record, off, "is not an OTLP protobuf "+kind, protowire.ParseError(m))
			}
			msg, off = msg[n+m:], off+int64(n+m)
			continue
		}
		b, m := protowire.ConsumeBytes(msg[n:])
		if m < 0 {
			return protoError(name, record, off, "is not an OTLP protobuf "+kind, protowire.ParseError(m))
		}
		if err := each(off+int64(n+m-len(b)), b); err != nil {
			return err
		}
		msg, off = msg[n+m:], off+int64(n+m)
	}
	return nil
}

// recordKind says what the first item of a request's first resource is
// made of: "traces" when it opens as a span (trace_id, field 1, bytes),
// "logs" when it opens as a log record (time_unix_nano, field 1, fixed64,
// or observed time, field 11), "" when it cannot tell.
func recordKind(msg []byte) string {
	b := firstField(msg, 1) // ResourceSpans or ResourceLogs
	b = firstField(b, 2)    // ScopeSpans or ScopeLogs
	b = firstField(b, 2)    // Span or LogRecord
	if len(b) == 0 {
		return ""
	}
	num, typ, n := protowire.ConsumeTag(b)
	switch {
	case n < 0:
		return ""
	case typ == protowire.BytesType && num <= 5:
		return "traces"
	case typ == protowire.Fixed64Type && (num == 1 || num == 11), typ == protowire.VarintType && num == 2:
		return "logs"
	}
	return ""
}

// firstField is the first length-delimited field number num of msg.
func firstField(msg []byte, num protowire.Number) []byte {
	for len(msg) > 0 {
		f, typ, n := protowire.ConsumeTag(msg)
		if n < 0 {
			return nil
		}
		m := protowire.ConsumeFieldValue(f, typ, msg[n:])
		if m < 0 {
			return nil
		}
		if f == num && typ == protowire.BytesType {
			b, _ := protowire.ConsumeBytes(msg[n:])
			return b
		}
		msg = msg[n+m:]
	}
	return nil
}

// scanProtoTraces reads the spans of an OTLP protobuf traces file and
// calls fn with each, in file order.
func scanProtoTraces(name string, br *bufio.Reader, form protoForm, fn func(*Span) error) error {
	return protoMessages(name, br, form, "traces", func(record int, off int64, msg []byte) error {
		return decodeProtoTraces(name, record, off, msg, fn)
	})
}

// decodeProtoTraces decodes one ExportTraceServiceRequest, record of the
// file at byte off, and calls fn with each of its spans.
func decodeProtoTraces(name string, record int, off int64, msg []byte, fn func(*Span) error) error {
	if recordKind(msg) == "logs" {
		return protoError(name, record, off, "is OTLP logs, not traces; expected an ExportTraceServiceRequest (give a logs file with --logs)", nil)
	}
	return resourceMessages(name, record, off, msg, "ExportTraceServiceRequest", func(off int64, b []byte) error {
		var rs tracepb.ResourceSpans
		if err := proto.Unmarshal(b, &rs); err != nil {
			return protoError(name, record, off, "is not an OTLP protobuf ResourceSpans", err)
		}
		res := attrsOfProto(rs.GetResource().GetAttributes())
		service, _ := res["service.name"].(string)
		for _, ss := range rs.GetScopeSpans() {
			scope := strings.TrimSpace(ss.GetScope().GetName() + " " + ss.GetScope().GetVersion())
			for i, s := range ss.GetSpans() {
				sp, err := spanOfProto(s)
				if err != nil {
					id := "#" + strconv.Itoa(i+1)
					if len(s.GetSpanId()) == 8 {
						id = hex.EncodeToString(s.GetSpanId())
					}
					return protoError(name, record, off, "span "+id, err)
				}
				sp.Service, sp.Scope = service, scope
				if err := fn(sp); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func spanOfProto(s *tracepb.Span) (*Span, error) {
	var err error
	sp := &Span{Name: s.GetName()}
	if sp.TraceID, err = protoID(s.GetTraceId(), 16, "traceId"); err != nil {
		return nil, err
	}
	if sp.TraceID == "" {
		return nil, errors.New("has no traceId; expected 16 bytes")
	}
	if sp.SpanID, err = protoID(s.GetSpanId(), 8, "spanId"); err != nil {
		return nil, err
	}
	if sp.SpanID == "" {
		return nil, errors.New("has no spanId; expected 8 bytes")
	}
	if sp.ParentSpanID, err = protoID(s.GetParentSpanId(), 8, "parentSpanId"); err != nil {
		return nil, err
	}
	if sp.Start, err = protoTime(s.GetStartTimeUnixNano(), "startTimeUnixNano"); err != nil {
		return nil, err
	}
	if sp.End, err = protoTime(s.GetEndTimeUnixNano(), "endTimeUnixNano"); err != nil {
		return nil, err
	}
	sp.Attrs = attrsOfProto(s.GetAttributes())
	for _, ev := range s.GetEvents() {
		e := Event{Name: ev.GetName(), Attrs: attrsOfProto(ev.GetAttributes())}
		if e.Time, err = protoTime(ev.GetTimeUnixNano(), "event timeUnixNano"); err != nil {
			return nil, err
		}
		sp.Events = append(sp.Events, e)
	}
	return sp, nil
}

// protoID is a trace or span id of size bytes as hex; none is "".
func protoID(b []byte, size int, what string) (string, error) {
	if len(b) == 0 {
		return "", nil
	}
	if len(b) != size {
		return "", fmt.Errorf("%s is %d bytes; expected %d", what, len(b), size)
	}
	return hex.EncodeToString(b), nil
}

// protoTime is a fixed64 time in nanoseconds since 1970; 0 is the zero
// time, as unixNano reads it from JSON.
func protoTime(n uint64, what string) (time.Time, error) {
	if n >= 1<<63 {
		return time.Time{}, fmt.Errorf("%s %d is not a time in nanoseconds since 1970", what, n)
	}
	if n == 0 {
		return time.Time{}, nil
	}
	return time.Unix(0, int64(n)).UTC(), nil
}

// attrsOfProto decodes key-values to the Go values attrsOf gives for the
// same attributes in OTLP JSON (bytes as base64, as JSON writes them).
func attrsOfProto(kvs []*commonpb.KeyValue) map[string]any {
	out := make(map[string]any, len(kvs))
	for _, kv := range kvs {
		out[kv.GetKey()] = valueOfProto(kv.GetValue())
	}
	return out
}

func valueOfProto(v *commonpb.AnyValue) any {
	switch x := v.GetValue().(type) {
	case *commonpb.AnyValue_StringValue:
		return x.StringValue
	case *commonpb.AnyValue_BoolValue:
		return x.BoolValue
	case *commonpb.AnyValue_IntValue:
		return x.IntValue
	case *commonpb.AnyValue_DoubleValue:
		return x.DoubleValue
	case *commonpb.AnyValue_BytesValue:
		return base64.StdEncoding.EncodeToString(x.BytesValue)
	case *commonpb.AnyValue_ArrayValue:
		vals := x.ArrayValue.GetValues()
		out := make([]any, len(vals))
		for i, item := range vals {
			out[i] = valueOfProto(item)
		}
		return out
	case *commonpb.AnyValue_KvlistValue:
		return attrsOfProto(x.KvlistValue.GetValues())
	}
	return nil
}

// scanProtoLogs reads an OTLP protobuf logs file and calls fn with each
// record tied to a span, in file order; each message's record number and
// offset go to at, when it is not nil.
func scanProtoLogs(name string, br *bufio.Reader, form protoForm, at func(record int, off int64, n int), fn func(record int, spanID string, ev Event)) error {
	return protoMessages(name, br, form, "logs", func(record int, off int64, msg []byte) error {
		if at != nil {
			at(record, off, len(msg))
		}
		return decodeProtoLogs(name, record, off, msg, func(spanID string, ev Event) { fn(record, spanID, ev) })
	})
}

// decodeProtoLogs decodes one ExportLogsServiceRequest, record of the
// file at byte off, and calls fn with each record tied to a span.
func decodeProtoLogs(name string, record int, off int64, msg []byte, fn func(spanID string, ev Event)) error {
	if recordKind(msg) == "traces" {
		return protoError(name, record, off, "is OTLP traces, not logs; expected an ExportLogsServiceRequest", nil)
	}
	return resourceMessages(name, record, off, msg, "ExportLogsServiceRequest", func(off int64, b []byte) error {
		var rl logspb.ResourceLogs
		if err := proto.Unmarshal(b, &rl); err != nil {
			return protoError(name, record, off, "is not an OTLP protobuf ResourceLogs", err)
		}
		for _, sl := range rl.GetScopeLogs() {
			for i, rec := range sl.GetLogRecords() {
				spanID, err := protoID(rec.GetSpanId(), 8, "spanId")
				if err != nil {
					return protoError(name, record, off, fmt.Sprintf("log record %d", i+1), err)
				}
				ev := Event{Name: rec.GetEventName(), Attrs: attrsOfProto(rec.GetAttributes())}
				if ev.Time, err = protoTime(rec.GetTimeUnixNano(), "timeUnixNano"); err != nil {
					return protoError(name, record, off, fmt.Sprintf("log record %d", i+1), err)
				}
				if rec.GetBody() != nil {
					ev.Body = valueOfProto(rec.GetBody())
				}
				if ev.Name == "" {
					ev.Name, _ = ev.Attrs["event.name"].(string)
				}
				if spanID != "" {
					fn(spanID, ev)
				}
			}
		}
		return nil
	})
}

// indexProto indexes an OTLP protobuf logs file: a framed file's
// messages are its lines (line is the record number), a body's records
// are kept whole.
func (x *LogIndex) indexProto(br *bufio.Reader, form protoForm) error {
	x.proto = true
	if form == protoBody {
		x.whole = Logs{}
	}
	return scanProtoLogs(x.path, br, form, func(record int, off int64, n int) {
		if form == protoFramed {
			x.lines = append(x.lines, indexedLine{line: record, at: rawLine{off: off, n: n}})
		}
	}, func(_ int, spanID string, ev Event) {
		if x.whole != nil {
			x.whole[spanID] = append(x.whole[spanID], ev)
			return
		}
		i := int32(len(x.lines) - 1)
		if ls := x.spans[spanID]; len(ls) == 0 || ls[len(ls)-1] != i {
			x.spans[spanID] = append(ls, i)
		}
	})
}
