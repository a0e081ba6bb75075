package replay

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// A FileKind is what a file someone hands a2aplay holds, as [Sniff]
// tells it from the file's first bytes.
type FileKind int

const (
	OtherFile      FileKind = iota // neither: [NotTranscript] says what it seems to be
	TranscriptFile                 // an a2aplay transcript, for [Parse]
	HARFile                        // a HAR file, for package replay/har
)

// SniffSize is how much of a file's start [Sniff] reads.
const SniffSize = 4096

// ErrNotTranscript is the error [NotTranscript] wraps: the file is
// neither a transcript nor a HAR file.
var ErrNotTranscript = errors.New("not an a2aplay transcript or HAR")

// Sniff tells what a file holds from its first SniffSize bytes (data
// may be longer, or the whole file) and its name: a transcript is a
// file whose first line, after a byte order mark and blank space,
// starts "# a2aplay transcript"; a HAR file starts with "{" and names a
// "log" in its first SniffSize bytes, or starts with "{" and has a name
// ending in ".har". It is the one decision of both the page, which
// hands HAR files to its worker, and package replay/open.
func Sniff(data []byte, name string) FileKind {
	head := data[:min(len(data), SniffSize)]
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte(bom)), " \t\r\n")
	switch {
	case bytes.HasPrefix(text, []byte("# a2aplay transcript")):
		return TranscriptFile
	case bytes.HasPrefix(text, []byte("{")) &&
		(bytes.Contains(head, []byte(`"log"`)) || strings.HasSuffix(strings.ToLower(name), ".har")):
		return HARFile
	}
	return OtherFile
}

// NotTranscript is the error for a file that is [OtherFile], named name
// and starting with data: it wraps [ErrNotTranscript] and says, in a
// sentence, what the file seems to be and what a transcript is.
func NotTranscript(data []byte, name string) error {
	return fmt.Errorf("%s: %w. %s A transcript starts with the line \"# a2aplay transcript 1\" (Export saves one); a HAR file is the JSON a browser's network panel saves", name, ErrNotTranscript, kindOf(data[:min(len(data), 512)]))
}

// kindOf says what a file that is not a transcript seems to be.
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
