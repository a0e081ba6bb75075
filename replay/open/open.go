package open

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// ErrNotTranscript says that a file is neither a transcript nor a HAR
// file.
var ErrNotTranscript = errors.New("not an a2aplay transcript or HAR")

// ErrNoA2A says that a HAR file holds no A2A call to draw.
var ErrNoA2A = errors.New("no A2A calls in this HAR")

// Read reads a transcript or a HAR file (see the package documentation
// for how it tells them apart); opts says what to keep of a HAR. The
// name is used in errors only.
func Read(data []byte, name string, opts har.Options) (*replay.Transcript, error) {
	switch kind(data, name) {
	case transcript:
		return replay.Parse(data, name)
	case harFile:
		return readHAR(data, name, opts)
	}
	return nil, notTranscript(data, name)
}

// ReadFrom is [Read] of everything r holds, read once into memory of
// the kind its parser wants: a transcript into a string that the
// transcript's strings share, as [replay.ParseString]'s do, a HAR file
// into bytes. So a large file is held once. When r has a Stat method, as
// an *os.File does, the memory is sized to the file from the start.
func ReadFrom(r io.Reader, name string, opts har.Options) (*replay.Transcript, error) {
	size := -1
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			size = int(st.Size())
		}
	}
	br := bufio.NewReaderSize(r, HeadSize)
	head, err := br.Peek(HeadSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, err
	}
	switch kind(head, name) {
	case transcript:
		var b strings.Builder
		b.Grow(size + 1)
		if _, err := io.Copy(&b, br); err != nil {
			return nil, err
		}
		return replay.ParseString(b.String(), name)
	case harFile:
		b := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		if _, err := io.Copy(b, br); err != nil {
			return nil, err
		}
		return readHAR(b.Bytes(), name, opts)
	}
	return nil, notTranscript(head, name)
}

// IsHAR reports whether [Read] takes a file named name whose first
// bytes are head for a HAR file. It looks at HeadSize bytes at the most.
func IsHAR(head []byte, name string) bool { return kind(head, name) == harFile }

// HeadSize is how much of a file Read looks at to tell what it is.
const HeadSize = 4096

type fileKind int

const (
	other fileKind = iota
	transcript
	harFile
)

// kind tells what a file is from its first bytes, and its name.
func kind(data []byte, name string) fileKind {
	head := data[:min(len(data), HeadSize)]
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte(bom)), " \t\r\n")
	switch {
	case bytes.HasPrefix(text, []byte("# a2aplay transcript")):
		return transcript
	case bytes.HasPrefix(text, []byte("{")) &&
		(bytes.Contains(head, []byte(`"log"`)) || strings.HasSuffix(strings.ToLower(name), ".har")):
		return harFile
	}
	return other
}

const bom = "\xef\xbb\xbf"

// readHAR reads a HAR file and refuses one without A2A calls.
func readHAR(data []byte, name string, opts har.Options) (*replay.Transcript, error) {
	t, err := har.ReadWith(data, name, opts)
	if err != nil {
		return nil, err
	}
	for _, x := range t.Exchanges {
		if replay.Method(x) != "" {
			return t, nil
		}
	}
	// What the import left out as not A2A counts as requests too.
	n := len(t.Exchanges)
	if !opts.KeepAll {
		if all, err := har.ReadWith(data, name, har.Options{KeepAll: true}); err == nil {
			n = len(all.Exchanges)
		}
	}
	return nil, fmt.Errorf("%s: %w: none of its %s is an A2A call (JSON-RPC or HTTP+JSON to an agent). Record the network while a page or tool talks to an agent, then save that as HAR", name, ErrNoA2A, plural(n, "request"))
}

func notTranscript(data []byte, name string) error {
	return fmt.Errorf("%s: %w. %s A transcript starts with the line \"# a2aplay transcript 1\" (Export saves one); a HAR file is the JSON a browser's network panel saves", name, ErrNotTranscript, kindOf(data[:min(len(data), 512)]))
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
