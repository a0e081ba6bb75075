package har

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// An EntrySpan is where the entry of a log an exchange comes from stands
// in the HAR file: its index in log.entries and the span of its JSON
// object.
type EntrySpan struct {
	Index      int // in the log's entries, 0-based
	Start, End int // byte offsets of the entry's object in the file: data[Start:End]
	// Line and Column are where the object starts, EndLine and
	// EndColumn where it ends (just past its closing brace), 1-based;
	// columns count Unicode code points.
	Line, Column, EndLine, EndColumn int
}

// Entries returns, for each exchange of the transcript [ReadWith] makes
// of data with opts (in the same order), the entry of the log it comes
// from, so that a tool can point at a finding's exchange in the file.
// Exchanges are entries in the order of their start, without the
// traffic that is not A2A, so the two numberings differ. Data that
// ReadWith refuses gives its error.
func Entries(data []byte, opts Options) ([]EntrySpan, error) {
	r, err := readLog(data, "", opts)
	if err != nil {
		return nil, err
	}
	spans, err := entrySpans(data)
	if err != nil {
		return nil, err
	}
	out := make([]EntrySpan, len(r.entries))
	lines := lineCounter{data: data}
	for i, at := range r.entries {
		if at >= len(spans) {
			return nil, fmt.Errorf("entries[%d]: not found in the file", at)
		}
		e := EntrySpan{Index: at, Start: spans[at][0], End: spans[at][1]}
		e.Line, e.Column = lines.at(e.Start)
		e.EndLine, e.EndColumn = lines.at(e.End)
		out[i] = e
	}
	return out, nil
}

// lineCounter tells the line and column of offsets that grow, in one
// pass over data.
type lineCounter struct {
	data      []byte
	off       int // where line starts
	line      int // 0-based
	lineStart int
}

func (c *lineCounter) at(off int) (line, col int) {
	if off < c.off { // an offset before the last one: count again
		c.off, c.line, c.lineStart = 0, 0, 0
	}
	for {
		i := bytes.IndexByte(c.data[c.off:off], '\n')
		if i < 0 {
			break
		}
		c.line++
		c.lineStart = c.off + i + 1
		c.off = c.lineStart
	}
	c.off = off
	return c.line + 1, utf8.RuneCount(c.data[c.lineStart:off]) + 1
}

// entrySpans returns the byte span of each element of the log's entries
// array in data, a HAR file (which may start with a byte order mark).
func entrySpans(data []byte) ([][2]int, error) {
	bom := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		bom = 3
	}
	body := data[bom:]
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := enterObject(dec, "log"); err != nil {
		return nil, err
	}
	if err := enterObject(dec, "entries"); err != nil {
		return nil, err
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, errors.New("log.entries is not an array")
	}
	var spans [][2]int
	for dec.More() {
		start := int(dec.InputOffset())
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		end := int(dec.InputOffset())
		// InputOffset before Decode may stand before the comma and the
		// space between elements.
		for start < end && (body[start] == ',' || body[start] == ' ' || body[start] == '\t' || body[start] == '\r' || body[start] == '\n') {
			start++
		}
		spans = append(spans, [2]int{bom + start, bom + end})
	}
	return spans, nil
}

// enterObject reads dec up to the value of member name of the object
// that comes next, skipping the members before it.
func enterObject(dec *json.Decoder, name string) error {
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("expected an object holding %q", name)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		if t == name {
			return nil
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil && err != io.EOF {
		return err
	}
	return fmt.Errorf("no member %q", name)
}
