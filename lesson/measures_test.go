package lesson

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// shippedResolver reads the shipped captures: "transcripts/NAME.http" is
// ../transcripts/NAME.http.
var shippedResolver = dirResolver{"../transcripts"}

// TestMeasure measures the three roads of the same deploy in the
// shipped captures: 07 (the stream), 13 (the webhook), 14 (polling).
func TestMeasure(t *testing.T) {
	want := map[string][]string{
		"requests": {"1", "2", "5"},
		"held":     {"1", "0", "0"},
		"pushed":   {"3", "3", "0"},
		"latency":  {"0.5 s", "0.5 s", "9 s"},
	}
	for name, figures := range want {
		for i, src := range []string{"transcripts/07-auth-required.http", "transcripts/13-push-webhook.http", "transcripts/14-poll.http"} {
			tr, err := shippedResolver.Transcript(src)
			if err != nil {
				t.Fatal(err)
			}
			s := &sources{c: &Config{Resolver: shippedResolver}, m: map[string]*source{}}
			got, err := s.get(src)
			if err != nil {
				t.Fatal(err)
			}
			v, err := Measure(name, tr, got.steps)
			if err != nil || v != figures[i] {
				t.Errorf("%s of %s = %q, %v; want %q", name, src, v, err, figures[i])
			}
		}
	}
	if _, err := Measure("speed", nil, nil); err == nil || !strings.Contains(err.Error(), "held, latency, pushed, requests") {
		t.Errorf("an unknown measure: %v", err)
	}
	for name := range measures {
		if MeasureNames()[name] == "" {
			t.Errorf("measure %s says nothing of what it counts", name)
		}
	}
}

const measuresLesson = "# t\n\n```measures\ntitle: one deploy, `two` roads\nsources: transcripts/07-auth-required.http, transcripts/14-poll.http\nrows: requests, latency\n---\n| | stream | poll |\n|---|---:|---:|\n| requests the `client` sent | 1 | 5 |\n| approval to knowing | 0.5 s | 9 s |\n```\n"

// TestMeasuresBlock: a table whose figures are the measured ones is
// drawn, escaped, with its sources linked; each figure, row or cell
// that does not match is an error at its line.
func TestMeasuresBlock(t *testing.T) {
	var out bytes.Buffer
	info, err := Convert([]byte(measuresLesson), "m.md", Config{Resolver: shippedResolver}, &out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<figure class="measures">`,
		`<th scope="row">requests the <code>client</code> sent</th><td class="measures-figure">1</td><td class="measures-figure">5</td>`,
		`<td class="measures-figure">0.5 s</td><td class="measures-figure">9 s</td>`,
		`href="../index.html#t=14-poll">14-poll</a>`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the HTML lacks %s:\n%s", want, out.String())
		}
	}
	if diff := cmp.Diff([]string{"07-auth-required", "14-poll"}, info.Transcripts); diff != "" {
		t.Errorf("Info.Transcripts (-want +got):\n%s", diff)
	}

	for _, c := range []struct{ from, to, want string }{
		{"| 1 | 5 |", "| 1 | 4 |", `m.md:10: measures: requests of transcripts/14-poll.http is "5", and the table says "4"`},
		{"| 0.5 s | 9 s |", "| 0.5s | 9 s |", `m.md:11: measures: latency of transcripts/07-auth-required.http is "0.5 s", and the table says "0.5s"`},
		{"rows: requests, latency", "rows: requests, speed", `m.md:6: measures: rows: no measure "speed"`},
		{"| approval to knowing | 0.5 s | 9 s |\n", "", "m.md:3: measures: the table has 1 rows of figures, and rows names 2 measures"},
		{"| 1 | 5 |", "| 1 |", "m.md:10: measures: the row has 2 cells; want 3"},
		{"| approval to knowing | 0.5 s | 9 s |", "| approval to knowing | 0.5 s | 9 s |\n| more | 1 | 1 |", "m.md:12: measures: a row more than the 2 measures"},
		{"| 1 | 5 |", "| 1 | 5", `m.md:10: measures: "| requests the ` + "`client`" + ` sent | 1 | 5" is not a table row`},
		{"transcripts/14-poll.http", "transcripts/99-none.http", "m.md:5: measures: sources: no transcript transcripts/99-none.http"},
		{"sources: transcripts/07-auth-required.http, transcripts/14-poll.http\n", "", `m.md:3: measures: missing key "sources"`},
		{"transcripts/07-auth-required.http", "transcripts/06-input-required.http", "no out-of-band exchange, so no approval to measure from"},
	} {
		src := strings.Replace(measuresLesson, c.from, c.to, 1)
		out.Reset()
		_, err := Convert([]byte(src), "m.md", Config{Resolver: shippedResolver}, &out)
		var list ErrorList
		if !errors.As(err, &list) || !strings.Contains(list.Error(), c.want) {
			t.Errorf("%q for %q: errors %v, want %q", c.to, c.from, err, c.want)
		}
		if !strings.Contains(out.String(), `class="lesson-error"`) {
			t.Errorf("%q: the broken block is not shown as its errors", c.to)
		}
	}
}
