package check

import (
	"fmt"
	"net/url"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

// A bindingKind is the way an exchange speaks A2A.
type bindingKind int

const (
	notA2A  bindingKind = iota // out of band, an agent card, or something else
	jsonRPC                    // JSON-RPC 2.0 over HTTP (§9)
	restAPI                    // HTTP+JSON (§11)
)

// A json is a parsed body or frame with where it sits in the file.
type json struct {
	v    *jsonread.Value
	text string // the text it was parsed from
	line int    // line of the text's first character; 0 when unknown
	nl   []int  // offsets of the text's line breaks, found on first use
}

// lineOf returns the file line of a value inside j. The first call
// indexes the text's line breaks, so a body with many findings costs
// one pass, not one per finding.
func (j *json) lineOf(v *jsonread.Value) int {
	if j == nil || j.line == 0 {
		return 0
	}
	if v == nil || v.Start > len(j.text) {
		return j.line
	}
	if j.nl == nil {
		j.nl = make([]int, 0, 8)
		for i := 0; i < len(j.text); i++ {
			if j.text[i] == '\n' {
				j.nl = append(j.nl, i)
			}
		}
	}
	return j.line + sort.SearchInts(j.nl, v.Start)
}

// An a2aError is an error reply, normalised across bindings.
type a2aError struct {
	reason  string // "TASK_NOT_FOUND", "UNSUPPORTED_OPERATION", ...; "" when unknown
	code    int    // JSON-RPC code, or the HTTP status for HTTP+JSON
	message string
	at      *json
	v       *jsonread.Value // the error object
}

func (e *a2aError) String() string {
	if e.code != 0 && e.message != "" {
		return fmt.Sprintf("%d %q", e.code, e.message)
	}
	if e.message != "" {
		return strconv.Quote(e.message)
	}
	return strconv.Itoa(e.code)
}

// JSON-RPC error codes and the A2A errors they stand for (§5.4, §9.5).
var rpcReasons = map[int]string{
	-32700: "PARSE_ERROR", -32600: "INVALID_REQUEST", -32601: "METHOD_NOT_FOUND",
	-32602: "INVALID_PARAMS", -32603: "INTERNAL_ERROR",
	-32001: "TASK_NOT_FOUND", -32002: "TASK_NOT_CANCELABLE", -32003: "PUSH_NOTIFICATION_NOT_SUPPORTED",
	-32004: "UNSUPPORTED_OPERATION", -32005: "CONTENT_TYPE_NOT_SUPPORTED", -32006: "INVALID_AGENT_RESPONSE",
	-32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED", -32008: "EXTENSION_SUPPORT_REQUIRED",
	-32009: "VERSION_NOT_SUPPORTED",
}

// a2aReasons are the ErrorInfo reasons of the A2A-specific errors
// (§3.3.2, §11.6).
var a2aReasons = map[string]bool{
	"TASK_NOT_FOUND": true, "TASK_NOT_CANCELABLE": true, "PUSH_NOTIFICATION_NOT_SUPPORTED": true,
	"UNSUPPORTED_OPERATION": true, "CONTENT_TYPE_NOT_SUPPORTED": true, "INVALID_AGENT_RESPONSE": true,
	"EXTENDED_AGENT_CARD_NOT_CONFIGURED": true, "EXTENSION_SUPPORT_REQUIRED": true,
	"VERSION_NOT_SUPPORTED": true,
}

// errorName is how findings name an A2A error reason.
var errorName = map[string]string{
	"TASK_NOT_FOUND": "TaskNotFoundError (-32001)", "TASK_NOT_CANCELABLE": "TaskNotCancelableError (-32002)",
	"PUSH_NOTIFICATION_NOT_SUPPORTED": "PushNotificationNotSupportedError (-32003)",
	"UNSUPPORTED_OPERATION":           "UnsupportedOperationError (-32004)",
	"VERSION_NOT_SUPPORTED":           "VersionNotSupportedError (-32009)",
}

// An event is one A2A object a reply or frame carries.
type event struct {
	kind string // "task", "message", "statusUpdate", "artifactUpdate"
	v    *jsonread.Value
	at   *json
}

// A frame is one decoded stream frame.
type frame struct {
	n    int // 1-based
	fr   *replay.Frame
	body *json           // the frame's data, parsed; nil when not JSON
	obj  *jsonread.Value // the StreamResponse: the JSON-RPC result, or the body
	ev   *event
	err  *a2aError
}

// A call is one exchange, decoded.
type call struct {
	ex       *replay.Exchange
	binding  bindingKind
	method   string        // the A2A method; "" when unknown
	rawName  string        // the JSON-RPC method as written
	card     bool          // a GET of an agent card
	cardInfo *card         // what the card declares, when it could be read
	obs      []observation // the task states the reply and frames report
	base     string        // the interface URL the request went to, for cards' lookup
	version  string        // the version the exchange speaks (replay.ExchangeVersion)

	req      *json           // the request body, parsed
	rpcID    *jsonread.Value // the JSON-RPC id
	params   *jsonread.Value // JSON-RPC params, or the HTTP+JSON request body
	taskID   string          // the task a GetTask, CancelTask or SubscribeToTask names
	rawQuery string          // the request URL's query, parsed by query()

	resp      *json // the response body, parsed
	result    *jsonread.Value
	err       *a2aError
	resultEv  *event // what a SendMessage reply carries ("task" or "message")
	resultTsk *jsonread.Value
	frames    []*frame
	streamed  bool // the response is an event stream

	push bool // a push notification: the agent's POST to a webhook
}

// query is the request URL's query.
func (cl *call) query() url.Values {
	if cl.rawQuery == "" {
		return nil
	}
	q, _ := url.ParseQuery(cl.rawQuery)
	return q
}

// requestBodyLine is the file line where an exchange's request body
// starts: after the request line, the headers and the empty line.
func requestBodyLine(ex *replay.Exchange) int {
	if ex.Request.Line == 0 {
		return 0
	}
	return ex.Request.Line + len(ex.Request.Header) + 2
}

// responseBodyLine is the line where a response body starts: after the
// @at comment, the status line, the headers and the empty line.
func responseBodyLine(r *replay.Response) int {
	if r.Line == 0 {
		return 0
	}
	return r.Line + len(r.Header) + 3
}

// frameDataLine is the line of a frame's first data line.
func frameDataLine(f *replay.Frame) int {
	if f.Line == 0 {
		return 0
	}
	n := f.Line + 1
	if f.ID != "" {
		n++
	}
	if f.Event != "" {
		n++
	}
	return n
}

func parseJSON(text string, line int) *json {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	v, err := jsonread.ParseString(text)
	if err != nil {
		return nil
	}
	return &json{v: v, text: text, line: line}
}

// interfaceKey is how an interface URL and a request's base URL are
// compared: scheme, host and path, without a trailing slash.
func interfaceKey(u *url.URL, path string) string {
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host) + strings.TrimRight(path, "/")
}

