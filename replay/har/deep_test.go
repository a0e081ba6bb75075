package har

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// TestReadHARDeep: a body or a frame nested deeper than a2aplay reads
// is left out, with a note that gives the reader's error; the rest of
// the file reads, and a HAR file nested too deep, whose entries do not
// decode, gives an error rather than a stack too deep.
func TestReadHARDeep(t *testing.T) {
	deep := strings.Repeat("[", 9999) + strings.Repeat("]", 9999)
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	in := `{"log":{"entries":[
	{"startedDateTime":"2026-10-06T09:00:00.000Z","request":{"method":"POST","url":"http://a/rpc","postData":{"text":` + q(deep) + `}},
	 "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/event-stream"}],"content":{"text":` + q("data: {\"ok\":1}\n\ndata: "+deep+"\n\n") + `}}}
	]}}`
	tr, err := Read([]byte(in), "deep.har")
	if err != nil {
		t.Fatal(err)
	}
	x := tr.Exchanges[0]
	why := "at byte 256: " + jsonread.ErrTooDeep.Error() + ", which a transcript cannot hold"
	if x.Request.Body != "" || x.Response.Stream == nil || len(x.Response.Stream.Frames) != 2 || x.Response.Stream.Frames[1].Data != "" {
		t.Fatalf("the deep body and frame are kept: %+v", x)
	}
	notes := strings.Join(x.Notes, "\n")
	for _, want := range []string{"request body left out: body " + why, "frame 2: data " + why} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes %q lack %q", notes, want)
		}
	}
	if _, err := replay.Marshal(tr); err != nil {
		t.Errorf("the transcript read does not write: %v", err)
	}

	bad := `{"log":{"entries":[{"startedDateTime":5,"request":` + deep + `}]}}`
	if _, err := Read([]byte(bad), "bad.har"); err == nil {
		t.Error("a HAR nested 10,000 deep with an entry of the wrong type reads")
	}
}
