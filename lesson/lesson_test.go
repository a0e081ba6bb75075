package lesson

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// dirResolver reads transcripts from a folder: "transcripts/NAME.http"
// is dir/NAME.http. It is what the docs command does, on testdata.
type dirResolver struct{ dir string }

func (r dirResolver) Transcript(source string) (*replay.Transcript, error) {
	name := filepath.Base(source)
	b, err := os.ReadFile(filepath.Join(r.dir, name))
	if err != nil {
		return nil, fmt.Errorf("no transcript %s", source)
	}
	return replay.Parse(b, source)
}

var testResolver = dirResolver{"testdata/transcripts"}

// TestGolden converts every lesson in testdata/lessons and compares the
// HTML with NAME.html and the errors with NAME.errors.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/lessons/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lessons in testdata/lessons: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".md")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var html bytes.Buffer
			_, err = Convert(src, filepath.Base(file), Config{Resolver: testResolver}, &html)
			var errText string
			if err != nil {
				var list ErrorList
				if !errors.As(err, &list) {
					t.Fatalf("Convert: %v", err)
				}
				errText = list.Error() + "\n"
			}
			golden.CheckString(t, strings.TrimSuffix(file, ".md")+".html", html.String())
			golden.CheckString(t, strings.TrimSuffix(file, ".md")+".errors", errText)
		})
	}
}

func TestErrorsNameLines(t *testing.T) {
	src := "# x\n\n```listing\nsource: transcripts/review.http\nexchange: 1\nframe: 0\n```\n"
	_, err := Convert([]byte(src), "l.md", Config{Resolver: testResolver}, new(bytes.Buffer))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("err = %v, want an ErrorList", err)
	}
	want := ErrorList{{File: "l.md", Line: 6, Msg: `listing: frame "0": want a number from 1`}}
	if diff := cmp.Diff(want, list); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := list.Error(); got != `l.md:6: listing: frame "0": want a number from 1` {
		t.Errorf("Error() = %s", got)
	}
}

func TestNoResolver(t *testing.T) {
	src := "```listing\nsource: transcripts/review.http\nexchange: 1\n```\n"
	_, err := Convert([]byte(src), "l.md", Config{}, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "l.md:2: listing: no resolver") {
		t.Errorf("err = %v, want the missing resolver named at line 2", err)
	}
}

func TestInfo(t *testing.T) {
	src, err := os.ReadFile("testdata/lessons/blocks.md")
	if err != nil {
		t.Fatal(err)
	}
	info, err := Convert(src, "blocks.md", Config{Resolver: testResolver}, new(bytes.Buffer))
	if err != nil {
		t.Fatal(err)
	}
	want := &Info{
		Title:       "Blocks of the dialect",
		Summary:     "A task can wait for input (spec §3.2.2); the proto marks the state (proto TaskState).",
		Transcripts: []string{"review", "deploy"},
	}
	if diff := cmp.Diff(want, info); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestFigureCSS: a figure's SVG carries no <style> (the site's CSP
// forbids one); its style sheet comes back in Info for the page's CSS.
func TestFigureCSS(t *testing.T) {
	src, err := os.ReadFile("testdata/lessons/figure.md")
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	info, err := Convert(src, "figure.md", Config{Resolver: testResolver}, &html)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(html.Bytes(), []byte("<style")) || !bytes.Contains(html.Bytes(), []byte("<svg ")) {
		t.Errorf("want an SVG without <style> in:\n%s", html.String())
	}
	if !strings.Contains(info.FigureCSS, ".a2s") {
		t.Errorf("FigureCSS = %q, want the diagram's style sheet", info.FigureCSS)
	}
}

func TestParseRange(t *testing.T) {
	tests := []struct {
		in       string
		from, to int
		err      string
	}{
		{"4-9", 4, 9, ""},
		{" 3 ", 3, 3, ""},
		{"2 - 5", 2, 5, ""},
		{"9-4", 0, 0, `steps "9-4": 9 comes after 4`},
		{"0-3", 0, 0, `steps "0-3": steps count from 1`},
		{"a", 0, 0, `steps "a": want N or N-M`},
		{"1-", 0, 0, `steps "1-": want N or N-M`},
		{"-3", 0, 0, `steps "-3": want N or N-M`},
	}
	for _, tt := range tests {
		from, to, err := parseRange(tt.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if from != tt.from || to != tt.to || got != tt.err {
			t.Errorf("parseRange(%q) = %d, %d, %q; want %d, %d, %q", tt.in, from, to, got, tt.from, tt.to, tt.err)
		}
	}
}

var (
	scriptRE = regexp.MustCompile(`(?i)<script|<style|<iframe|<object|<embed|href="\s*javascript:|\son[a-z]+="`)
	// imgRE finds images; only those by a relative path may be drawn.
	imgRE     = regexp.MustCompile(`(?i)<img[^>]*>`)
	srcRE     = regexp.MustCompile(`^<img src="([^"]+)" alt="[^"]*"( title="[^"]*")?>$`)
	lessonDir = "../web/lessons"
)

// seedLessons adds the test lessons and the shipped ones to a fuzz corpus.
//
// Each lesson is added in pieces of a block or two, about 600 bytes:
// the fuzzer minimises every input that finds new code, and minimising a
// whole lesson, Convert after Convert under coverage instrumentation,
// takes the whole -fuzztime.
func seedLessons(f *testing.F) {
	for _, pattern := range []string{"testdata/lessons/*.md", lessonDir + "/*.md"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				continue
			}
			for _, piece := range lessonPieces(string(b), 600) {
				f.Add([]byte(piece))
			}
		}
	}
}