// batchSize is how many exchanges are decoded, checked and let go at a
// time: what bounds the memory a huge transcript's parsed bodies take.
const batchSize = 2048

// prepare lists the exchanges as calls, not yet decoded.
func (c *checker) prepare() {
	c.calls = make([]*call, 0, len(c.t.Exchanges))
	for _, ex := range c.t.Exchanges {
		if ex != nil {
			v := replay.ExchangeVersion(ex)
			c.versions[ex.Seq] = v
			c.calls = append(c.calls, &call{ex: ex, version: v})
		}
	}
}

// decodeBatch decodes calls on as many goroutines as the process may run
// at once (one in the browser): each call is parsed on its own, with the
// task states it reports. What links calls (cards, states) is gathered
// after, in order.
func (c *checker) decodeBatch(calls []*call) error {
	workers := min(runtime.GOMAXPROCS(0), 1+len(calls)/64)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(64)) - 64
				if i >= len(calls) || c.ctx.Err() != nil {
					return
				}
				for _, cl := range calls[i:min(i+64, len(calls))] {
					decodeCall(cl)
					cl.observe()
				}
			}
		}()
	}
	wg.Wait()
	if err := c.ctx.Err(); err != nil {
		return err
	}
	var pending []observation
	for _, cl := range calls {
		if cd := cl.cardInfo; cd != nil {
			c.addCard(cd)
		}
		pending = append(pending, cl.obs...)
	}
	c.merge(pending)
	return nil
}

// addCard adds a card to the lists of the interfaces it declares, in
// the order cards were fetched.
func (c *checker) addCard(cd *card) {
	for key := range cd.interfaces {
		list := append(c.cards[key], cd)
		sort.SliceStable(list, func(i, j int) bool { return list[i].at.Before(list[j].at) })
		c.cards[key] = list
	}
}

