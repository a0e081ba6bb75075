package replay

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
)

func scanAll(chunks ...string) []Frame {
	var s FrameScanner
	var out []Frame
	for _, c := range chunks {
		s.Feed([]byte(c), func(f Frame) { out = append(out, f) })
	}
	return out
}

func TestFrameScanner(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []Frame
	}{
		{"lf", "id: 1\ndata: a\n\ndata: b\ndata:c\n\n", []Frame{{ID: "1", Data: "a"}, {Data: "b\nc"}}},
		{"crlf", "event: e\r\ndata: a\r\n\r\n", []Frame{{Event: "e", Data: "a"}}},
		{"cr", "data: a\r\rdata: b\r\r", []Frame{{Data: "a"}, {Data: "b"}}},
		{"bom", "\ufeffdata: a\n\n", []Frame{{Data: "a"}}},
		{"almost a bom", "\xef\xbbdata: a\n\ndata: b\n\n", []Frame{{Data: "b"}}}, // the two bytes stay in the first field name
		{"comments and retry", ": ping\n\nretry: 10\n: c\ndata:  two spaces\n\n", []Frame{{Data: " two spaces"}}},
		{"no data", "id: 7\nevent: x\n\n", nil},
		{"empty data", "data\n\n", []Frame{{Data: ""}}},
		{"cut off", "data: a\n\ndata: b\n", []Frame{{Data: "a"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, scanAll(tc.in)); diff != "" {
				t.Errorf("whole (-want +got):\n%s", diff)
			}
			var bytes []string
			for i := range len(tc.in) {
				bytes = append(bytes, tc.in[i:i+1])
			}
			if diff := cmp.Diff(tc.want, scanAll(bytes...)); diff != "" {
				t.Errorf("byte by byte (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzFrameScanner checks that how a body is cut into chunks never
// changes its frames, and that no input panics.
func FuzzFrameScanner(f *testing.F) {
	for _, file := range replaytest.TranscriptFiles(f, "..") {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data), uint16(17))
	}
	f.Add("id: 1\ndata: a\n\n: keep-alive\n\nevent: e\r\ndata: b\r\ndata: c\r\n\r\n", uint16(3))
	f.Add("data: a\r\n\r\nid: 1\rdata: b\r\r", uint16(3))
	f.Add("\ufeffdata:x\n\ndata\n\nretry: 5\n\n:\n\n", uint16(1))
	f.Fuzz(func(t *testing.T, body string, cut uint16) {
		whole := scanAll(body)
		i := int(cut) % (len(body) + 1)
		if diff := cmp.Diff(whole, scanAll(body[:i], body[i:])); diff != "" {
			t.Fatalf("frames differ when cut at %d (-whole +cut):\n%s", i, diff)
		}
		var bytes []string
		for j := range len(body) {
			bytes = append(bytes, body[j:j+1])
		}
		if diff := cmp.Diff(whole, scanAll(bytes...)); diff != "" {
			t.Fatalf("frames differ when fed a byte at a time (-whole +bytes):\n%s", diff)
		}
	})
}
