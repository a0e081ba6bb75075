package check

import (
	"fmt"
	"github.com/a2aplay/a2aplay/replay"
	"regexp"
	"strings"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/jsonread"
)

var majorMinorRE = regexp.MustCompile(`^[0-9]+\.[0-9]+$`)

// requestVersion is the A2A-Version a request names: its header, else
// its request parameter (§3.6.1), and where it was found.
func requestVersion(cl *call) (v, where string) {
	if h := cl.ex.Request.Get("A2A-Version"); h != "" {
		return strings.TrimSpace(h), "header"
	}
	for k, vs := range cl.query() {
		if strings.EqualFold(k, "A2A-Version") && len(vs) > 0 {
			return strings.TrimSpace(vs[0]), "request parameter"
		}
	}
	return "", ""
}

// checkVersion: the client names its version (§3.6.1, §14.2.1); the
// agent refuses one its card does not declare (§3.6.2).
func (c *checker) checkVersion(cl *call) {
	ex := cl.ex
	client := c.at(cl, 0, ex.Request.Line, ByClient)
	v, where := requestVersion(cl)
	switch {
	case v == "":
		c.report("a2a-version", client, "%s request sends no A2A-Version header (nor an A2A-Version request parameter); a v1.0 client sends A2A-Version: 1.0", cl.method)
		return
	case !majorMinorRE.MatchString(v):
		c.report("a2a-version-format", client, "A2A-Version %s %q is not Major.Minor; send it as 1.0", where, v)
		return
	}
	cd := c.cardFor(cl)
	if cd == nil {
		return
	}
	declared := cd.interfaces[cl.base]
	if declares(declared, v) {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	e := cl.refusal()
	switch {
	case cl.accepted():
		c.report("version-not-supported", agent, "the request asks for A2A-Version %s, which the agent card of exchange %d does not declare for this interface (it declares %s); the agent served it instead of refusing it with VersionNotSupportedError",
			v, cd.cl.ex.Seq, strings.Join(declared, ", "))
	case e != nil && e.reason != "VERSION_NOT_SUPPORTED" && !e.untyped(cl):
		agent.line = errLine(cl, e)
		c.report("version-not-supported", agent, "the request asks for A2A-Version %s, which the agent card of exchange %d does not declare for this interface (it declares %s); it was refused with %s, and the specification's error is VersionNotSupportedError (-32009)",
			v, cd.cl.ex.Seq, strings.Join(declared, ", "), e)
	}
}

// checkHTTP: content types (§9.1, §11.1, §9.4.2).
func (c *checker) checkHTTP(cl *call) {
	ex := cl.ex
	req := &ex.Request
	rule, section, want := "content-type", "9.1", binding.JSONRPCMediaType
	if cl.binding == restAPI {
		rule, section, want = "rest-content-type", "11.1", binding.HTTPJSONMediaType
	}
	okType := func(ct string) bool { return binding.MediaType(ct) == want }
	if strings.TrimSpace(req.Body) != "" && !okType(req.Get("Content-Type")) {
		c.reportIn(section, rule, c.at(cl, 0, req.Line, ByClient), "%s request body sent as Content-Type %q, not %s", cl.method, req.Get("Content-Type"), want)
	}
	r := ex.Response
	if r == nil || r.Err != "" {
		return
	}
	if strings.TrimSpace(r.Body) != "" && r.Stream == nil && !okType(r.Get("Content-Type")) && !cl.fromHTTPLayer() {
		c.reportIn(section, rule, c.at(cl, 0, r.Line, ByAgent), "%s response body sent as Content-Type %q, not %s", cl.method, r.Get("Content-Type"), want)
	}
	if binding.Streaming(cl.method) && r.Stream == nil && cl.err == nil && r.StatusCode < 300 {
		section := "9.4.2"
		if cl.binding == restAPI {
			section = "11.7"
		}
		c.reportIn(section, "stream-content-type", c.at(cl, 0, r.Line, ByAgent), "%s answered with Content-Type %q and no error; a stream is text/event-stream", cl.method, r.Get("Content-Type"))
	}
}

// checkEnvelope: JSON-RPC 2.0 objects (§9).
func (c *checker) checkEnvelope(cl *call) {
	ex := cl.ex
	req := cl.req
	client := func(line int) place { return c.at(cl, 0, line, ByClient) }
	if req == nil || req.v.Kind != jsonread.Object {
		c.report("jsonrpc-request", client(ex.Request.Line), "request body is not a JSON object")
		return
	}
	if v := req.v.Get("jsonrpc"); v.Text() != "2.0" || v.Kind != jsonread.String {
		c.report("jsonrpc-request", client(req.lineOf(v)), `request needs "jsonrpc": "2.0"`)
	}
	switch id := cl.rpcID; {
	case id == nil:
		c.report("jsonrpc-request", client(req.line), "request has no id: a JSON-RPC notification gets no response, and every A2A method has one")
	case id.Kind == jsonread.Null:
		c.add(Finding{Exchange: ex.Seq, Line: req.lineOf(id), Section: "9.3", Rule: "jsonrpc-request", Severity: Note, By: ByClient,
			Msg: "request id is null: JSON-RPC 2.0 allows it but advises against it, since a response's id is null when the request's could not be read"})
	case id.Kind != jsonread.String && id.Kind != jsonread.Number:
		c.report("jsonrpc-request", client(req.lineOf(id)), "request id is %s; use a string or a number", article(id.Kind))
	}
	m := req.v.Get("method")
	switch {
	case !is(m, jsonread.String):
		c.report("jsonrpc-request", client(req.lineOf(m)), "request has no method name")
	case binding.V03Methods[cl.rawName] != "":
		c.report("method-name", client(req.lineOf(m)), "method %q is not a v1.0 name; A2A v1.0 calls it %s", cl.rawName, binding.V03Methods[cl.rawName])
	case !binding.Known(cl.rawName):
		c.report("method-name", client(req.lineOf(m)), "method %q is not an A2A v1.0 method (an extension's, perhaps)", cl.rawName)
	}
	if p := req.v.Get("params"); p != nil && p.Kind != jsonread.Object {
		c.report("jsonrpc-request", client(req.lineOf(p)), "params is %s, not an object", article(p.Kind))
	}
	r := ex.Response
	if r == nil || r.Err != "" {
		return
	}
	if r.Stream == nil {
		if !cl.fromHTTPLayer() {
			c.checkResponseObject(cl, cl.resp, 0, r.Line)
		}
		return
	}
	for _, f := range cl.frames {
		c.checkResponseObject(cl, f.body, f.n, f.fr.Line)
	}
}

// checkResponseObject checks one JSON-RPC response: a body or a frame.
func (c *checker) checkResponseObject(cl *call, j *json, fr, line int) {
	what := "response"
	if fr > 0 {
		what = fmt.Sprintf("frame %d", fr)
	}
	agent := func(line int) place { return c.at(cl, fr, line, ByAgent) }
	if j == nil || j.v.Kind != jsonread.Object {
		c.report("jsonrpc-response", agent(line), "%s is not a JSON-RPC response object", what)
		return
	}
	if v := j.v.Get("jsonrpc"); v.Text() != "2.0" || v.Kind != jsonread.String {
		c.report("jsonrpc-response", agent(j.lineOf(v)), `%s needs "jsonrpc": "2.0"`, what)
	}
	id := j.v.Get("id")
	res, e := j.v.Get("result"), j.v.Get("error")
	switch {
	case id == nil:
		c.report("jsonrpc-response", agent(j.line), "%s has no id", what)
	case cl.rpcID != nil && text(j, id) != text(cl.req, cl.rpcID) && !(id.Kind == jsonread.Null && e != nil):
		c.report("jsonrpc-response", agent(j.lineOf(id)), "%s id %s does not echo the request's id %s", what, text(j, id), text(cl.req, cl.rpcID))
	}
	switch {
	case res != nil && e != nil:
		c.report("jsonrpc-response", agent(j.lineOf(e)), "%s has both result and error", what)
	case res == nil && e == nil:
		c.report("jsonrpc-response", agent(j.line), "%s has neither result nor error", what)
	case e != nil:
		code, msg := e.Get("code"), e.Get("message")
		if !is(code, jsonread.Number) || strings.ContainsAny(code.Raw, ".eE") {
			c.report("jsonrpc-response", agent(j.lineOf(e)), "%s's error needs an integer code", what)
		}
		if !is(msg, jsonread.String) {
			c.report("jsonrpc-response", agent(j.lineOf(e)), "%s's error needs a message string", what)
		}
	}
}

// checkErrors: what an error carries (§9.5, §11.6).
func (c *checker) checkErrors(cl *call) {
	if cl.binding == restAPI && cl.ex.Response != nil && cl.ex.Response.Stream == nil && cl.ex.Response.StatusCode >= 400 && cl.resp == nil && !cl.fromHTTPLayer() {
		// statusError reads such a body as an error without a value, so
		// this comes first.
		c.reportIn("11.6", "error-shape", c.at(cl, 0, cl.responseLine(), ByAgent),
			"the %d error's body is not JSON; an HTTP+JSON error is a google.rpc.Status with the error's code and message", cl.ex.Response.StatusCode)
	} else if cl.err != nil {
		c.checkError(cl, cl.err, 0)
	}
	for _, f := range cl.frames {
		if f.err != nil {
			c.checkError(cl, f.err, f.n)
		}
	}
}

func (c *checker) checkError(cl *call, e *a2aError, fr int) {
	if e.v == nil || e.at == nil {
		return
	}
	agent := func(v *jsonread.Value) place { return c.at(cl, fr, e.at.lineOf(v), ByAgent) }
	member, section := "data", "9.5"
	if cl.binding == restAPI {
		member, section = "details", "11.6"
		switch {
		case e.at.v.Get("error") == nil || e.v.Kind != jsonread.Object:
			c.report("error-shape", agent(e.at.v), "the error body has no \"error\" object; an HTTP+JSON error is a google.rpc.Status: {\"error\": {\"code\": …, \"message\": …}}")
			return
		case !is(e.v.Get("code"), jsonread.Number):
			c.report("error-shape", agent(e.v), "the error has no numeric code")
		case !is(e.v.Get("message"), jsonread.String):
			c.report("error-shape", agent(e.v), "the error has no message")
		}
	}
	d := e.v.Get(member)
	if d != nil {
		switch {
		case d.Kind != jsonread.Array && cl.binding != restAPI:
			// JSON-RPC 2.0 lets error.data be any value; only the array
			// the A2A binding describes holds typed details.
		case d.Kind != jsonread.Array:
			c.reportIn(section, "error-details", agent(d), "error.%s is %s; error details are an array of objects, each with an @type", member, article(d.Kind))
		default:
			for i, item := range d.Items {
				if item.Kind != jsonread.Object || item.Get("@type").Text() == "" {
					c.reportIn(section, "error-details", agent(item), "error.%s[%d] has no @type", member, i)
				}
			}
		}
	}
	if cl.binding != restAPI {
		return
	}
	info := errorInfo(d)
	switch {
	case info == nil && fr == 0 && cl.ex.Response.StatusCode == 404:
		c.report("rest-error-info", agent(e.v), "the %d error has no google.rpc.ErrorInfo in its details; an A2A error names its reason (here %s) in one, with the domain a2a-protocol.org",
			cl.ex.Response.StatusCode, orUnknown(e.reason))
	case info == nil:
	case info.Get("domain").Text() != "a2a-protocol.org" && a2aReasons[info.Get("reason").Text()]:
		c.report("rest-error-info", agent(info), "the ErrorInfo of A2A error %s has the domain %q; A2A errors use the domain a2a-protocol.org", info.Get("reason").Text(), info.Get("domain").Text())
	case info.Get("domain").Text() == "a2a-protocol.org" && !upperSnakeRE.MatchString(info.Get("reason").Text()):
		c.report("rest-error-info", agent(info), "the ErrorInfo's reason %s is not an error type in UPPER_SNAKE_CASE, such as TASK_NOT_FOUND", text(e.at, info.Get("reason")))
	}
}

var upperSnakeRE = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// checkCard: an agent card's REQUIRED fields (§4.4).
func (c *checker) checkCard(cl *call) {
	if cl.resp == nil || cl.resp.v.Kind != jsonread.Object {
		return
	}
	j, v := cl.resp, cl.resp.v
	var missing []string
	need := func(obj *jsonread.Value, prefix string, fields ...string) {
		for _, f := range fields {
			x := obj.Get(f)
			switch {
			case x == nil, x.Kind == jsonread.String && x.Str == "", x.Kind == jsonread.Null:
				missing = append(missing, prefix+f)
			case x.Kind == jsonread.Array && len(x.Items) == 0:
				missing = append(missing, prefix+f+" (an empty list)")
			}
		}
	}
	interfaces := "supportedInterfaces"
	if cl.version == replay.V03 {
		interfaces = "url" // 0.3's card names its interface at its top (v03.go)
		c.noteV03Card(cl)
	}
	need(v, "", "name", "description", interfaces, "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills")
	for i, it := range items(v.Get("supportedInterfaces")) {
		need(it, fmt.Sprintf("supportedInterfaces[%d].", i), "url", "protocolBinding", "protocolVersion")
	}
	for i, sk := range items(v.Get("skills")) {
		need(sk, fmt.Sprintf("skills[%d].", i), "id", "name", "description", "tags")
	}
	missing = append(missing, cardParts(v)...) // wire.go
	if len(missing) > 0 {
		c.report("agent-card", c.at(cl, 0, j.line, ByAgent), "the agent card lacks %s", missingList(missing))
	}
}

// checkCapabilities: operations the card seen earlier does not declare
// are refused (§3.3.4).
func (c *checker) checkCapabilities(cl *call) {
	var rule, want, what string
	switch {
	case binding.Streaming(cl.method):
		rule, want, what = "capability-streaming", "UNSUPPORTED_OPERATION", "streaming"
	case binding.Push(cl.method):
		rule, want, what = "capability-push", "PUSH_NOTIFICATION_NOT_SUPPORTED", "pushNotifications"
	default:
		return
	}
	cd := c.cardFor(cl)
	if cd == nil || (rule == "capability-streaming" && cd.streaming) || (rule == "capability-push" && cd.push) {
		return
	}
	agent := c.at(cl, 0, cl.responseLine(), ByAgent)
	switch e := cl.refusal(); {
	case cl.accepted():
		c.report(rule, agent, "the agent card of exchange %d does not declare capabilities.%s, yet %s was served; it must be refused with %s",
			cd.cl.ex.Seq, what, cl.method, reasonName(want))
	case e != nil && e.reason != want && !e.untyped(cl):
		agent.line = errLine(cl, e)
		c.report(rule, agent, "the agent card of exchange %d does not declare capabilities.%s; %s was refused with %s, and the specification's error is %s",
			cd.cl.ex.Seq, what, cl.method, e, reasonName(want))
	}
}