// decodeCall parses one exchange: its binding, method, bodies and frames.
func decodeCall(cl *call) {
	ex := cl.ex
	switch ex.Channel {
	case replay.ChannelOutOfBand:
		return
	case replay.ChannelPush:
		cl.push = true
		cl.req = parseJSON(ex.Request.Body, requestBodyLine(ex))
		return
	}
	u, err := url.Parse(ex.Request.URL)
	if err != nil {
		return
	}
	cl.rawQuery = u.RawQuery
	if ex.Request.Method == "GET" && replay.IsCardPath(u.Path) {
		cl.card = true
		decodeCard(cl)
		return
	}
	cl.req = parseJSON(ex.Request.Body, requestBodyLine(ex))
	switch {
	case cl.req != nil && cl.req.v.Kind == jsonread.Object && (cl.req.v.Has("jsonrpc") || cl.req.v.Has("method")):
		cl.binding = jsonRPC
		cl.base = interfaceKey(u, u.Path)
		cl.rpcID = cl.req.v.Get("id")
		cl.rawName = cl.req.v.Get("method").Text()
		cl.method = cl.rawName
		if m, ok := binding.V03Methods[cl.rawName]; ok {
			cl.method = m
		}
		cl.params = cl.req.v.Get("params")
		switch {
		case cl.method == "GetTask" || cl.method == "CancelTask" || cl.method == "SubscribeToTask":
			cl.taskID = cl.params.Get("id").Text()
		case binding.Push(cl.method):
			cl.taskID = cl.params.Get("taskId").Text()
		}
	default:
		if r, ok := binding.Match(ex.Request.Method, u.EscapedPath()); ok {
			cl.binding, cl.method, cl.taskID = restAPI, r.Op.Method, r.TaskID
			cl.base = interfaceKey(u, r.Prefix)
			if cl.req != nil {
				cl.params = cl.req.v
			}
		}
	}
	if cl.binding == notA2A || ex.Response == nil || ex.Response.Err != "" {
		return
	}
	cl.decodeResponse()
}

func (cl *call) decodeResponse() {
	r := cl.ex.Response
	if r.Stream != nil {
		cl.streamed = true
		cl.frames = make([]*frame, 0, len(r.Stream.Frames))
		for i := range r.Stream.Frames {
			fr := &r.Stream.Frames[i]
			f := &frame{n: i + 1, fr: fr, body: parseJSON(fr.Data, frameDataLine(fr))}
			if f.body != nil {
				f.obj = f.body.v
				if cl.binding == jsonRPC {
					f.obj = f.body.v.Get("result")
					if e := f.body.v.Get("error"); e != nil {
						f.err = rpcError(e, f.body)
					}
				} else if e := f.body.v.Get("error"); e != nil && streamEvent(f.body.v, f.body) == nil {
					f.err = statusError(0, f.body.v, f.body)
				}
				f.ev = streamEvent(f.obj, f.body)
				if f.ev == nil && cl.version == replay.V03 {
					f.ev = v03Event(f.obj, f.body)
				}
			}
			cl.frames = append(cl.frames, f)
		}
		return
	}
	cl.resp = parseJSON(r.Body, responseBodyLine(r))
	switch cl.binding {
	case jsonRPC:
		if cl.resp != nil {
			cl.result = cl.resp.v.Get("result")
			if e := cl.resp.v.Get("error"); e != nil {
				cl.err = rpcError(e, cl.resp)
			}
		}
	case restAPI:
		if r.StatusCode >= 400 {
			var v *jsonread.Value
			if cl.resp != nil {
				v = cl.resp.v
			}
			cl.err = statusError(r.StatusCode, v, cl.resp)
		} else if cl.resp != nil {
			cl.result = cl.resp.v
		}
	}
	if cl.result != nil {
		switch cl.method {
		case "SendMessage":
			cl.resultEv = streamEvent(cl.result, cl.resp)
			if cl.resultEv == nil && cl.version == replay.V03 {
				cl.resultEv = v03Event(cl.result, cl.resp)
			}
			if cl.resultEv != nil && cl.resultEv.kind == "task" {
				cl.resultTsk = cl.resultEv.v
			}
		case "GetTask", "CancelTask":
			cl.resultTsk = cl.result
		}
	}
}

// payloads are the members of a StreamResponse, one of which it holds.
var payloads = []string{"task", "message", "statusUpdate", "artifactUpdate"}