// lessonPieces cuts a lesson at blank lines outside fences into pieces
// of about max bytes (a block longer than that is a piece of its own).
func lessonPieces(src string, max int) []string {
	var pieces []string
	var cur strings.Builder
	fence := ""
	for _, line := range strings.SplitAfter(src, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case fence == "" && (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")):
			fence = t[:3]
		case fence != "" && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "":
			fence = ""
		case fence == "" && t == "" && cur.Len() >= max/2:
			pieces = append(pieces, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteString(line)
		if fence == "" && cur.Len() >= max {
			pieces = append(pieces, cur.String())
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		pieces = append(pieces, cur.String())
	}
	return pieces
}

// FuzzConvert: no input makes Convert panic, every error names a line
// of the lesson, and nothing in the output runs script.
func FuzzConvert(f *testing.F) {
	seedLessons(f)
	f.Add([]byte("```listing\n---\n```\n{{spec §"))
	// Inputs that once cost quadratic time: nested dialect blocks and
	// long runs of "{".
	f.Add([]byte(strings.Repeat("````rule\nlabel: x\n---\n", 300)))
	f.Add([]byte(strings.Repeat("{", 5000)))
	// Images: empty, remote, and of other schemes are never drawn.
	f.Add([]byte("![]()"))
	f.Add([]byte("![x](https://e.example/a.png) ![y](//e.example/b.png) ![z](data:image/png;base64,AA==)"))
	f.Add([]byte("```listing\nsource: capture/out/review.http\n---\n\"task\": { … \"id\": \"t1\", …\n```\n"))
	// A measures block: its table is read as written, never as Markdown.
	f.Add([]byte("```measures\nsources: transcripts/deploy.http, transcripts/review.http\nrows: requests, latency\n---\n| | a | b |\n|--|--|--|\n| `x` {{spec §3.5.1}} | 1 | <b>1</b> |\n|| 0.5 s |\n```\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		var out bytes.Buffer
		_, err := Convert(src, "f.md", Config{Resolver: testResolver}, &out)
		checkOutput(t, src, out.Bytes(), err)
	})
}

// FuzzBlockHeader puts arbitrary header text into each kind of block.
func FuzzBlockHeader(f *testing.F) {
	for _, s := range []string{
		"source: transcripts/review.http\nexchange: 1\npath: result.task\ncut: history",
		"source: transcripts/deploy.http\nexchange: 1\nframe: 2\nlang: http",
		"source: transcripts/deploy.http\nsteps: 1-3\ntitle: `x` {{spec §1}}",
		"label: x\nsource: spec §7.6.1\n---\nbody",
		"title: t\n---\n- a",
		"key without colon\n: value\n--\n---",
		"steps: 3-\nexchange: -1\nframe: 99999999999999999999",
		"sources: transcripts/deploy.http,,\nrows: requests, held, pushed, latency\n---\n| | d |\n| r | 1 |",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		for _, kind := range []string{infoListing, infoFigure, infoRule, infoTakeaways, infoMeasures} {
			src := []byte("# t\n\n```" + kind + "\n" + header + "\n```\n")
			var out bytes.Buffer
			_, err := Convert(src, "f.md", Config{Resolver: testResolver}, &out)
			checkOutput(t, src, out.Bytes(), err)
		}
	})
}

func checkOutput(t *testing.T, src, out []byte, err error) {
	t.Helper()
	if err != nil {
		var list ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("Convert returned %T %v, want an ErrorList", err, err)
		}
		lines := bytes.Count(src, []byte("\n")) + 1
		for _, e := range list {
			if e.Line < 1 || e.Line > lines || e.File != "f.md" || e.Msg == "" {
				t.Fatalf("error %q is not at a line of the %d-line lesson", e.Error(), lines)
			}
		}
	}
	if loc := scriptRE.FindIndex(out); loc != nil {
		t.Fatalf("output has active markup %q:\n%s", out[loc[0]:loc[1]], out)
	}
	for _, img := range imgRE.FindAll(out, -1) {
		m := srcRE.FindSubmatch(img)
		if m == nil || imageKind(html.UnescapeString(string(m[1]))) != imageLocal {
			t.Fatalf("output draws an image that is not by a relative path: %s", img)
		}
	}
}

// TestUpstream renders a lesson in the tutorial's upstream format: every
// listing carries its own quote and is found in its capture, the
// figures take their source from their captions, and a caption the
// drawing does not bear out is a finding, not an error.
func TestUpstream(t *testing.T) {
	src, err := os.ReadFile("testdata/lessons/upstream.md")
	if err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	info, err := Convert(src, "upstream.md", Config{Resolver: testResolver}, &html)
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if n := strings.Count(html.String(), "checked against the capture"); n != 3 {
		t.Errorf("%d listings checked against their capture, want 3", n)
	}
	if n := strings.Count(html.String(), "<svg "); n != 2 {
		t.Errorf("%d figures drawn, want 2", n)
	}
	for _, want := range []string{
		`data-transcript="review" data-step="2"`,
		`<a class="listing-source" href="../index.html#t=deploy&amp;s=3">deploy, events, exchange 1, frame 2</a>`,
		`deploy, exchange 2, request`,
	} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	want := ErrorList{
		{File: "upstream.md", Line: 63, Msg: "figure: caption: `Steps 1 to 3 are the first SendMessage and its reply`: step 3 is the request of exchange 2 (SendMessage), not the request of step 1 or its reply"},
		{File: "upstream.md", Line: 63, Msg: "figure: caption: `steps 4 to 6 answer on the same task`: the figure has no steps 5 to 6: it draws steps 1 to 4"},
	}
	if diff := cmp.Diff(want, info.Findings); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
	if n := strings.Count(html.String(), `class="figure-finding"`); n != 2 {
		t.Errorf("%d findings shown on the page, want 2", n)
	}
}

// TestQuoteDrift: a quote that no longer matches its capture is an
// error at the line where it differs, showing both sides.
func TestQuoteDrift(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      ErrorList
	}{{
		"a value changed",
		"# Drift\n\n```listing\nsource: capture/out/review.http\n---\n\"status\": {\n  \"state\": \"TASK_STATE_INPUT_REQUIRED\",\n  …\n  \"timestamp\": \"2026-10-06T09:00:00.500Z\"\n}\n```\n",
		ErrorList{{File: "d.md", Line: 9, Msg: "listing: the quote differs from capture/out/review.http (closest: exchange 1, response): " +
			"the listing has `\"timestamp\": \"2026-10-06T09:00:00.500Z\"`, the capture has `\"timestamp\": \"2026-10-06T09:00:00.250Z\"`"}},
	}, {
		"a member gone",
		"# Drift\n\n```listing\nsource: capture/out/deploy.events.json\n---\n\"statusUpdate\": {\n  \"taskId\": \"t9\",\n  \"final\": true,\n  …\n}\n```\n",
		ErrorList{{File: "d.md", Line: 8, Msg: "listing: the quote differs from capture/out/deploy.events.json (closest: events, exchange 1, frame 2): " +
			"the listing has `\"final\": true`, the capture has `no member \"final\" there (members \"taskId\", \"contextId\", \"status\")`"}},
	}, {
		"members the quote does not cut",
		"# Drift\n\n```listing\nsource: capture/out/review.http\nexchange: 1\npart: response\n---\n\"message\": {\n  \"messageId\": \"m2\",\n  \"role\": \"ROLE_AGENT\"\n}\n```\n",
		ErrorList{{File: "d.md", Line: 11, Msg: "listing: the quote differs from capture/out/review.http (closest: exchange 1, response): " +
			"the listing has `no other member (write … where members are cut)`, the capture has `also the member \"taskId\"`"}},
	}, {
		"text that is not there",
		"# Drift\n\n```listing\nsource: capture/out/deploy.http\nlang: text\n---\nPOST http://localhost:41243/refuse/t9\n```\n",
		ErrorList{{File: "d.md", Line: 7, Msg: "listing: the quote is nowhere in capture/out/deploy.http: no text there is like the listing's `POST http://localhost:41243/refuse/t9`"}},
	}, {
		"not JSON",
		"# Drift\n\n```listing\nsource: capture/out/review.http\nlang: json\n---\n{\"a\": 1,\n \"b\" 2}\n```\n",
		ErrorList{{File: "d.md", Line: 8, Msg: "listing: the quote is not JSON (with … for cuts): expected \":\" after the member name \"b\", found '2'"}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Convert([]byte(tc.src), "d.md", Config{Resolver: testResolver}, new(bytes.Buffer))
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("err = %v, want an ErrorList", err)
			}
			if diff := cmp.Diff(tc.want, list); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCiteLinks: every kind of citation links to its source.
func TestCiteLinks(t *testing.T) {
	tests := []struct{ source, ref, want string }{
		{"spec", "§7.6.1", SpecURL + "#761-in-task-authorization-agent-responsibilities"},
		{"spec", "§11.7", SpecURL + "#117-streaming"},
		{"spec", "§A.2.1", SpecURL + "#a21-breaking-change-kind-discriminator-removed"},
		{"proto", "TaskState", ProtoURL + "#L187"},
		{"proto", "Unlisted", ProtoURL},
		{"rfc", "9110", "https://www.rfc-editor.org/rfc/rfc9110"},
		{"sdk", "src/a2a/server/agent_execution/active_task.py", "https://github.com/a2aproject/a2a-python/blob/HEAD/src/a2a/server/agent_execution/active_task.py"},
		{"sdk-go", "internal/taskupdate/final.go at v2.6.0", "https://github.com/a2aproject/a2a-go/blob/v2.6.0/internal/taskupdate/final.go"},
		{"sdk-java", "events/EventConsumer.java at v1.4.0.Final", "https://github.com/a2aproject/a2a-java/blob/v1.4.0.Final/events/EventConsumer.java"},
		{"sdk-js", "src/server/events/execution_event_queue.ts at v1.3.0", "https://github.com/a2aproject/a2a-js/blob/v1.3.0/src/server/events/execution_event_queue.ts"},
		{"sdk-dotnet", "src/A2A/Server/TaskUpdater.cs at v1.0.0-preview2", "https://github.com/a2aproject/a2a-dotnet/blob/v1.0.0-preview2/src/A2A/Server/TaskUpdater.cs"},
		{"sdk-rust", "a2a-server/src/handler.rs at a2a-server-lf-v0.5.1", "https://github.com/a2aproject/a2a-rs/blob/a2a-server-lf-v0.5.1/a2a-server/src/handler.rs"},
	}
	for _, tt := range tests {
		if got := CiteURL(tt.source, tt.ref); got != tt.want {
			t.Errorf("CiteURL(%q, %q) = %s, want %s", tt.source, tt.ref, got, tt.want)
		}
	}
	for _, bad := range []string{"sdk-cobol x.cbl", "proto task state", "rfc nine", "sdk-go ../x at v1 2", "spec §AB.1", "spec §a.2", "spec §A.0"} {
		if _, _, problem := parseCite(bad); problem == "" {
			t.Errorf("parseCite(%q): no problem reported", bad)
		}
	}
}

// TestMessagesQuoteControls: what a lesson puts in an error message
// cannot reach the terminal raw.
func TestMessagesQuoteControls(t *testing.T) {
	src := "# x\n\nA {{sdk-\x1b]0;pwned\x07 x}} and ![a](https://e.example/\x1b[2J.png) and {{spec \u202e§1}}.\n"
	_, err := Convert([]byte(src), "f\x1b[31m.md", Config{Resolver: testResolver}, new(bytes.Buffer))
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if strings.ContainsAny(msg, "\x1b\x07\u202e") {
		t.Errorf("the message carries control characters raw: %q", msg)
	}
	if !strings.Contains(msg, `\x1b`) || !strings.Contains(msg, `\u202e`) {
		t.Errorf("the message does not show the control characters escaped: %s", msg)
	}
}

// TestImages: an image by a relative path is shown, a remote one is an
// error unless allowed, and any other (empty, data:, javascript:) is
// shown as its alt text only.
func TestImages(t *testing.T) {
	src := []byte("# x\n\n![a map](img/map.png)\n\n![remote](https://e.example/a.png)\n\n![]() ![js](javascript:alert(1))\n")
	var html bytes.Buffer
	_, err := Convert(src, "i.md", Config{Resolver: testResolver}, &html)
	want := "i.md:5: image \"https://e.example/a.png\" is remote: lesson pages load nothing remote (allow it with a2aplay docs -remote-images)\n" +
		"i.md:7: image \"\": link an image by a relative path (or an http(s) URL with -remote-images)\n" +
		"i.md:7: image \"javascript:alert(1)\": link an image by a relative path (or an http(s) URL with -remote-images)"
	if err == nil || err.Error() != want {
		t.Errorf("err =\n%v\nwant\n%s", err, want)
	}
	if got := strings.Count(html.String(), "<img "); got != 1 || !strings.Contains(html.String(), `<img src="img/map.png" alt="a map">`) {
		t.Errorf("want only the local image drawn:\n%s", html.String())
	}
	html.Reset()
	_, err = Convert(src[:strings.Index(string(src), "![]")], "i.md", Config{Resolver: testResolver, RemoteImages: true}, &html)
	if err != nil || !strings.Contains(html.String(), `<img src="https://e.example/a.png" alt="remote">`) {
		t.Errorf("with RemoteImages: err %v, html\n%s", err, html.String())
	}
}

// TestInPage: a lesson that is a section of the playground's page keeps
// every link in the page and every id its own.
func TestInPage(t *testing.T) {
	src := "# Title\n\n## Part one\n\nSee [the figure](#fig-x), [the replayer](../index.html#t=review&s=2), " +
		"[lesson two](02-two.html), [its part](02-two.html#part), [the index](index.html) and [a site](https://e.example/).\n\n" +
		"```figure\nid: fig-x\nsource: transcripts/review.http\n```\n\n" +
		"```listing\nsource: transcripts/review.http\nexchange: 1\npath: result.task.id\n```\n"
	var html bytes.Buffer
	c := InPage("01-one")
	c.Resolver = testResolver
	if _, err := Convert([]byte(src), "one.md", c, &html); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<h2 id="l-01-one-part-one">`, `href="#l-01-one-fig-x"`, `href="#t=review&amp;s=2"`,
		`href="#lesson-02-two"`, `href="#l-02-two-part"`, `href="#lessons"`, `href="https://e.example/"`,
		`<figure class="lesson-figure" id="l-01-one-fig-x"`, `id="l-01-one-fig-x-`, `class="listing-source" href="#t=review&amp;s=2"`,
	} {
		if !strings.Contains(html.String(), want) {
			t.Errorf("the section lacks %s:\n%s", want, html.String())
		}
	}
	if strings.Contains(html.String(), "index.html") {
		t.Errorf("a link leaves the page:\n%s", html.String())
	}
}
