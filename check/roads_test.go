package check

import (
	stdjson "encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// browserHAR is a transcript as a browser would save it: a2aplay's own
// HAR, without the _a2aplay members a browser does not write.
func browserHAR(t testing.TB, file string) []byte {
	t.Helper()
	b, err := har.Marshal(load(t, file))
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := stdjson.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var strip func(any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if strings.HasPrefix(k, "_a2aplay") {
					delete(v, k)
					continue
				}
				strip(x)
			}
		case []any:
			for _, x := range v {
				strip(x)
			}
		}
	}
	strip(v)
	b, err = stdjson.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPushUnrecordedHAR: a HAR whose SendMessage gives a webhook, and
// which cannot hold the notifications, says why they are missing, once,
// and nothing else about them.
func TestPushUnrecordedHAR(t *testing.T) {
	tr, err := har.Read(browserHAR(t, "testdata/rules/push-unrecorded.http"), "webhook.har")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Check(tr) {
		got = append(got, f.Rule)
		if f.Rule == "push-unrecorded" && !strings.Contains(f.Msg, "a browser's HAR holds only what the browser sent and received") {
			t.Errorf("the note does not say why: %s", f)
		}
	}
	if strings.Join(got, " ") != "push-unrecorded" {
		t.Errorf("findings %v, want push-unrecorded alone", got)
	}
}

// TestPushAuthenticationNoScheme: a configuration whose authentication
// has no scheme is push-config-fields' finding, the client's, and not
// also the agent's for leaving out an Authorization it could not write.
func TestPushAuthenticationNoScheme(t *testing.T) {
	b, err := os.ReadFile("testdata/rules/push-authentication.http")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), `"scheme": "Bearer"`, `"scheme": ""`, 1)
	tr, err := replay.Parse([]byte(text), "no-scheme.http")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range Check(tr) {
		got = append(got, f.Rule+" "+f.By)
	}
	if strings.Join(got, ", ") != "push-config-fields client" {
		t.Errorf("findings %v, want push-config-fields (client) alone", got)
	}
}

// TestPollBackoffExample: the poll-backoff note's advice is package
// backoff's schedule from 1 s, the one the kit's pollers follow.
func TestPollBackoffExample(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "rules", "poll-backoff.http"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(data, "poll-backoff.http")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for _, f := range Check(tr) {
		if f.Rule == "poll-backoff" {
			n++
			if !strings.Contains(f.Msg, "lengthen the interval each time (1, 2, 4, 8 s, say)") {
				t.Errorf("the note's advice: %s", f.Msg)
			}
		}
	}
	if n == 0 {
		t.Error("no poll-backoff note")
	}
}
