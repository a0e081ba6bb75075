package replay

import "strings"

// A FrameScanner splits a server-sent events body into frames as it
// arrives, the way an SSE client reads it: lines end in CRLF, LF or CR
// (also when a CRLF is split between two chunks), a byte order mark at
// the start is skipped, comments and fields other than id, event and data
// are ignored, and a frame is complete at the empty line that ends it. A
// block without data lines, such as a comment-only keep-alive, is not a
// frame, and neither is one cut off by the end of the body.
//
// The zero FrameScanner is ready to use.
type FrameScanner struct {
	line    []byte
	started bool // past a possible byte order mark
	cr      bool // the last byte fed was a CR, which ended a line
	cur     Frame
	data    []string
	hasData bool
}

const bom = "\ufeff"

// Feed reads the next chunk of the body and calls emit for each frame it
// completes, in order. Frame.At is left zero for the caller to stamp.
func (s *FrameScanner) Feed(p []byte, emit func(Frame)) {
	for _, c := range p {
		if !s.started {
			// Hold the first bytes until they are known not to be a
			// byte order mark.
			s.line = append(s.line, c)
			if strings.HasPrefix(bom, string(s.line)) {
				if len(s.line) == len(bom) {
					s.line, s.started = s.line[:0], true
				}
				continue
			}
			s.started = true
			held := s.line
			s.line = nil
			s.Feed(held, emit)
			continue
		}
		switch {
		case c == '\n' && s.cr:
			s.cr = false
		case c == '\n' || c == '\r':
			s.cr = c == '\r'
			s.endLine(emit)
		default:
			s.cr = false
			s.line = append(s.line, c)
		}
	}
}

func (s *FrameScanner) endLine(emit func(Frame)) {
	line := string(s.line)
	s.line = s.line[:0]
	if line == "" {
		if s.hasData {
			s.cur.Data = strings.Join(s.data, "\n")
			emit(s.cur)
		}
		s.cur, s.data, s.hasData = Frame{}, nil, false
		return
	}
	field, value, _ := strings.Cut(line, ":")
	value = strings.TrimPrefix(value, " ")
	switch field {
	case "id":
		s.cur.ID = value
	case "event":
		s.cur.Event = value
	case "data":
		s.data, s.hasData = append(s.data, value), true
	}
}

// SplitSSE reads the frames of a whole server-sent events body.
func SplitSSE(text string) []Frame {
	var s FrameScanner
	var frames []Frame
	s.Feed([]byte(text), func(f Frame) { frames = append(frames, f) })
	return frames
}
