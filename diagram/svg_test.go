package diagram

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/internal/replaytest"
	"github.com/a2aplay/a2aplay/replay"
)

func render(t testing.TB, steps []replay.Step, opts Options) (*Geometry, []byte) {
	g := Layout(steps, opts)
	var b bytes.Buffer
	if err := WriteSVG(&b, g); err != nil {
		t.Fatal(err)
	}
	return g, b.Bytes()
}

// TestGolden draws every transcript and compares the layout and the SVG
// with the golden files. The same files are checked natively and under
// GOOS=js GOARCH=wasm, so both give the same bytes.
func TestGolden(t *testing.T) {
	all := transcripts(t)
	for _, name := range sortedNames(all) {
		t.Run(name, func(t *testing.T) {
			tr := all[name]
			g, svg := render(t, replay.Steps(tr), Options{Title: tr.Title})
			js, err := json.MarshalIndent(g, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", name+".layout.json"), append(js, '\n'))
			golden.Check(t, filepath.Join("testdata", name+".svg"), svg)
			checkWellFormed(t, svg)
			if got := AppendSVG([]byte("<!-- -->"), g); string(got) != "<!-- -->"+string(svg) {
				t.Error("AppendSVG differs from WriteSVG")
			}
			if n := sizeSVG(g); n < len(svg) {
				t.Errorf("sizeSVG = %d, less than the SVG's %d bytes: the writer grows twice", n, len(svg))
			}
		})
	}
}

// TestGoldenRange draws the seeds' two step ranges.
func TestGoldenRange(t *testing.T) {
	steps := replay.Steps(generate(2))
	_, svg := render(t, steps, Options{Title: "steps 4 to 9", First: 4, Last: 9, IDPrefix: "fig-"})
	golden.Check(t, filepath.Join("testdata", "gen-2-steps-4-9.svg"), svg)
	checkWellFormed(t, svg)
}

// checkWellFormed parses svg as XML and fails on anything a transcript
// could have turned into markup: elements other than the writer's, or
// event-handler attributes.
func checkWellFormed(t *testing.T, svg []byte) {
	t.Helper()
	allowed := map[string]bool{"svg": true, "title": true, "desc": true, "style": true, "g": true,
		"rect": true, "line": true, "path": true, "text": true, "circle": true}
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if !allowed[se.Name.Local] {
				t.Errorf("unexpected element <%s>", se.Name.Local)
			}
			for _, a := range se.Attr {
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") {
					t.Errorf("<%s> has event attribute %s", se.Name.Local, a.Name.Local)
				}
			}
		}
	}
}

func TestHostileStaysText(t *testing.T) {
	steps := replay.Steps(hostile())
	_, svg := render(t, steps, Options{Title: hostile().Title, IDPrefix: `"><script>`})
	checkWellFormed(t, svg)
	for _, bad := range []string{"<script", "<g onload", "<!--", "]]>", "\x00", "\x07"} {
		if bytes.Contains(svg, []byte(bad)) {
			t.Errorf("SVG contains %q", bad)
		}
	}
	if !bytes.Contains(svg, []byte("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")) {
		t.Error("the hostile text is not in the SVG as escaped text")
	}
	var b bytes.Buffer
	if err := WriteMermaid(&b, steps, Options{Title: hostile().Title}); err != nil {
		t.Fatal(err)
	}
	// Once the writer's arrows, line breaks and the entity codes are taken
	// out, no character Mermaid or HTML would read is left.
	entity := regexp.MustCompile(`#([a-z]+|[0-9]+);`)
	for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
		rest := strings.NewReplacer("<br/>", "", "-->>", "", "->>", "").Replace(line)
		rest = entity.ReplaceAllString(rest, "")
		if strings.ContainsAny(rest, "<>;\"&%#`\x00\x07") {
			t.Errorf("Mermaid line %d holds a character it should have escaped: %s", i+1, line)
		}
	}
}

