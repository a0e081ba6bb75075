package check

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/jsonread"
	"github.com/a2aplay/a2aplay/replay"
)

type checker struct {
	t     *replay.Transcript
	ctx   context.Context
	yield func() error // Options.Yield
	max   int          // findings kept per rule; 0 for all

	calls []*call
	cards map[string][]*card // interface key -> cards declaring it, in time order
	tasks map[string]*timeline
	// unknownTasks are the taskIds the agent answered TaskNotFoundError
	// for, and the transcript never showed, with the exchange it did.
	unknownTasks  map[string]int
	pushConfigs   map[pushKey]*pushState          // push.go
	pushDeleted   map[string]time.Time            // push.go: task -> its first configuration deleted, when
	webhooks      map[string][]webhookConfig      // notify.go: the configs given, by webhook URL
	notifications []notification                  // notify.go: the pushes, for checkNotifications
	polls         []poll                          // roads.go: the A2A calls, for checkPollBackoff
	polling       polling                         // roads.go: the GetTask loops, followed as calls come
	artifacts     map[string][]sighting           // task -> the artifacts exchanges showed of it (wire.go)
	streams       map[string][]*streamRec         // task -> its streams (broadcast.go)
	equiv         map[*card]map[string][2]*opSeen // card -> "method|interface" -> served, refused as unknown (wire.go)
	served        map[string]bool                 // the interfaces that served a call (wire.go)
	cardProbes    []cardProbe                     // the well-known card URLs answered 404 (wire.go)

	versions map[int]string  // exchange number -> the version it speaks (v03.go)
	migrated map[string]bool // the kinds of 0.3 spelling noted once (v03.go)

	// purgedAt is, in a Session's checker of the settled calls, the
	// earliest time purged answered true at, by task (purged).
	purgedAt map[string]time.Time

	findings []Finding
	seen     map[Finding]bool
	kept     map[string]int
	omitted  map[string]int
	cut      map[Omission]int // omitted, by rule and severity
}

// A place is where a finding is, and whom it is about.
type place struct {
	ex, fr, line int
	by           string
}

func (c *checker) at(cl *call, fr, line int, by string) place {
	return place{ex: cl.ex.Seq, fr: fr, line: line, by: by}
}

// report adds a finding of rule with the rule's section and severity.
func (c *checker) report(rule string, p place, format string, args ...any) {
	r := ruleByID(rule)
	c.reportIn(r.Section, rule, p, format, args...)
}

// reportIn is report with another section than the rule's usual one
// (the HTTP+JSON binding's section instead of JSON-RPC's, say).
func (c *checker) reportIn(section, rule string, p place, format string, args ...any) {
	if c.migrates(rule, p) {
		c.migrate(section, rule, p, fmt.Sprintf(format, args...))
		return
	}
	if c.full(rule, p) {
		return
	}
	r := ruleByID(rule)
	c.add(Finding{Exchange: p.ex, Frame: p.fr, Line: p.line, Section: section, Rule: rule,
		Msg: fmt.Sprintf(format, args...), Severity: r.Severity, By: p.by})
}

// full says whether rule already has its bound of findings, and then
// counts this one, once per place, without writing its message: past
// the bound a finding is a number.
func (c *checker) full(rule string, p place) bool {
	if c.max == 0 || c.kept[rule] < c.max {
		return false
	}
	key := Finding{Exchange: p.ex, Frame: p.fr, Line: p.line, Rule: rule, By: p.by}
	if !c.seen[key] {
		c.seen[key] = true
		c.omit(rule, ruleByID(rule).Severity)
	}
	return true
}

// deviation adds a finding that matches a measured a2a-go deviation.
func (c *checker) deviation(rule, section string, p place, msg string) {
	r := ruleByID(rule)
	if section == "" {
		section = r.Section
	}
	c.add(Finding{Exchange: p.ex, Frame: p.fr, Line: p.line, Section: section, Rule: rule,
		Msg: msg, Severity: r.Severity, By: p.by, Deviation: "a2a-go v2.4.0"})
}

