package view

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

func readShipped(t *testing.T, name string) (*replay.Transcript, []replay.Step) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "transcripts", name+".http"))
	if err != nil {
		t.Fatal(err)
	}
	return parseText(t, name, string(data))
}

func parseText(t *testing.T, name, text string) (*replay.Transcript, []replay.Step) {
	t.Helper()
	tr, err := replay.ParseString(text, name+".http")
	if err != nil {
		t.Fatal(err)
	}
	return tr, replay.Steps(tr)
}

// compareText writes a comparison as the golden files hold it: a line a
// row, the step on each side ("-" for none) and their labels, then its
// differences.
func compareText(c Comparison, as, bs []replay.Step) string {
	var b strings.Builder
	label := func(steps []replay.Step, k int) string {
		if k == 0 {
			return "-"
		}
		return fmt.Sprintf("%d %s", k, steps[k-1].Label)
	}
	for i, r := range c.Rows {
		fmt.Fprintf(&b, "%d. %s | %s\n", i+1, label(as, r.A), label(bs, r.B))
		for _, d := range r.Diffs {
			fmt.Fprintf(&b, "   %s\n", d)
		}
	}
	b.WriteString("kinds:")
	for _, k := range c.Kinds() {
		fmt.Fprintf(&b, " %s@%d", k.What, k.Pos)
	}
	b.WriteString("\n")
	return b.String()
}

// The two shipped pairs, 1.0 on the left and 0.3 on the right, in
// testdata/compare/NAME.txt (-update rewrites them): every step paired
// with its twin, and the differences named where the versions differ.
func TestCompareShipped(t *testing.T) {
	for _, name := range []string{"06-input-required", "07-auth-required"} {
		t.Run(name, func(t *testing.T) {
			a, as := readShipped(t, name)
			b, bs := readShipped(t, name+V03Suffix)
			c := Compare(a, as, b, bs)
			golden.CheckString(t, filepath.Join("testdata", "compare", name+".txt"), compareText(c, as, bs))
			if len(c.Rows) != len(as) || len(as) != len(bs) {
				t.Fatalf("%d rows for %d and %d steps", len(c.Rows), len(as), len(bs))
			}
			for i, r := range c.Rows {
				if r.A != i+1 || r.B != i+1 {
					t.Errorf("row %d pairs %d with %d", i+1, r.A, r.B)
				}
			}
			// Swapped sides name the same differences.
			back := Compare(b, bs, a, as)
			for i := range c.Rows {
				if fmt.Sprint(back.Rows[i].Diffs) != fmt.Sprint(c.Rows[i].Diffs) {
					t.Errorf("row %d: swapped sides give %v, want %v", i+1, back.Rows[i].Diffs, c.Rows[i].Diffs)
				}
			}
		})
	}
}

// Each kind of difference the brief names shows in the two stories: 06
// has the header, the methods, the kinds and the states; 07 the final
// frame too.
func TestCompareKinds(t *testing.T) {
	for name, want := range map[string]string{
		"06-input-required": "version method kind state",
		"07-auth-required":  "version method kind state final",
	} {
		a, as := readShipped(t, name)
		b, bs := readShipped(t, name+V03Suffix)
		c := Compare(a, as, b, bs)
		var got []string
		for _, k := range c.Kinds() {
			got = append(got, k.What)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: kinds %v, want %s", name, got, want)
		}
	}
}

