package view

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay/har"
)

func TestOpen(t *testing.T) {
	good, err := os.ReadFile("testdata/sample.http")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Open("sample.http", good)
	if err != nil || len(tr.Exchanges) != 3 {
		t.Fatalf("Open(sample.http) = %v, %v", tr, err)
	}
	var log bytes.Buffer
	if err := har.Write(&log, tr); err != nil {
		t.Fatal(err)
	}
	if _, err := Open("log.har", log.Bytes()); err != nil {
		t.Errorf("Open(a HAR of the sample): %v", err)
	}
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10")
	for _, tt := range []struct {
		name string
		data []byte
		is   error
		says []string
	}{
		{"picture.png", png, ErrNotTranscript, []string{"picture.png: not an a2aplay transcript or HAR.", "PNG picture", "# a2aplay transcript 1"}},
		{"notes.txt", []byte("shopping list\neggs\n"), ErrNotTranscript, []string{`first line is "shopping list"`}},
		{"empty.http", nil, ErrNotTranscript, []string{"It is empty."}},
		{"blob.bin", []byte("ab\x00cd"), ErrNotTranscript, []string{"It is not text."}},
		{"data.json", []byte(`{"a": 1}`), ErrNotTranscript, nil},
		{"pages.har", []byte(`{"log":{"version":"1.2","entries":[{"startedDateTime":"2026-10-06T09:00:00.000Z","time":1,
			"request":{"method":"GET","url":"https://example.com/","httpVersion":"HTTP/1.1","headers":[]},
			"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"content":{"size":2,"mimeType":"text/html","text":"hi"}}}]}}`),
			ErrNoA2A, []string{"pages.har: no A2A calls in this HAR", "1 request"}},
	} {
		_, err := Open(tt.name, tt.data)
		if !errors.Is(err, tt.is) {
			t.Errorf("Open(%s) = %v, want %v", tt.name, err, tt.is)
			continue
		}
		for _, s := range tt.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("Open(%s) says %q, without %q", tt.name, err, s)
			}
		}
	}
	// A transcript's own mistakes keep their line.
	bad := bytes.Replace(good, []byte("### 2 SendStreamingMessage"), []byte("### two"), 1)
	if _, err := Open("bad.http", bad); err == nil || !strings.Contains(err.Error(), "bad.http:") || errors.Is(err, ErrNotTranscript) {
		t.Errorf("Open(bad.http) = %v", err)
	}
}

func FuzzOpen(f *testing.F) {
	good, _ := os.ReadFile("testdata/sample.http")
	f.Add(good)
	f.Add([]byte("\x89PNG\r\n"))
	f.Add([]byte(`{"log":{"entries":[]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		tr, err := Open("f", b)
		if (tr == nil) == (err == nil) {
			t.Fatalf("Open = %v, %v", tr, err)
		}
	})
}
