package view

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// ErrNotTranscript says that a file the learner opened is neither a
// transcript nor a HAR file.
var ErrNotTranscript = errors.New("not an a2aplay transcript or HAR")

// ErrNoA2A says that a HAR file holds no A2A call to draw.
var ErrNoA2A = errors.New("no A2A calls in this HAR")

// Open reads a file the learner opened or dropped: a transcript, which
// starts "# a2aplay transcript", or a HAR file, the JSON a browser's
// network panel saves. Anything else (a picture, a PDF, some other
// text) is refused in plain words with [ErrNotTranscript], before a
// parser can complain about its line endings; a HAR whose requests are
// none of them A2A is refused with [ErrNoA2A] rather than drawn empty.
// A transcript's own mistakes come back as replay.Parse says them, with
// the file and line.
func Open(name string, data []byte) (*replay.Transcript, error) {
	head := data[:min(len(data), 512)]
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")) // a byte order mark
	text := bytes.TrimLeft(head, " \t\r\n")
	switch {
	case bytes.HasPrefix(text, []byte("# a2aplay transcript")):
		return replay.Parse(data, name)
	case bytes.HasPrefix(text, []byte("{")) && bytes.Contains(data[:min(len(data), 4096)], []byte(`"log"`)):
		t, err := har.Read(data, name)
		if err != nil {
			return nil, err
		}
		if calls(t) == 0 {
			// The page's own traffic is left out of t: count it in.
			n := len(t.Exchanges)
			if all, err := har.ReadWith(data, name, har.Options{KeepAll: true}); err == nil {
				n = len(all.Exchanges)
			}
			return nil, fmt.Errorf("%s: %w: none of its %s is an A2A call (JSON-RPC or HTTP+JSON to an agent). Record the network while a page or tool talks to an agent, then save that as HAR", name, ErrNoA2A, plural(n, "request"))
		}
		return t, nil
	}
	return nil, fmt.Errorf("%s: %w. %s A transcript starts with the line \"# a2aplay transcript 1\" (Export saves one); a HAR file is the JSON a browser's network panel saves", name, ErrNotTranscript, kindOf(head))
}

// calls counts the A2A calls in t: requests that name an A2A method.
func calls(t *replay.Transcript) int {
	n := 0
	for _, s := range replay.Steps(t) {
		if s.Kind == replay.KindRequest && s.Method != "" {
			n++
		}
	}
	return n
}

// kindOf says in a sentence what a file that is no transcript seems to
// be, from its first bytes.
func kindOf(head []byte) string {
	for _, m := range []struct{ magic, what string }{
		{"\x89PNG", "It is a PNG picture."},
		{"\xff\xd8\xff", "It is a JPEG picture."},
		{"GIF8", "It is a GIF picture."},
		{"%PDF", "It is a PDF document."},
		{"PK\x03\x04", "It is a zip archive (or an office document)."},
		{"\x00asm", "It is a WebAssembly module."},
	} {
		if bytes.HasPrefix(head, []byte(m.magic)) {
			return m.what
		}
	}
	if len(head) == 0 {
		return "It is empty."
	}
	if bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(trimRune(head)) {
		return "It is not text."
	}
	line, _, _ := strings.Cut(string(head), "\n")
	line = strings.TrimSpace(line)
	if len(line) > 40 {
		line = line[:40] + "…"
	}
	return fmt.Sprintf("Its first line is %q.", line)
}

// trimRune drops a character cut at the end of a 512-byte head.
func trimRune(b []byte) []byte {
	for i := 0; i < 3 && len(b) > 0 && !utf8.Valid(b); i++ {
		b = b[:len(b)-1]
	}
	return b
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprint(n) + " " + noun + "s"
}
