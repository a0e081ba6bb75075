package open

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// ErrNotTranscript says that a file is neither a transcript nor a HAR
// file: it is [replay.ErrNotTranscript].
var ErrNotTranscript = replay.ErrNotTranscript

// ErrNoA2A says that a HAR file holds no A2A call to draw.
var ErrNoA2A = errors.New("no A2A calls in this HAR")

// Read reads a transcript or a HAR file (see the package documentation
// for how it tells them apart); opts says what to keep of a HAR. The
// name is used in errors only.
func Read(data []byte, name string, opts har.Options) (*replay.Transcript, error) {
	switch replay.Sniff(data, name) {
	case replay.TranscriptFile:
		return replay.Parse(data, name)
	case replay.HARFile:
		return readHAR(data, name, opts)
	}
	return nil, replay.NotTranscript(data, name)
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
	switch replay.Sniff(head, name) {
	case replay.TranscriptFile:
		var b strings.Builder
		b.Grow(size + 1)
		if _, err := io.Copy(&b, br); err != nil {
			return nil, err
		}
		return replay.ParseString(b.String(), name)
	case replay.HARFile:
		b := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
		if _, err := io.Copy(b, br); err != nil {
			return nil, err
		}
		return readHAR(b.Bytes(), name, opts)
	}
	return nil, replay.NotTranscript(head, name)
}

// IsHAR reports whether [Read] takes a file named name whose first
// bytes are head for a HAR file. It looks at HeadSize bytes at the most.
func IsHAR(head []byte, name string) bool { return replay.Sniff(head, name) == replay.HARFile }

// HeadSize is how much of a file Read looks at to tell what it is.
const HeadSize = replay.SniffSize

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

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprint(n) + " " + noun + "s"
}
