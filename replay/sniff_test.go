package replay

import (
	"errors"
	"strings"
	"testing"
)

func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       FileKind
	}{
		{"a.http", "# a2aplay transcript 1\n", TranscriptFile},
		{"a.txt", "\xef\xbb\xbf \r\n# a2aplay transcript 1\n", TranscriptFile},
		{"net.json", `{"log": {"entries": []}}`, HARFile},
		{"net.HAR", `{"entries": []}`, HARFile},
		{"data.json", `{"a": 1}`, OtherFile},
		{"x.har", "\x89PNG", OtherFile},
		{"late.json", "{" + strings.Repeat(" ", SniffSize) + `"log"`, OtherFile},
		{"empty.http", "", OtherFile},
	} {
		if got := Sniff([]byte(tc.data), tc.name); got != tc.want {
			t.Errorf("Sniff(%q, %q) = %d, want %d", tc.data, tc.name, got, tc.want)
		}
	}
	err := NotTranscript([]byte("\x89PNG\r\n"), "p.har")
	if !errors.Is(err, ErrNotTranscript) || !strings.Contains(err.Error(), "p.har: not an a2aplay transcript or HAR. It is a PNG picture.") {
		t.Errorf("NotTranscript: %v", err)
	}
}