// streamEvent reads a StreamResponse (or SendMessageResponse): the first
// of task, message, statusUpdate, artifactUpdate it holds.
func streamEvent(v *jsonread.Value, at *json) *event {
	if !is(v, jsonread.Object) {
		return nil
	}
	for _, k := range payloads {
		if e := v.Get(k); is(e, jsonread.Object) {
			return &event{kind: k, v: e, at: at}
		}
	}
	return nil
}

func rpcError(e *jsonread.Value, at *json) *a2aError {
	err := &a2aError{message: e.Get("message").Text(), at: at, v: e}
	if c := e.Get("code"); is(c, jsonread.Number) {
		err.code, _ = strconv.Atoi(c.Raw)
	}
	err.reason = rpcReasons[err.code]
	return err
}

// statusError reads an HTTP+JSON error: a google.rpc.Status whose
// details hold an ErrorInfo with the A2A reason (§11.6).
func statusError(status int, v *jsonread.Value, at *json) *a2aError {
	err := &a2aError{code: status, at: at, v: v}
	inner := v.Get("error")
	if inner == nil {
		inner = v
	} else {
		err.v = inner
	}
	err.message = inner.Get("message").Text()
	if info := errorInfo(inner.Get("details")); info != nil {
		err.reason = info.Get("reason").Text()
	}
	if err.reason == "" && status == 404 {
		err.reason = "TASK_NOT_FOUND"
	}
	return err
}

// errorInfo is the google.rpc.ErrorInfo of an error's details, if any.
func errorInfo(details *jsonread.Value) *jsonread.Value {
	if details == nil {
		return nil
	}
	for _, item := range details.Items {
		if strings.HasSuffix(item.Get("@type").Text(), "google.rpc.ErrorInfo") {
			return item
		}
	}
	return nil
}

// A card is an agent card the transcript fetched.
type card struct {
	cl         *call
	at         time.Time
	streaming  bool
	push       bool
	extended   bool                // capabilities.extendedAgentCard
	interfaces map[string][]string // interface key -> the protocolVersions declared for it
	bindings   map[string][]string // interface key -> the protocolBindings declared for it
	required   []string            // the URIs of the extensions it marks required
	tenants    map[string]string   // interface key and binding ("key|JSONRPC") -> the tenant it declares
}

func decodeCard(cl *call) {
	r := cl.ex.Response
	if r == nil || r.Err != "" || r.StatusCode != 200 || r.Stream != nil {
		return
	}
	cl.resp = parseJSON(r.Body, responseBodyLine(r))
	if cl.resp == nil || cl.resp.v.Kind != jsonread.Object {
		return
	}
	v := cl.resp.v
	cd := &card{cl: cl, at: r.At, interfaces: map[string][]string{}, bindings: map[string][]string{}, tenants: map[string]string{},
		streaming: v.Get("capabilities").Get("streaming").IsTrue(),
		push:      v.Get("capabilities").Get("pushNotifications").IsTrue(),
		extended:  v.Get("capabilities").Get("extendedAgentCard").IsTrue()}
	if ifs := v.Get("supportedInterfaces"); ifs != nil {
		for _, it := range ifs.Items {
			u, err := url.Parse(it.Get("url").Text())
			if err != nil || u.Host == "" {
				continue
			}
			key := interfaceKey(u, u.Path)
			cd.interfaces[key] = append(cd.interfaces[key], it.Get("protocolVersion").Text())
			cd.bindings[key] = append(cd.bindings[key], it.Get("protocolBinding").Text())
			if t := it.Get("tenant").Text(); t != "" {
				cd.tenants[key+"|"+strings.ToUpper(it.Get("protocolBinding").Text())] = t
			}
		}
	}
	for _, ext := range items(v.Get("capabilities").Get("extensions")) {
		if ext.Get("required").IsTrue() && ext.Get("uri").Text() != "" {
			cd.required = append(cd.required, ext.Get("uri").Text())
		}
	}
	cl.cardInfo = cd
}

// cardFor is the latest agent card fetched before the call's request
// that declares the interface the call went to, or nil.
func (c *checker) cardFor(cl *call) *card {
	list := c.cards[cl.base]
	at := cl.ex.Request.At
	i := sort.Search(len(list), func(i int) bool { return !list[i].at.Before(at) })
	if i == 0 {
		return nil
	}
	return list[i-1]
}

// An observation is a task's state as one reply or frame reports it.
type observation struct {
	task, context, state string
	at                   time.Time
	line                 int
	ex, frame            int
}

