//go:build js && wasm

package viewer

import (
	"strconv"
	"strings"
	"syscall/js"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/wasm/dom"
)

// result draws a move's result: the task as the answer left it, the
// wire error, the deviation from the spec, the note.
func (p *page) result(label string, r *panel.Result, artifacts bool) js.Value {
	box := h("div", "lv-result", p.resultHead(label, r))
	if r.Sent != nil && (r.Sent.TaskID != "" || r.Sent.ContextID != "") {
		dom.Append(box, h("dl", "lv-ids small",
			h("dt", "", "sent taskId"), h("dd", "mono", or(r.Sent.TaskID, "(none)")),
			h("dt", "", "sent contextId"), h("dd", "mono", or(r.Sent.ContextID, "(none)"))))
	}
	if t := r.Task; t != nil && r.HTTP == nil {
		resultTask(box, t, artifacts)
	}
	if r.Message != "" {
		dom.Append(box, says(r.Message, ""))
	}
	if r.Stream != nil {
		dom.Append(box, h("p", "lv-muted small", streamText(r)))
	}
	if r.HTTP != nil {
		dom.Append(box, h("p", "lv-http", h("b", "", "HTTP "+strconv.Itoa(r.HTTP.Status)), h("span", "lv-muted", " to POST "), h("code", "lv-url", r.HTTP.URL)))
		if r.HTTP.Body != "" {
			dom.Append(box, h("pre", "code lv-body", pretty(r.HTTP.Body)))
		}
	}
	switch {
	case r.Error != nil:
		dom.Append(box, wireError(r.Error))
	case r.Failure != "":
		dom.Append(box, h("p", "lv-error", r.Failure))
	}
	if d := r.Deviation; d != nil {
		dom.Append(box, deviation(d))
	}
	if r.Note != "" {
		dom.Append(box, h("p", "lv-note", r.Note))
	}
	return box
}

// resultHead is a result's first line: the move, the binding and agent
// it went to, and a link to its first step in the diagram.
func (p *page) resultHead(label string, r *panel.Result) js.Value {
	head := h("div", "lv-r-head", h("b", "", label))
	if r.Binding != "" {
		dom.Append(head, h("span", "lv-tag", bindingName(r.Binding)))
	}
	if r.Agent != "" {
		dom.Append(head, h("span", "lv-muted", "→ "+r.Agent))
	}
	if len(r.Exchanges) > 0 {
		seq := r.Exchanges[0]
		b := h("button", "lv-link", "step in diagram ↗")
		b.Set("type", "button")
		b.Set("title", "Select this move's first step in the diagram")
		dom.On(b, "click", func(js.Value) { p.do(func() { p.liveShow(seq) }) })
		dom.Append(head, b)
	}
	return head
}

// resultTask shows the task as the answer left it: its state, what it
// says, its approve link and its artifacts.
func resultTask(box js.Value, t *panel.Task, artifacts bool) {
	dom.Append(box, h("div", "lv-task", "task ", idCode(t.ID), " ", chip(t.State)))
	if t.Text != "" {
		dom.Append(box, says(t.Text, t.State))
	}
	if t.ApproveURL != "" && t.State == replay.StateAuthRequired && !strings.Contains(t.Text, t.ApproveURL) {
		dom.Append(box, h("p", "lv-muted small", "approve link: ", h("code", "lv-url", t.ApproveURL)))
	}
	for _, a := range t.Artifacts {
		d := h("details", "lv-artifact", h("summary", "", "artifact ", h("code", "", or(a.Name, "(unnamed)"))), h("pre", "code", pretty(a.Text)))
		d.Set("open", artifacts)
		dom.Append(box, d)
	}
}

// streamText says how a result's stream went.
func streamText(r *panel.Result) string {
	st := r.Stream
	n := "stream #" + strconv.Itoa(st.ID)
	var text string
	switch {
	case r.Error != nil && r.Error.NoStream:
		text = n + " never started: the agent answered with a JSON error instead of an event stream"
	case st.Open:
		text = n + " open · " + count(st.Events, "event") + " so far"
	default:
		text = n + " closed after " + count(st.Events, "event")
	}
	return text
}

// deviation shows where a2a-go deviates from the specification.
func deviation(d *panel.Deviation) js.Value {
	dl := h("dl", "", h("dt", "", "the spec asks"), h("dd", "", d.Expected), h("dt", "", "the agent answered"), h("dd", "", d.Got))
	if d.Known != "" {
		dom.Append(dl, h("dt", "", "known issue"), h("dd", "", d.Known))
	}
	dev := h("aside", "lv-dev", h("div", "lv-dev-head", h("span", "lv-dev-mark", "≠ spec"), "a2a-go deviates from the specification, "+d.Spec))
	dom.SetAttr(dev, "role", "note")
	if d.Text != "" {
		dom.Append(dev, h("p", "", d.Text))
	}
	dom.Append(dev, dl)
	return dev
}

func wireError(e *panel.WireError) js.Value {
	var parts []string
	if e.Transport != "" {
		parts = append(parts, "no response: "+e.Transport)
	} else {
		if e.Code != 0 {
			parts = append(parts, strconv.Itoa(e.Code))
		}
		for _, s := range []string{e.Status, e.Reason} {
			if s != "" {
				parts = append(parts, s)
			}
		}
	}
	label := "error"
	switch {
	case e.InStream:
		label = "error frame"
	case e.NoStream:
		label = "error instead of a stream · HTTP " + strconv.Itoa(e.HTTPStatus)
	case e.HTTPStatus != 0:
		label = "error · HTTP " + strconv.Itoa(e.HTTPStatus)
	}
	box := h("div", "lv-wire-error", h("span", "lv-err-label", label), h("code", "", strings.Join(parts, " · ")))
	if e.Message != "" {
		dom.Append(box, h("p", "", e.Message))
	}
	return box
}

// bindingName is how the page writes a binding.
func bindingName(b panel.Binding) string {
	if b == panel.JSONRPC {
		return "JSON-RPC"
	}
	return string(b)
}

// pretty indents JSON text; other text comes back as it is.
func pretty(text string) string {
	if out, ok := jsonread.Indent(text); ok {
		return out
	}
	return text
}