// Steps are paired by the story, not by position: with the operator's
// approval cut out of the 0.3 side, the frames after it still meet
// their twins, and the approval's two steps stand alone on the left.
func TestComparePairsByStory(t *testing.T) {
	a, as := readShipped(t, "07-auth-required")
	data, err := os.ReadFile(filepath.Join("..", "transcripts", "07-auth-required.v0.3.http"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	cut := strings.Index(text, "### 2 approve")
	if cut < 0 {
		t.Fatal("no approve exchange in the 0.3 capture")
	}
	b, bs := parseText(t, "cut", text[:cut])
	c := Compare(a, as, b, bs)
	var rows []string
	for _, r := range c.Rows {
		rows = append(rows, fmt.Sprintf("%d-%d", r.A, r.B))
	}
	want := "1-1 2-2 3-3 4-4 5-0 6-0 7-5 8-6 9-7 10-8"
	if got := strings.Join(rows, " "); got != want {
		t.Errorf("rows %s, want %s", got, want)
	}
	// At keeps a side on its last step while the other steps alone.
	for k, want := range map[int][2]int{0: {0, 0}, 4: {4, 4}, 5: {5, 4}, 6: {6, 4}, 7: {7, 5}, 10: {10, 8}} {
		if a, b := c.At(k); a != want[0] || b != want[1] {
			t.Errorf("At(%d) = %d, %d; want %v", k, a, b, want)
		}
	}
}

// Two transcripts of one version name no differences; an empty one
// stands every step of the other alone.
func TestCompareSameVersion(t *testing.T) {
	a, as := readShipped(t, "06-input-required")
	c := Compare(a, as, a, as)
	for i, r := range c.Rows {
		if r.A != i+1 || r.B != i+1 || len(r.Diffs) != 0 {
			t.Errorf("row %d: %+v", i+1, r)
		}
	}
	c = Compare(a, as, &replay.Transcript{}, nil)
	if len(c.Rows) != len(as) || c.Rows[0].B != 0 {
		t.Errorf("against nothing: %+v", c.Rows)
	}
}

// A card fetched in each version names the card's shape.
func TestCompareCard(t *testing.T) {
	card := func(body string) string {
		return "# a2aplay transcript 1\n# participant: client\n# participant: agent http://localhost:41242\n\n### 1 card\n# @from client\n# @to agent\n# @at 2026-10-06T09:00:00.000Z\nGET http://localhost:41242/.well-known/agent-card.json HTTP/1.1\n\n# @at 2026-10-06T09:00:00.100Z\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n" + body + "\n"
	}
	a, as := parseText(t, "v10", card(`{"name":"agent","supportedInterfaces":[{"url":"http://localhost:41242/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}`))
	b, bs := parseText(t, "v03", card(`{"name":"agent","url":"http://localhost:41242/","protocolVersion":"0.3.0"}`))
	c := Compare(a, as, b, bs)
	if len(c.Rows) != 2 || len(c.Rows[1].Diffs) != 1 || c.Rows[1].Diffs[0].What != "card" {
		t.Fatalf("rows %+v, want the card's shape named on the reply", c.Rows)
	}
}

func TestStories(t *testing.T) {
	d := &PageData{Transcripts: []Shipped{{Name: "06-input-required"}, {Name: "06-input-required.v0.3"}, {Name: "07-auth-required"}, {Name: "08-auth-refused.v0.3"}, {Name: "19-planner"}}}
	if got := d.Stories(); fmt.Sprint(got) != "[06-input-required]" {
		t.Errorf("Stories = %v", got)
	}
}

// 0.3 over HTTP+JSON is its proto's JSON, wrapped as 1.0 is: only the
// version header and the route differ, no kind or state.
func TestCompareREST(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "check", "testdata", "cases", "v03-rest.http"))
	if err != nil {
		t.Fatal(err)
	}
	v03 := string(data)
	v10 := strings.NewReplacer("/v1/message:send HTTP/1.1\nContent-Type: application/json\n", "/message:send HTTP/1.1\nContent-Type: application/a2a+json\nA2A-Version: 1.0\n",
		`"content"`, `"parts"`).Replace(v03)
	a, as := parseText(t, "v10", v10)
	b, bs := parseText(t, "v03", v03)
	c := Compare(a, as, b, bs)
	var got []string
	for i, r := range c.Rows {
		for _, d := range r.Diffs {
			got = append(got, fmt.Sprintf("%d %s: %s | %s", i+1, d.What, d.V10, d.V03))
		}
	}
	want := []string{
		"1 version: A2A-Version: 1.0 | no A2A-Version header", "1 method: POST /message:send | POST /v1/message:send",
		"3 version: A2A-Version: 1.0 | no A2A-Version header", "3 method: POST /message:send | POST /v1/message:send",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzCompare: any transcript compared with either side of a shipped
// pair pairs every step once, in order, and never panics.
func FuzzCompare(f *testing.F) {
	for _, name := range []string{"06-input-required", "06-input-required.v0.3", "07-auth-required.v0.3"} {
		if b, err := os.ReadFile(filepath.Join("..", "transcripts", name+".http")); err == nil {
			f.Add(b)
		}
	}
	b, err := os.ReadFile(filepath.Join("..", "transcripts", "07-auth-required.http"))
	if err != nil {
		f.Fatal(err)
	}
	ref, err := replay.Parse(b, "07-auth-required.http")
	if err != nil {
		f.Fatal(err)
	}
	refSteps := replay.Steps(ref)
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := replay.Parse(data, "fuzz.http")
		if err != nil {
			return
		}
		steps := replay.Steps(tr)
		for i, c := range []Comparison{Compare(tr, steps, ref, refSteps), Compare(ref, refSteps, tr, steps)} {
			na, nb := len(steps), len(refSteps)
			if i == 1 {
				na, nb = nb, na
			}
			var a, b []int
			for _, r := range c.Rows {
				if r.A > 0 {
					a = append(a, r.A)
				}
				if r.B > 0 {
					b = append(b, r.B)
				}
				_ = c.Kinds()
			}
			if len(a) != na || len(b) != nb {
				t.Fatalf("%d and %d steps paired of %d and %d", len(a), len(b), na, nb)
			}
			for i, k := range a {
				if k != i+1 {
					t.Fatalf("left steps out of order: %v", a)
				}
			}
			for i, k := range b {
				if k != i+1 {
					t.Fatalf("right steps out of order: %v", b)
				}
			}
		}
	})
}