// before orders observations in time, then by line, exchange and frame.
func (o *observation) before(p *observation) bool {
	switch {
	case !o.at.Equal(p.at):
		return o.at.Before(p.at)
	case o.line != p.line:
		return o.line < p.line
	case o.ex != p.ex:
		return o.ex < p.ex
	}
	return o.frame < p.frame
}

// A timeline is one task's observations in order, with the first
// terminal one.
type timeline struct {
	obs      []observation
	terminal int // index of the first terminal observation; -1 when none
}

// observe collects the task states the call's reply and frames report.
func (cl *call) observe() {
	ex := cl.ex
	if cl.binding == notA2A || ex.Response == nil {
		return
	}
	add := func(ev *event, at time.Time, line, fr int) {
		if ev == nil {
			return
		}
		var o observation
		switch ev.kind {
		case "task":
			o = observation{task: ev.v.Get("id").Text(), context: ev.v.Get("contextId").Text(),
				state: ev.v.Get("status").Get("state").Text()}
		case "statusUpdate":
			o = observation{task: ev.v.Get("taskId").Text(), context: ev.v.Get("contextId").Text(),
				state: ev.v.Get("status").Get("state").Text()}
		default:
			return
		}
		if o.task == "" || o.state == "" {
			return
		}
		if s, ok := replay.V03State(o.state); ok && cl.version == replay.V03 {
			o.state = s
		}
		o.at, o.line, o.ex, o.frame = at, line, ex.Seq, fr
		cl.obs = append(cl.obs, o)
	}
	if cl.resultTsk != nil {
		add(&event{kind: "task", v: cl.resultTsk, at: cl.resp}, ex.Response.At, cl.resp.lineOf(cl.resultTsk), 0)
	}
	for _, f := range cl.frames {
		if f.ev != nil {
			add(f.ev, f.fr.At, f.body.lineOf(f.ev.v), f.n)
		}
	}
}

// merge adds observations to their tasks' timelines, keeping each in
// time order. Observations mostly come in order and are appended; a
// batch whose states fall before ones already seen is merged into the
// timeline in one pass over it.
func (c *checker) merge(obs []observation) {
	sort.SliceStable(obs, func(i, j int) bool { return obs[i].before(&obs[j]) })
	byTask := map[string][]observation{}
	var order []string
	for _, o := range obs {
		if _, ok := byTask[o.task]; !ok {
			order = append(order, o.task)
		}
		byTask[o.task] = append(byTask[o.task], o)
	}
	for _, task := range order {
		add := byTask[task]
		tl := c.tasks[task]
		if tl == nil {
			tl = &timeline{terminal: -1}
			c.tasks[task] = tl
		}
		if n := len(tl.obs); n == 0 || !add[0].before(&tl.obs[n-1]) {
			tl.obs = append(tl.obs, add...)
			if tl.terminal < 0 {
				for k := n; k < len(tl.obs); k++ {
					if replay.Terminal(tl.obs[k].state) {
						tl.terminal = k
						break
					}
				}
			}
			continue
		}
		// Out of order: merge the two sorted runs, and find the first
		// terminal state again.
		n := len(tl.obs)
		merged := make([]observation, 0, n+len(add))
		i, j := 0, 0
		for i < n || j < len(add) {
			if j == len(add) || (i < n && !add[j].before(&tl.obs[i])) {
				merged = append(merged, tl.obs[i])
				i++
			} else {
				merged = append(merged, add[j])
				j++
			}
		}
		tl.obs = merged
		tl.terminal = -1
		for k := range tl.obs {
			if replay.Terminal(tl.obs[k].state) {
				tl.terminal = k
				break
			}
		}
	}
}

// stateBefore is the last state of task reported before time at (or at
// the same time on an earlier line), and where. A terminal state stays:
// what a task reports after one is a finding of its own, not its state.
func (c *checker) stateBefore(task string, at time.Time, line int) (observation, bool) {
	tl := c.tasks[task]
	if tl == nil {
		return observation{}, false
	}
	mark := observation{at: at, line: line}
	i := sort.Search(len(tl.obs), func(i int) bool {
		o := &tl.obs[i]
		return !(o.at.Before(at) || (o.at.Equal(at) && o.line < mark.line))
	})
	if i == 0 {
		return observation{}, false
	}
	if tl.terminal >= 0 && tl.terminal < i {
		return tl.obs[tl.terminal], true
	}
	return tl.obs[i-1], true
}
