package view

import (
	"errors"
	"strconv"

	"github.com/a2aplay/a2aplay/internal/jsonvalue"
)

// PageData is the page's data block: the JSON the site builder (package
// web) writes into <script id="a2aplay-data"> and the viewer reads once,
// when it starts. It is the one declaration of that contract; the loader
// (web/loader.js) reads only WASM, WASMEncoding and WasmExec from it.
type PageData struct {
	// Transcripts are the shipped transcripts, in the picker's order.
	Transcripts []Shipped `json:"transcripts"`
	// Prerendered names the transcript drawn into the page.
	Prerendered string `json:"prerendered"`
	// WASM is the viewer module's URL; "" in the offline page, which
	// carries it inline.
	WASM string `json:"wasm,omitempty"`
	// WASMEncoding is "gzip" for the offline page's inline module.
	WASMEncoding string `json:"wasmEncoding,omitempty"`
	// WasmExec is the URL of Go's wasm_exec.js, which the loader loads
	// after the first paint; "" in the offline page, which carries it
	// inline.
	WasmExec string `json:"wasmExec,omitempty"`
	// Live says where the Live mode's worker is; nil when this build has
	// no Live mode.
	Live *LiveData `json:"live,omitempty"`
	// Check is the check worker's URL (check-worker.<hash>.js?wasm=…&exec=…);
	// "" when this build has no check module.
	Check string `json:"check,omitempty"`
	// CheckInline says the offline page holds the check module in
	// #a2aplay-check-wasm (gzip, base64) and its worker's script
	// (wasm_exec.js and check-worker.js) in #a2aplay-check-worker.
	CheckInline bool `json:"checkInline,omitempty"`
	// Exercises are the lessons' exercises, which the Live panel shows
	// with their state as the learner plays (view/exercise.go).
	Exercises []Exercise `json:"exercises,omitempty"`
}

// Shipped is one transcript the page ships.
type Shipped struct {
	Name  string `json:"name"` // the file name without ".http"; links use it
	Title string `json:"title"`
	URL   string `json:"url,omitempty"`  // where the page fetches it
	Text  string `json:"text,omitempty"` // the text, when the data block carries it
	Steps int    `json:"steps"`
	// Findings are what check.Check finds in the transcript, on their
	// steps, worked out when the site is built: the check package would
	// make the viewer's module 15% larger.
	Findings []Finding `json:"findings,omitempty"`
}

// A Finding is one of check.Check's findings as the inspector shows it:
// on a shipped transcript as the data block carries it, or on a file
// the learner opened or a live session as the check worker answers.
type Finding struct {
	Step int `json:"step"` // 1-based; 0 for the transcript as a whole
	// Rule is the id of the rule the finding breaks (check.Rule's ID,
	// "message-to-terminal"): the name of its mark on the diagram.
	Rule string `json:"rule,omitempty"`
	// Text is check.Finding's String, "§3.1.6 (agent): …", "§7.6.1
	// (agent): warning: …", as it is: [FindingsAt] escapes it.
	Text string `json:"text"`
}

// LiveData tells the viewer where the Live mode's worker is. The served
// site names it by URL; the offline page carries it inline and the
// viewer starts it from a blob: URL.
type LiveData struct {
	Worker string `json:"worker,omitempty"` // live-worker.<hash>.js?wasm=…&exec=…
	// Worker03 is the same worker with the live03 module, which speaks
	// A2A 0.3 beside 1.0 (cmd/live built with the tag a2a03): the page
	// loads it in place of the other only for a session that speaks 0.3.
	// "" when the build has none, and in the offline page, which does
	// not carry it (it would add about 7 MB): 0.3 needs the served page.
	Worker03 string `json:"worker03,omitempty"`
	// Inline says the offline page holds the module in the element
	// #a2aplay-live-wasm (gzip, base64) and the worker's script
	// (wasm_exec.js and live-worker.js) in #a2aplay-live-worker.
	Inline bool `json:"inline,omitempty"`
}