func (c *checker) add(f Finding) {
	if f.By == "" {
		f.By = ByUnknown
	}
	if c.seen[f] {
		return
	}
	c.seen[f] = true
	if c.max > 0 && c.kept[f.Rule] >= c.max {
		c.omit(f.Rule, f.Severity)
		return
	}
	c.kept[f.Rule]++
	c.findings = append(c.findings, f)
}

// omit counts a finding past the bound.
func (c *checker) omit(rule string, sev Severity) {
	c.omitted[rule]++
	c.cut[Omission{Rule: rule, Severity: sev}]++
}

// run decodes and checks the calls a batch at a time. A call's checks
// need the states its task reported before its request, which only
// earlier exchanges (and the batch's own) can have reported, since
// exchanges come in the order their requests were sent. Once checked, a
// batch's parsed bodies are let go.
func (c *checker) run() error {
	c.prepare()
	for start := 0; start < len(c.calls); start += batchSize {
		batch := c.calls[start:min(start+batchSize, len(c.calls))]
		if err := c.decodeBatch(batch); err != nil {
			return err
		}
		for i, cl := range batch {
			if i%256 == 0 {
				if err := c.pause(); err != nil {
					return err
				}
			}
			c.checkCall(cl)
		}
		for _, cl := range batch {
			cl.release()
		}
	}
	if err := c.pause(); err != nil {
		return err
	}
	c.final()
	return nil
}

// newChecker is a checker of t with nothing read yet.
func newChecker(ctx context.Context, t *replay.Transcript, o Options) *checker {
	return &checker{t: t, ctx: ctx, yield: o.Yield, max: o.MaxPerRule,
		cards: map[string][]*card{}, tasks: map[string]*timeline{}, unknownTasks: map[string]int{},
		pushConfigs: map[pushKey]*pushState{}, pushDeleted: map[string]time.Time{}, webhooks: map[string][]webhookConfig{},
		artifacts: map[string][]sighting{}, streams: map[string][]*streamRec{}, equiv: map[*card]map[string][2]*opSeen{},
		served: map[string]bool{}, versions: map[int]string{}, migrated: map[string]bool{},
		seen: map[Finding]bool{}, kept: map[string]int{}, omitted: map[string]int{}, cut: map[Omission]int{}}
}

// final runs the checks that need every call read, once each call has
// been checked.
func (c *checker) final() {
	c.checkFinal()
	c.checkWireFinal()
	c.checkNotifications()
	c.checkRoads()
}

// pause is where the run stops when ctx is done, and where it yields
// (Options.Yield).
func (c *checker) pause() error {
	if err := c.ctx.Err(); err != nil {
		return err
	}
	if c.yield != nil {
		return c.yield()
	}
	return nil
}

// checkCall runs the rules about one call.
func (c *checker) checkCall(cl *call) {
	if cl.push {
		c.checkNotification(cl)
		return
	}
	c.checkWire(cl)
	if cl.card {
		c.checkCard(cl)
		return
	}
	if cl.binding == notA2A {
		return
	}
	c.notePoll(cl)
	c.checkVersion(cl)
	c.checkVersionAnswer(cl)
	c.checkHTTP(cl)
	if cl.binding == jsonRPC {
		c.checkEnvelope(cl)
	}
	c.checkErrors(cl)
	c.checkErrorKinds(cl)
	c.checkShapes(cl)
	c.noteV03Stream(cl)
	c.checkV03State(cl) // v03.go
	c.checkV03Final(cl)
	c.checkCapabilities(cl)
	c.checkPushCapability(cl)
	switch cl.method {
	case "SendMessage", "SendStreamingMessage":
		c.checkSend(cl)
	case "SubscribeToTask":
		c.checkSubscribe(cl)
	case "CancelTask":
		c.checkCancel(cl)
	case "GetTask":
		c.checkHistory(cl)
	}
	if cl.streamed {
		c.checkStream(cl)
	}
	c.checkAuthMessage(cl)
}

