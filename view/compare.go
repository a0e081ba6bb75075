package view

import (
	"errors"
	"strings"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// The compare view steps two transcripts of one story side by side, one
// in A2A v1.0 and one in v0.3, and names on each step what the two
// versions write differently. Its deep link is #compare=STORY&s=K, where
// STORY is a shipped transcript whose 0.3 twin STORY.v0.3 is shipped too
// ([PageData.Stories]).

// V03Suffix ends the name of a shipped transcript's 0.3 twin:
// "06-input-required.v0.3" is 06-input-required over A2A v0.3.
const V03Suffix = ".v0.3"

// A Comparison pairs the steps of two transcripts of one story: Rows[k-1]
// is what the compare view shows at position k (1..len(Rows)); position
// 0 is the overview.
type Comparison struct {
	Rows []CompareRow `json:"rows"`
}

// A CompareRow is one step of the story: a step on each side, or on one
// side only when the other transcript has no step of that story there,
// and what the two write differently.
type CompareRow struct {
	A     int          `json:"a"` // the step on the left, 1-based; 0 for none
	B     int          `json:"b"` // the step on the right, 1-based; 0 for none
	Diffs []Difference `json:"diffs,omitempty"`
}

// A Difference is one thing the two versions write differently on a
// step: What names its kind, V10 and V03 say how each writes it, and
// Section is the v1.0 specification's section that says it.
type Difference struct {
	What    string `json:"what"` // "version", "method", "state", "kind", "final", "card"
	V10     string `json:"v10"`
	V03     string `json:"v03"`
	Section string `json:"section"`
}

// What the kinds of difference are called, in the order a row lists them.
var differenceNames = [...]struct{ what, name string }{
	{"version", "version header"},
	{"method", "method name"},
	{"card", "card shape"},
	{"kind", "kind against the oneof"},
	{"state", "state name"},
	{"final", "final against stream close"},
}

// Name is the difference's kind as the view heads it: "method name",
// "kind against the oneof".
func (d Difference) Name() string {
	for _, n := range differenceNames {
		if n.what == d.What {
			return n.name
		}
	}
	return d.What
}

// String is the difference in one line: "method name: 1.0 SendMessage,
// 0.3 message/send (§9.1)".
func (d Difference) String() string {
	return d.Name() + ": 1.0 " + d.V10 + ", 0.3 " + d.V03 + " (§" + d.Section + ")"
}

// Stories are the shipped transcripts the compare view offers: each
// whose 0.3 twin (name + [V03Suffix]) is shipped too, in the data
// block's order.
func (d *PageData) Stories() []string {
	var out []string
	for _, s := range d.Transcripts {
		if !strings.HasSuffix(s.Name, V03Suffix) && d.Shipped(s.Name+V03Suffix) != nil {
			out = append(out, s.Name)
		}
	}
	return out
}

// maxPairCells bounds the work of pairing by the story: two transcripts
// whose step counts multiply to more are paired by position instead.
const maxPairCells = 1 << 22

// Compare pairs the steps of two transcripts of one story, a and b with
// their steps, and names the differences of each pair. Two steps are
// the same step of the story when they are of the same kind between the
// same participants, with the same (v1.0) method, event and reported
// state: the longest run of such pairs in order is kept, and the steps
// between two kept pairs are paired in order, one side's extra steps
// standing alone. Differences are named where one side speaks 0.3 and
// the other 1.0.
func Compare(a *replay.Transcript, as []replay.Step, b *replay.Transcript, bs []replay.Step) Comparison {
	var c Comparison
	for _, p := range pairSteps(as, bs) {
		r := CompareRow{A: p[0], B: p[1]}
		if r.A > 0 && r.B > 0 {
			r.Diffs = differences(a, &as[r.A-1], b, &bs[r.B-1])
		}
		c.Rows = append(c.Rows, r)
	}
	return c
}

// At is what each side shows at position k (0..len(Rows)): the step of
// row k on each side, or, on a side row k leaves empty, the last step
// that side showed before; 0 for the overview.
func (c *Comparison) At(k int) (a, b int) {
	for i := 0; i < k && i < len(c.Rows); i++ {
		if r := c.Rows[i]; r.A > 0 {
			a = r.A
		}
		if r := c.Rows[i]; r.B > 0 {
			b = r.B
		}
	}
	return a, b
}

// Kinds are the kinds of difference the comparison shows, each once,
// in the order of [Difference.Name]'s table, with the first position
// (1-based) that shows it.
func (c *Comparison) Kinds() []KindAt {
	var out []KindAt
	for _, n := range differenceNames {
		for i, r := range c.Rows {
			if hasDiff(r.Diffs, n.what) {
				out = append(out, KindAt{What: n.what, Name: n.name, Pos: i + 1})
				break
			}
		}
	}
	return out
}

// A KindAt is a kind of difference and the first position that shows it.
type KindAt struct {
	What, Name string
	Pos        int
}

func hasDiff(ds []Difference, what string) bool {
	for _, d := range ds {
		if d.What == what {
			return true
		}
	}
	return false
}

// storyKey is what makes two steps the same step of a story.
func storyKey(s *replay.Step) string {
	st := ""
	if s.Reports {
		st = s.State
	}
	ch := ""
	if s.OutOfBand {
		ch = "oob"
	}
	return string(s.Kind) + "|" + s.From + "|" + s.To + "|" + s.Method + "|" + s.Event + "|" + st + "|" + ch
}

// pairSteps pairs the steps of as and bs, 1-based, 0 for a side without
// a step: by the longest common run of story keys, then in order
// between two kept pairs.
func pairSteps(as, bs []replay.Step) [][2]int {
	n, m := len(as), len(bs)
	if n*m > maxPairCells {
		out := make([][2]int, 0, max(n, m))
		for i := 1; i <= max(n, m); i++ {
			p := [2]int{i, i}
			if i > n {
				p[0] = 0
			}
			if i > m {
				p[1] = 0
			}
			out = append(out, p)
		}
		return out
	}
	ka, kb := make([]string, n), make([]string, m)
	for i := range as {
		ka[i] = storyKey(&as[i])
	}
	for j := range bs {
		kb[j] = storyKey(&bs[j])
	}
	// lcs[i*(m+1)+j]: the longest common run of ka[i:] and kb[j:].
	w := m + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			switch {
			case ka[i] == kb[j]:
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
				lcs[i*w+j] = lcs[(i+1)*w+j]
			default:
				lcs[i*w+j] = lcs[i*w+j+1]
			}
		}
	}
	var out [][2]int
	gap := func(i0, i1, j0, j1 int) { // unkept steps as[i0:i1], bs[j0:j1]
		for i, j := i0, j0; i < i1 || j < j1; i, j = i+1, j+1 {
			p := [2]int{0, 0}
			if i < i1 {
				p[0] = i + 1
			}
			if j < j1 {
				p[1] = j + 1
			}
			out = append(out, p)
		}
	}
	i, j, gi, gj := 0, 0, 0, 0
	for i < n && j < m {
		switch {
		case ka[i] == kb[j]:
			gap(gi, i, gj, j)
			out = append(out, [2]int{i + 1, j + 1})
			i, j = i+1, j+1
			gi, gj = i, j
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	gap(gi, n, gj, m)
	return out
}

// differences names what two paired steps write differently, when one
// speaks 0.3 and the other 1.0.
func differences(a *replay.Transcript, sa *replay.Step, b *replay.Transcript, sb *replay.Step) []Difference {
	if sa.OutOfBand || sb.OutOfBand {
		return nil
	}
	t10, s10, t03, s03 := a, sa, b, sb
	switch {
	case sa.Version == "" && sb.Version == replay.V03:
	case sa.Version == replay.V03 && sb.Version == "":
		t10, s10, t03, s03 = b, sb, a, sa
	default:
		return nil
	}
	x10, x03 := exchangeOf(t10, s10.Exchange), exchangeOf(t03, s03.Exchange)
	if x10 == nil || x03 == nil {
		return nil
	}
	var ds []Difference
	add := func(what, v10, v03, section string) {
		if v10 != v03 {
			ds = append(ds, Difference{What: what, V10: v10, V03: v03, Section: section})
		}
	}
	card := x10.Request.Method == "GET" && replay.IsCardPath(x10.Request.Path())
	switch {
	case s10.Kind == replay.KindRequest && !card:
		add("version", versionHeader(&x10.Request), versionHeader(&x03.Request), "3.6.2")
		add("method", wireMethod(&x10.Request), wireMethod(&x03.Request), "9.1")
	case s10.Kind == replay.KindReply && card:
		if replay.ExchangeVersion(x03) == replay.V03 {
			add("card", "supportedInterfaces, each with url, protocolBinding and protocolVersion",
				"url and protocolVersion at the card's top", "4.4.1")
		}
	case s10.Kind == replay.KindReply || s10.Kind == replay.KindFrame:
		if !isJSONRPC(&x03.Request) {
			// 0.3's HTTP+JSON binding is its proto's JSON: wrapped
			// payloads and TASK_STATE_ names, as in 1.0.
			break
		}
		if k := replay.V03Kind(s03.Event); k != "" && s10.Event == s03.Event {
			add("kind", `{"`+s10.Event+`": {…}}, the member names the object`, `"kind": "`+k+`" inside the object`, "A.2.1")
		}
		if s10.Reports && s03.Reports {
			if name, ok := replay.V03StateName(s03.State); ok {
				add("state", s10.State, name, "5.5")
			}
		}
		if s03.Final {
			add("final", "no final member: the stream ends when the agent closes it", `"final": true on this last frame`, "3.1.6")
		}
	}
	return ds
}

// exchangeOf finds exchange seq of t.
func exchangeOf(t *replay.Transcript, seq int) *replay.Exchange {
	if t == nil {
		return nil
	}
	if seq >= 1 && seq <= len(t.Exchanges) && t.Exchanges[seq-1].Seq == seq {
		return t.Exchanges[seq-1]
	}
	for _, x := range t.Exchanges {
		if x.Seq == seq {
			return x
		}
	}
	return nil
}

// versionHeader is how a request names its version: its A2A-Version
// header as written, or that it has none.
func versionHeader(rq *replay.Request) string {
	for _, h := range rq.Header {
		if strings.EqualFold(h.Name, "A2A-Version") {
			return h.Name + ": " + h.Value
		}
	}
	return "no A2A-Version header"
}

// isJSONRPC reports whether a request's body names a JSON-RPC method.
func isJSONRPC(rq *replay.Request) bool { return rpcMethod(rq) != "" }

// wireMethod is the method as the request wrote it: a JSON-RPC body's
// method, else the HTTP method and path.
func wireMethod(rq *replay.Request) string {
	if m := rpcMethod(rq); m != "" {
		return m
	}
	return rq.Method + " " + rq.Path()
}

// rpcMethod is a JSON-RPC body's method, or "".
func rpcMethod(rq *replay.Request) string {
	method := ""
	r := jsonread.NewReader(rq.Body)
	if r.Peek() == '{' {
		r.Object(func(key string) {
			if key == "method" && method == "" {
				r.ReadString(&method)
			} else {
				r.Skip()
			}
		})
	}
	return method
}

// CompareSVG draws one side of the compare view: the transcript's
// steps as the page draws them, without the style sheet, with ids that
// start with prefix ("cmpa-s3"), apart from the main diagram's.
func CompareSVG(t *replay.Transcript, steps []replay.Step, prefix string) (string, error) {
	if t == nil {
		return "", errors.New("no transcript")
	}
	g := diagram.Layout(steps, diagram.Options{Title: t.Title, IDPrefix: prefix, NoStyle: true})
	return string(diagram.AppendSVG(nil, g)), nil
}