// ReadPageData reads a data block, parsed: on the page, JSON.parse's
// object (the loader parses it anyway), read a member at a time rather
// than with encoding/json, which the viewer's module does not link. A
// block of the wrong shape, or that names no transcript to show, is an
// error that says where.
func ReadPageData(v jsonvalue.Value) (PageData, error) {
	if v.Kind() != jsonvalue.Object {
		return PageData{}, errors.New("the page's data block is not a JSON object")
	}
	r := &jsonvalue.Reader{What: "the page's data block"}
	var d PageData
	r.Objects(v, "", "transcripts", func(_ int, t jsonvalue.Value, at string) {
		s := Shipped{Name: r.Str(t, at, "name"), Title: r.Str(t, at, "title"), URL: r.Str(t, at, "url"),
			Text: r.Str(t, at, "text"), Steps: r.Int(t, at, "steps")}
		r.Objects(t, at, "findings", func(_ int, f jsonvalue.Value, at string) {
			s.Findings = append(s.Findings, Finding{Step: r.Int(f, at, "step"), Rule: r.Str(f, at, "rule"), Text: r.Str(f, at, "text")})
		})
		d.Transcripts = append(d.Transcripts, s)
	})
	d.Prerendered = r.Str(v, "", "prerendered")
	d.WASM = r.Str(v, "", "wasm")
	d.WASMEncoding = r.Str(v, "", "wasmEncoding")
	d.WasmExec = r.Str(v, "", "wasmExec")
	if l, at, ok := r.Object(v, "", "live"); ok {
		d.Live = &LiveData{Worker: r.Str(l, at, "worker"), Worker03: r.Str(l, at, "worker03"), Inline: r.Bool(l, at, "inline")}
	}
	d.Check = r.Str(v, "", "check")
	d.CheckInline = r.Bool(v, "", "checkInline")
	r.Objects(v, "", "exercises", func(_ int, e jsonvalue.Value, at string) {
		d.Exercises = append(d.Exercises, Exercise{ID: r.Str(e, at, "id"), Title: r.Str(e, at, "title"),
			Live: r.Str(e, at, "live"), Lesson: r.Str(e, at, "lesson"),
			Done: r.Strs(e, at, "done"), Wrong: r.Strs(e, at, "wrong")})
	})
	if err := r.Err(); err != nil {
		return PageData{}, err
	}
	if len(d.Transcripts) == 0 {
		return PageData{}, errors.New("the page's data block lists no transcript")
	}
	for i, s := range d.Transcripts {
		if s.Name == "" {
			return PageData{}, errors.New("the page's data block: transcript " + strconv.Itoa(i+1) + " has no name")
		}
	}
	return d, nil
}

// Shipped returns the entry of a shipped transcript, nil if there is none.
func (d *PageData) Shipped(name string) *Shipped {
	for i := range d.Transcripts {
		if d.Transcripts[i].Name == name {
			return &d.Transcripts[i]
		}
	}
	return nil
}

// FindingsAt returns the texts of the findings on position k (0, the
// overview, holds those about the whole transcript, and any of a step
// below 0), each with the id of its rule after it when it has one,
// "§3.1.1 (client): … (rule message-to-terminal)". They read as the
// inspector shows them: through [replay.Visible], like every text of a
// transcript the page shows, so that a bidi override or a control
// character a finding quotes shows as its escape. Every finding reaches
// the page this way, whether the site builder worked it out or the
// check worker, and so does the name of its mark on the diagram
// ([FindingMark]). fs is in the order of its steps ([SortFindings]):
// the page asks at every step, and a long file has tens of thousands of
// findings.

func FindingsAt(fs []Finding, k int) []string {
	lo, hi := 0, len(fs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if max(fs[m].Step, 0) < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	var out []string
	for ; lo < len(fs) && max(fs[lo].Step, 0) == k; lo++ {
		out = append(out, findingText(fs[lo]))
	}
	return out
}

// SortFindings returns fs, findings of a transcript of n steps, in the
// order of their steps (a step below 0 as 0, any past n after the
// others), those of one step in the order they had: a counting sort,
// linear in the findings and the steps. fs is left as it was.
func SortFindings(fs []Finding, n int) []Finding {
	key := func(f Finding) int { return min(max(f.Step, 0), max(n, 0)+1) }
	at := make([]int, max(n, 0)+3) // at[k+1]: how many findings k has, then where they start
	for _, f := range fs {
		at[key(f)+1]++
	}
	for i := 1; i < len(at); i++ {
		at[i] += at[i-1]
	}
	out := make([]Finding, len(fs))
	for _, f := range fs {
		k := key(f)
		out[at[k]] = f
		at[k]++
	}
	return out
}