// release lets go of what a checked call parsed.
func (cl *call) release() {
	cl.req, cl.resp, cl.params, cl.rpcID = nil, nil, nil, nil
	cl.result, cl.resultEv, cl.resultTsk, cl.err = nil, nil, nil, nil
	cl.frames, cl.obs = nil, nil
}

// message returns the message a SendMessage request carries.
func (cl *call) message() *jsonread.Value { return cl.params.Get("message") }

// blocking says whether a SendMessage waits (§3.2.2): it does unless
// configuration.returnImmediately is true (or, in the v0.3 spelling,
// configuration.blocking is false).
func (cl *call) blocking() bool {
	cfg := cl.params.Get("configuration")
	if cfg.Get("returnImmediately").IsTrue() {
		return false
	}
	if b := cfg.Get("blocking"); b != nil && b.Raw == "false" {
		return false
	}
	return true
}

// replyTask is the task a SendMessage reply (or a stream's first frame)
// is about, with where it is.
func (cl *call) replyTask() (*jsonread.Value, *json) {
	if cl.resultTsk != nil {
		return cl.resultTsk, cl.resp
	}
	if len(cl.frames) > 0 && cl.frames[0].ev != nil && cl.frames[0].ev.kind == "task" {
		return cl.frames[0].ev.v, cl.frames[0].body
	}
	return nil, nil
}

// accepted says whether the server took the call: a result, or a stream
// that did not start with an error.
func (cl *call) accepted() bool {
	if cl.err != nil {
		return false
	}
	if cl.streamed {
		return len(cl.frames) > 0 && cl.frames[0].err == nil
	}
	return cl.result != nil
}

// refusal is the error a call was refused with, if any.
func (cl *call) refusal() *a2aError {
	if cl.err != nil {
		return cl.err
	}
	if cl.streamed && len(cl.frames) > 0 {
		return cl.frames[0].err
	}
	return nil
}

// responseLine is the line of the call's response, or of its request
// when it has none.
func (cl *call) responseLine() int {
	if cl.ex.Response != nil {
		return cl.ex.Response.Line
	}
	return cl.ex.Request.Line
}

// errLine is the line of an error reply: its error object, or the
// response when the body could not be read.
func errLine(cl *call, e *a2aError) int {
	if l := e.at.lineOf(e.v); l > 0 {
		return l
	}
	return cl.responseLine()
}

// reasonName names an error reason for a finding: "TaskNotFoundError
// (-32001)", or the reason as it is.
func reasonName(reason string) string {
	if n, ok := errorName[reason]; ok {
		return n
	}
	return reason
}

// is reports whether v is there and of kind k: a member Get did not find
// is of no kind. The checker asks this of every member it reads; reading
// Kind itself would dereference a missing one.
func is(v *jsonread.Value, k jsonread.Kind) bool { return v != nil && v.Kind == k }

// article names a JSON kind with its article: "an object", "a string".
func article(k jsonread.Kind) string {
	switch k {
	case jsonread.Object, jsonread.Array:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// text is a value as written in its JSON.
func text(j *json, v *jsonread.Value) string {
	if j == nil || v == nil || v.End > len(j.text) || v.Start > v.End {
		return ""
	}
	return j.text[v.Start:v.End]
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// eventTask is the id of the task an event is about.
func eventTask(ev *event) string {
	switch ev.kind {
	case "task":
		return ev.v.Get("id").Text()
	case "statusUpdate", "artifactUpdate":
		return ev.v.Get("taskId").Text()
	}
	return ""
}

// missingList joins the names of missing fields: "id, status.state".
func missingList(names []string) string { return strings.Join(names, ", ") }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// items is the elements of an array, or none for anything else.
func items(v *jsonread.Value) []*jsonread.Value {
	if !is(v, jsonread.Array) {
		return nil
	}
	return v.Items
}
