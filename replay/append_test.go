package replay

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/replaytest"
)

// TestAppender checks that the text an Appender has written is, after
// every call, the canonical text of the transcript so far.
func TestAppender(t *testing.T) {
	trs := map[string]*Transcript{"full": fullTranscript()}
	for _, file := range replaytest.TranscriptFiles(t, "..") {
		trs[file] = replaytest.ParseFile(t, file, Parse)
	}
	for name, tr := range trs {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			a, err := NewAppender(&out, tr)
			if err != nil {
				t.Fatal(err)
			}
			sofar := &Transcript{Title: tr.Title, Notes: tr.Notes, Participants: tr.Participants}
			for i := 0; ; i++ {
				want, err := Marshal(sofar)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(string(want), out.String()); diff != "" {
					t.Fatalf("after %d exchanges (-Marshal +Appender):\n%s", i, diff)
				}
				if _, err := Parse(out.Bytes(), "sofar"); err != nil {
					t.Fatalf("after %d exchanges: %v", i, err)
				}
				if i == len(tr.Exchanges) {
					break
				}
				x := *tr.Exchanges[i]
				x.Seq = 0 // the Appender numbers
				if err := a.Append(&x); err != nil {
					t.Fatal(err)
				}
				sofar.Exchanges = append(sofar.Exchanges, &x)
			}
			if a.Len() != len(tr.Exchanges) {
				t.Errorf("Len() = %d, want %d", a.Len(), len(tr.Exchanges))
			}
		})
	}
}

func TestAppenderRefuses(t *testing.T) {
	var out bytes.Buffer
	if _, err := NewAppender(&out, &Transcript{Participants: []Participant{{Name: "a b"}}}); !errors.Is(err, ErrNotRepresentable) || out.Len() > 0 {
		t.Fatalf("bad participant: err %v, wrote %q", err, out.String())
	}
	tr := fullTranscript()
	a, err := NewAppender(&out, tr)
	if err != nil {
		t.Fatal(err)
	}
	head := out.String()
	bad := *tr.Exchanges[0]
	bad.To = "nobody"
	if err := a.Append(&bad); !errors.Is(err, ErrNotRepresentable) {
		t.Fatalf("Append of an exchange to nobody: %v", err)
	}
	if out.String() != head || a.Len() != 0 {
		t.Fatalf("a refused exchange was written: %q", out.String()[len(head):])
	}
	good := *tr.Exchanges[0]
	if err := a.Append(&good); err != nil || good.Seq != 1 {
		t.Fatalf("Append after a refusal: %v, Seq %d", err, good.Seq)
	}
}

func TestHeaderNotes(t *testing.T) {
	in := "# a2aplay transcript 1\n# title: t\n# note: left out: 2 scripts\n# note:\n# note:   spaced\n# participant: client\n"
	tr, err := Parse([]byte(in), "n.http")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"left out: 2 scripts", "", "  spaced"}, tr.Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	if out, err := Marshal(tr); err != nil || string(out) != in {
		t.Errorf("Marshal: %v\n%s", err, out)
	}
	for _, bad := range []string{"# a2aplay transcript 1\n# note:x\n", "# a2aplay transcript 1\n# participant: a\n# note: late\n"} {
		if _, err := Parse([]byte(bad), "bad.http"); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
	if _, err := Marshal(&Transcript{Notes: []string{"two\nlines"}}); !errors.Is(err, ErrNotRepresentable) {
		t.Errorf("a note with a line break: %v", err)
	}
}