func TestAppendEscaped(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{`<a href="x">&'`, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"},
		{"a\tb\nc", "a b c"},
		{"nul\x00", "nul\uFFFD"},
		{"bad\xff", "bad\uFFFD"},
		{"\uFFFE\u0085", "\uFFFD\uFFFD"},
		{"ünïcødé → ✓", "ünïcødé → ✓"},
	}
	for _, tt := range tests {
		if got := string(appendEscaped(nil, tt.in)); got != tt.want {
			t.Errorf("appendEscaped(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestStepHooks checks what a page relies on: one group per step, with
// the step's id, number, kind and state, holding all its parts.
func TestStepHooks(t *testing.T) {
	steps := replay.Steps(generate(1))
	_, svg := render(t, steps, Options{IDPrefix: "f1-"})
	type group struct {
		ID, Step, Kind, State, Role, Aria, Class string
		Arrows, Labels, Nums                     int
	}
	var got []group
	d := xml.NewDecoder(bytes.NewReader(svg))
	var cur *group
	depth := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if cur != nil {
				depth++
				switch {
				case strings.Contains(" "+attr["class"]+" ", " arrow "):
					cur.Arrows++
				case e.Name.Local == "text" && attr["class"] == "label":
					cur.Labels++
				case e.Name.Local == "text" && attr["class"] == "num":
					cur.Nums++
				}
				continue
			}
			if e.Name.Local == "g" && strings.HasPrefix(attr["class"], "step ") {
				got = append(got, group{ID: attr["id"], Step: attr["data-step"], Kind: attr["data-kind"],
					State: attr["data-state"], Role: attr["role"], Aria: attr["aria-label"], Class: attr["class"]})
				cur = &got[len(got)-1]
				depth = 0
			}
		case xml.EndElement:
			if cur != nil {
				if depth == 0 {
					cur = nil
				} else {
					depth--
				}
			}
		}
	}
	if len(got) != len(steps) {
		t.Fatalf("%d step groups, want %d", len(got), len(steps))
	}
	want := map[int]group{
		0: {ID: "f1-s1", Step: "1", Kind: "request", Role: "listitem", Class: "step request",
			Aria:   "Step 1: planner to deployer, SendStreamingMessage. Deploy build 2026.10.06-1 to staging.",
			Arrows: 1, Labels: 1, Nums: 1},
		3: {ID: "f1-s4", Step: "4", Kind: "frame", State: replay.StateAuthRequired, Role: "listitem",
			Class:  "step frame st-auth-required paused",
			Aria:   "Step 4, frame 3: deployer to planner, statusUpdate AUTH_REQUIRED, the task waits. An operator must approve this deploy at http://localhost:41243/approve/5e010000",
			Arrows: 1, Labels: 1, Nums: 1},
		4: {ID: "f1-s5", Step: "5", Kind: "request", State: replay.StateAuthRequired, Role: "listitem",
			Class: "step request oob st-auth-required", Aria: "Step 5: operator to deployer, POST /approve/5e010000, outside A2A",
			Arrows: 1, Labels: 1, Nums: 1},
		9: {ID: "f1-s10", Step: "10", Kind: "close", State: replay.StateCompleted, Role: "listitem",
			Class: "step close st-completed", Aria: "Step 10: stream closed by server", Nums: 1},
	}
	for i, w := range want {
		if diff := cmp.Diff(w, got[i]); diff != "" {
			t.Errorf("step group %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestRange(t *testing.T) {
	steps := replay.Steps(generate(1))
	g := Layout(steps, Options{First: 5, Last: 9})
	var idx []int
	for _, r := range g.Rows {
		idx = append(idx, r.Index)
	}
	if diff := cmp.Diff([]int{5, 6, 7, 8, 9}, idx); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	if len(g.Streams) != 1 || !g.Streams[0].OpenTop || !g.Streams[0].OpenEnd || g.Streams[0].Note != nil {
		t.Errorf("streams = %+v; want one bracket open at both ends, without the still-open note", g.Streams)
	}
	// The state before the range is carried into the lane.
	if len(g.Lanes) != 1 || g.Lanes[0].Segments[0].Step != "" || g.Lanes[0].Segments[0].State != replay.StateAuthRequired {
		t.Errorf("lanes = %+v; want the AUTH_REQUIRED carried into the range first", g.Lanes)
	}
	want := "Sequence diagram of steps 5 to 9 between planner, deployer and operator. Task 5e010000 is AUTH_REQUIRED, then WORKING, then COMPLETED. Steps 7 to 9 are frames of one stream. Steps 5 and 6 are plain HTTP outside A2A."
	if g.Desc != want {
		t.Errorf("desc =\n%s\nwant\n%s", g.Desc, want)
	}
}

func TestDescribeSeeds(t *testing.T) {
	g := Layout(replay.Steps(generate(1)), Options{})
	want := "Sequence diagram of 10 steps between planner, deployer and operator. Task 5e010000 goes SUBMITTED, then WORKING, then AUTH_REQUIRED, then WORKING, then COMPLETED. Steps 2 to 4 and 7 to 9 are frames of one stream. Steps 5 and 6 are plain HTTP outside A2A."
	if g.Desc != want {
		t.Errorf("desc =\n%s\nwant\n%s", g.Desc, want)
	}
}

// TestNoOverlap checks that no two texts of the diagram overlap, and that
// every text stays inside the picture, by the built-in metrics.
func TestNoOverlap(t *testing.T) {
	all := transcripts(t)
	for _, name := range sortedNames(all) {
		g := Layout(replay.Steps(all[name]), Options{})
		var boxes []textBox
		for _, r := range g.Rows {
			for _, l := range r.Label {
				boxes = append(boxes, box(r.Step+" label", l, sans, labelSize))
			}
			for _, l := range r.Detail {
				boxes = append(boxes, box(r.Step+" detail", l, sans, detailSize))
			}
			if r.Badge != nil {
				boxes = append(boxes, textBox{r.Step + " badge", r.Badge.X, r.Badge.Y, r.Badge.X + r.Badge.W, r.Badge.Y + r.Badge.H})
			}
			if r.Tag != nil {
				boxes = append(boxes, box(r.Step+" tag", *r.Tag, sans, 10))
			}
			boxes = append(boxes, box(r.Step+" time", r.Time, mono, smallSize))
			if r.Close != nil {
				boxes = append(boxes, box(r.Step+" closed", r.Close.Text, sansBold, smallSize))
			}
			if r.Mark != nil {
				boxes = append(boxes, box(r.Step+" lane", r.Mark.Text, sansBold, smallSize))
			}
		}
		for _, st := range g.Streams {
			boxes = append(boxes, box(st.Group+" tab", st.Tab, sansBold, smallSize))
		}
		for i, c := range g.Channels {
			boxes = append(boxes, box("channel tab "+string(rune('0'+i)), c.Tab, sansBold, smallSize))
		}
		for i := range boxes {
			b := boxes[i]
			if b.x0 < 0 || b.y0 < 0 || b.x1 > g.Width || b.y1 > g.Height {
				t.Errorf("%s: %s lies outside the %dx%d picture: %+v", name, b.what, g.Width, g.Height, b)
			}
			// Rows are few per screen; compare with the neighbours only.
			for j := i + 1; j < len(boxes) && j < i+40; j++ {
				if b.overlaps(boxes[j]) {
					t.Errorf("%s: %s overlaps %s", name, b.what, boxes[j].what)
				}
			}
		}
	}
}

type textBox struct {
	what           string
	x0, y0, x1, y1 int
}

func box(what string, l Line, f font, size int) textBox {
	w := f.width(l.Text, size)
	x0 := l.X
	switch l.Anchor {
	case "middle":
		x0 -= w / 2
	case "end":
		x0 -= w
	}
	return textBox{what, x0, l.Y - size*3/4, x0 + w, l.Y + size/4}
}

func (a textBox) overlaps(b textBox) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func TestWrap(t *testing.T) {
	tests := []struct {
		text  string
		width int
		n     int
		want  []string
	}{
		{"", 100, 2, nil},
		{"short", 100, 2, []string{"short"}},
		{"one two three four", 60, 3, []string{"one two", "three four"}},
		{"one two three four five six seven", 60, 2, []string{"one two", "three…"}},
		{"abcdefghijklmnopqrstuvwxyz", 60, 3, []string{"abcdefghij", "klmnopqr", "stuvwxyz"}},
		{"abcdefghijklmnopqrstuvwxyz!", 60, 2, []string{"abcdefghij", "klmnop…"}},
	}
	for _, tt := range tests {
		got := wrap(tt.text, sans, 13, tt.width, tt.n)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("wrap(%q, %d) (-want +got):\n%s", tt.text, tt.width, diff)
		}
		for _, l := range got {
			if w := sans.width(l, 13); w > tt.width {
				t.Errorf("wrap(%q): line %q is %d px, wider than %d", tt.text, l, w, tt.width)
			}
		}
	}
}

func TestWidth(t *testing.T) {
	// Arial's advance widths: "A2A" is 667+557+667 thousandths of an em.
	if got, want := sans.width("A2A", 1000), 667+557+667; got != want {
		t.Errorf("width(A2A) = %d, want %d", got, want)
	}
	if got, want := sansBold.width("m", 1000), 890; got != want {
		t.Errorf("bold width(m) = %d, want %d", got, want)
	}
	if got, want := mono.width("ecf2dcb6", 10), 49; got != want {
		t.Errorf("mono width = %d, want %d", got, want)
	}
	if got, want := sans.width("漢字", 10), 20; got != want {
		t.Errorf("CJK width = %d, want %d", got, want)
	}
}

func TestEmpty(t *testing.T) {
	g, svg := render(t, nil, Options{})
	if g.Desc != "No steps." || g.Width < 200 {
		t.Errorf("empty diagram: %+v", g)
	}
	checkWellFormed(t, svg)
}

// hiddenRune returns the first character in b that would not show as
// itself in a drawing (a format character such as a bidi override or a
// zero-width space, or a control character other than a line feed), or -1.
func hiddenRune(b []byte) rune {
	for _, r := range string(b) {
		if unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029 || unicode.IsControl(r) && r != '\n' {
			return r
		}
	}
	return -1
}

// TestDrawnTextVisible draws steps whose texts hide or reorder
// characters: a right-to-left override, isolates, zero-width characters,
// a byte order mark, a tag character. Neither the SVG nor the Mermaid
// text may carry them; both show them as escapes instead, and the
// caller's steps stay as they were.
func TestDrawnTextVisible(t *testing.T) {
	steps := replay.Steps(generate(1))
	steps[0].Label = "SendMessage report\u202etxt.exe"
	steps[0].Detail = "approve\u200b now\ufeff"
	steps[1].From = "dep\u2066loyer\u2069"
	steps[1].State, steps[1].Reports, steps[1].Changed = "TASK_STATE_\u202eDERIUQER", true, true
	steps[2].TaskID = "task\U000E0041"
	opts := Options{Title: "a \u200dtitle", Participants: []string{"dep\u2066loyer\u2069"}}
	keep := append([]replay.Step(nil), steps...)

	g, svg := render(t, steps, opts)
	if r := hiddenRune(svg); r >= 0 {
		t.Errorf("the SVG draws %U as it is", r)
	}
	for _, want := range []string{`report\u202etxt.exe`, `approve\u200b now\ufeff`, `dep\u2066loyer\u2069`, `a \u200dtitle`, `task\U000e0041`} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("the SVG does not show %s", want)
		}
	}
	if g.Participants[0].Name != `dep\u2066loyer\u2069` {
		t.Errorf("first party %q: Options.Participants no longer matches its steps", g.Participants[0].Name)
	}
	var m bytes.Buffer
	if err := WriteMermaid(&m, steps, opts); err != nil {
		t.Fatal(err)
	}
	if r := hiddenRune(m.Bytes()); r >= 0 {
		t.Errorf("the Mermaid text has %U as it is", r)
	}
	if !strings.Contains(m.String(), "report#92;u202etxt.exe") {
		t.Errorf("the Mermaid text does not show the override:\n%s", m.String())
	}
	if diff := cmp.Diff(keep, steps); diff != "" {
		t.Errorf("drawing changed the caller's steps (-before +after):\n%s", diff)
	}
}

// FuzzSVG puts arbitrary text in every text field of some steps: the SVG
// must stay well-formed with only the writer's elements, and the Mermaid
// text must keep one statement per line.
func FuzzSVG(f *testing.F) {
	f.Add("plain", replay.StateAuthRequired)
	f.Add(`<script>alert(1)</script>`, `"><g onload="x">`)
	f.Add("tab\tnul\x00bad\xff\uFFFE", "")
	f.Add(strings.Repeat("long words without end ", 40), replay.StateInputRequired)
	f.Add("漢字とかなのラベル", "TASK_STATE_?")
	f.Add("report\u202etxt.exe\u202c \u2066x\u2069\u200b\ufeff", "TASK_STATE_\u200bWORKING")
	f.Fuzz(func(t *testing.T, text, state string) {
		steps := replay.Steps(generate(1))
		for i := range steps {
			s := &steps[i]
			switch i % 3 {
			case 0:
				s.Label, s.Detail = text, text
			case 1:
				s.From, s.State, s.Reports, s.Changed = text, state, true, true
			case 2:
				s.To, s.TaskID, s.Group = text, text, text
			}
		}
		g, svg := render(t, steps, Options{Title: text, IDPrefix: text})
		checkWellFormed(t, svg)
		if r := hiddenRune(svg); r >= 0 {
			t.Errorf("the SVG draws %U as it is", r)
		}
		if g.Width <= 0 || g.Height <= 0 {
			t.Errorf("size %dx%d", g.Width, g.Height)
		}
		// A window laid out from a Prepared transcript is the same.
		want, _ := json.Marshal(Layout(steps, Options{Title: text, First: 3, Last: 6}))
		got, _ := json.Marshal(Prepare(steps, Options{Title: text}).Layout(3, 6))
		if !bytes.Equal(got, want) {
			t.Errorf("Prepared.Layout(3, 6) differs from Layout of steps 3 to 6")
		}
		var b bytes.Buffer
		if err := WriteMermaid(&b, steps, Options{Title: text}); err != nil {
			t.Fatal(err)
		}
		if r := hiddenRune(b.Bytes()); r >= 0 {
			t.Errorf("the Mermaid text has %U as it is", r)
		}
		for i, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if i > 0 && !strings.HasPrefix(line, "    ") {
				t.Fatalf("Mermaid line %d does not start a statement: %q", i+1, line)
			}
		}
	})
}

func TestNoStyle(t *testing.T) {
	steps := replay.Steps(generate(1))
	_, with := render(t, steps, Options{})
	_, without := render(t, steps, Options{NoStyle: true})
	style := "<style>" + StyleSheet() + "</style>\n"
	if !bytes.Contains(with, []byte(style)) {
		t.Fatal("the SVG does not embed StyleSheet()")
	}
	if got := bytes.Replace(with, []byte(style), nil, 1); !bytes.Equal(got, without) {
		t.Error("NoStyle changes more than the <style> element")
	}
}

// TestIDAttr: an id written after the prefix reads as the two joined and
// escaped as one value, whatever they hold.
func TestIDAttr(t *testing.T) {
	for _, prefix := range []string{"", "fig-", "a&b<", "é-", "\xc3", "\u202e", "x\x00"} {
		for _, id := range []string{"s7", "", "\xa9x", "\"'>", "\u200bq", "ünï"} {
			got := string(svgBuf(nil).idAttr("id", prefix, id))
			want := string(svgBuf(nil).attr("id", prefix+id))
			if got != want {
				t.Errorf("idAttr(%q, %q) = %q, want %q", prefix, id, got, want)
			}
		}
	}
}

// TestPushArrow checks that a push notification is drawn apart from a
// request and a reply: its own class and kind (which the style sheet
// colours and dashes), a filled head, a solid (not dashed) arrow in the
// geometry, and Mermaid's async arrow.
func TestPushArrow(t *testing.T) {
	tr, err := replay.Parse(replaytest.ReadFile(t, "../replay/testdata/push-webhook.http"), "push-webhook.http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	g, svg := render(t, steps, Options{})
	r := g.Rows[6] // s7, push statusUpdate WORKING
	if r.Kind != replay.KindPush || r.Arrow == nil || r.Arrow.Dashed || r.Badge == nil || r.Mark == nil {
		t.Fatalf("push row: kind %q, arrow %+v, badge %v, lane mark %v; want a push with a solid arrow, a badge and a lane segment",
			r.Kind, r.Arrow, r.Badge != nil, r.Mark != nil)
	}
	if reply := g.Rows[7]; reply.Kind != replay.KindReply || !reply.Arrow.Dashed {
		t.Errorf("the webhook's answer: kind %q, arrow %+v; want a dashed reply", reply.Kind, reply.Arrow)
	}
	group := regexp.MustCompile(`<g class="step push st-working" id="s7"[^>]* data-kind="push"[^>]*>(.*?)</g>`).FindSubmatch(svg)
	if group == nil {
		t.Fatalf("no step group of class push for s7 in:\n%s", svg)
	}
	if !strings.Contains(StyleSheet(), ".a2s .push .arrow{stroke:var(--push)") {
		t.Error("the style sheet does not colour a push's arrow")
	}
	for _, want := range []string{`<path class="head" `, `class="arrow"`} {
		if !bytes.Contains(group[1], []byte(want)) {
			t.Errorf("push group lacks %s: %s", want, group[1])
		}
	}
	if bytes.Contains(group[1], []byte(`head open`)) {
		t.Errorf("push group has an open head, as a reply does: %s", group[1])
	}
	var m strings.Builder
	if err := WriteMermaid(&m, steps, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.String(), "    p2-)p3: 7 · push statusUpdate WORKING\n") {
		t.Errorf("Mermaid draws no async arrow for the push:\n%s", m.String())
	}
}

// TestMarkPoint: a mark goes on the middle of a straight arrow's line as
// drawn (2 px short of its tip, whichever way it points), on the
// middle of the line a self arrow leaves its lifeline by, and beside
// the step number of a row with no arrow.
func TestMarkPoint(t *testing.T) {
	num := Rect{X: 4, Y: 90, W: 30, H: 20}
	for _, c := range []struct {
		name string
		a    *Arrow
		x, y int
	}{
		{"right", &Arrow{X1: 100, X2: 301}, 199, 100}, // the line 100 to 299
		{"left", &Arrow{X1: 300, X2: 100}, 201, 100},  // the line 300 to 102
		{"self", &Arrow{X1: 100, X2: 100, Self: true}, 100 + selfW/2, 100},
		{"close", nil, 46, 100},
	} {
		r := Row{Y: 100, Number: num, Arrow: c.a}
		if x, y := r.MarkPoint(); x != c.x || y != c.y {
			t.Errorf("%s: MarkPoint() = %d,%d, want %d,%d", c.name, x, y, c.x, c.y)
		}
	}
}
