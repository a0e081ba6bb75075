package open

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// read calls Read and ReadFrom and checks that they agree.
func read(t *testing.T, name string, data []byte, opts har.Options) (*replay.Transcript, error) {
	t.Helper()
	tr, err := Read(data, name, opts)
	tr2, err2 := ReadFrom(bytes.NewReader(data), name, opts)
	if diff := cmp.Diff(tr, tr2); diff != "" || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
		t.Errorf("Read(%s) = %v; ReadFrom = %v; transcripts (-Read +ReadFrom):\n%s", name, err, err2, diff)
	}
	return tr, err
}

func TestRead(t *testing.T) {
	good, err := os.ReadFile("testdata/sample.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := read(t, "sample.http", good, har.Options{})
	if err != nil || len(tr.Exchanges) != 3 {
		t.Fatalf("Read(sample.http) = %v, %v", tr, err)
	}
	var log bytes.Buffer
	if err := har.Write(&log, tr); err != nil {
		t.Fatal(err)
	}
	// By content, whatever the name says.
	for _, name := range []string{"log.har", "log.json", "log.http", "log"} {
		if back, err := read(t, name, log.Bytes(), har.Options{}); err != nil || len(back.Exchanges) != 3 {
			t.Errorf("Read(a HAR of the sample named %s) = %v", name, err)
		}
	}
	// A byte order mark does not hide a transcript, though Parse then
	// names it as the first line's fault.
	for _, name := range []string{"sample.har", "sample.txt"} {
		if _, err := read(t, name, append([]byte("\xef\xbb\xbf"), good...), har.Options{}); errors.Is(err, ErrNotTranscript) || !strings.Contains(err.Error(), name+":1:") {
			t.Errorf("Read(the sample after a byte order mark, named %s) = %v, want Parse's error", name, err)
		}
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10")
	pages := []byte(`{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-10-06T09:00:00.000Z","time":1,
		"request":{"method":"GET","url":"https://example.com/","httpVersion":"HTTP/1.1","headers":[]},
		"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"content":{"size":2,"mimeType":"text/html","text":"hi"}}}]}}`)
	for _, tt := range []struct {
		name string
		data []byte
		opts har.Options
		is   error
		says []string
	}{
		{"picture.png", png, har.Options{}, ErrNotTranscript, []string{"picture.png: not an a2aplay transcript or HAR.", "PNG picture", "# a2aplay transcript 1"}},
		{"picture.har", png, har.Options{}, ErrNotTranscript, []string{"PNG picture"}},
		{"notes.txt", []byte("shopping list\neggs\n"), har.Options{}, ErrNotTranscript, []string{`first line is "shopping list"`}},
		{"empty.http", nil, har.Options{}, ErrNotTranscript, []string{"It is empty."}},
		{"blob.bin", []byte("ab\x00cd"), har.Options{}, ErrNotTranscript, []string{"It is not text."}},
		{"data.json", []byte(`{"a": 1}`), har.Options{}, ErrNotTranscript, nil},
		{"pages.har", pages, har.Options{}, ErrNoA2A, []string{"pages.har: no A2A calls in this HAR", "1 request"}},
		{"pages.har", pages, har.Options{KeepAll: true}, ErrNoA2A, []string{"1 request"}},
	} {
		_, err := read(t, tt.name, tt.data, tt.opts)
		if !errors.Is(err, tt.is) {
			t.Errorf("Read(%s) = %v, want %v", tt.name, err, tt.is)
			continue
		}
		for _, s := range tt.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("Read(%s) says %q, without %q", tt.name, err, s)
			}
		}
	}
	// A transcript's own mistakes keep their line, and a HAR's its field.
	bad := bytes.Replace(good, []byte("### 2 SendStreamingMessage"), []byte("### two"), 1)
	var se *replay.SyntaxError
	if _, err := read(t, "bad.http", bad, har.Options{}); !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "bad.http:") {
		t.Errorf("Read(bad.http) = %v, want a *replay.SyntaxError", err)
	}
	var he *har.Error
	if _, err := read(t, "bad.har", []byte(`{"entries": []}`), har.Options{}); !errors.As(err, &he) {
		t.Errorf("Read(bad.har) = %v, want a *har.Error", err)
	}
}

func FuzzRead(f *testing.F) {
	good, _ := os.ReadFile("testdata/sample.http")
	f.Add(good, "f.http")
	f.Add([]byte("\x89PNG\r\n"), "f.png")
	f.Add([]byte(`{"log":{"entries":[]}}`), "f")
	f.Add([]byte(`{"entries":[]}`), "f.har")
	f.Fuzz(func(t *testing.T, b []byte, name string) {
		tr, err := read(t, name, b, har.Options{})
		if (tr == nil) == (err == nil) {
			t.Fatalf("Read = %v, %v", tr, err)
		}
	})
}

func TestIsHAR(t *testing.T) {
	for _, tc := range []struct {
		head, name string
		want       bool
	}{
		{`{"log":{"version":"1.2"`, "network.json", true},
		{` {"log"`, "x", true},
		{`{"entries":[]}`, "x.HAR", true},
		{`{"entries":[]}`, "x.json", false},
		{"# a2aplay transcript 1\n", "x.har", false},
		{"\x89PNG", "x.har", false},
	} {
		if got := IsHAR([]byte(tc.head), tc.name); got != tc.want {
			t.Errorf("IsHAR(%q, %s) = %v, want %v", tc.head, tc.name, got, tc.want)
		}
	}
}
