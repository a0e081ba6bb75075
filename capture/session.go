package capture

import (
	"context"
	"fmt"
	"io"
	"iter"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/replay"
)

// DefaultTimeout bounds one scenario: a scenario that has not finished by
// then fails, naming what it was waiting for.
const DefaultTimeout = 10 * time.Second

// A Scenario is a scripted session with the kit, captured as one
// transcript. Its script acts only after it has observed what it waits
// for, so its transcript is the same on every run.
type Scenario struct {
	Name  string // the file name without extension, "07-auth-required"
	Title string // the transcript's title
	// Parties are the transcript's participants, in the order of the
	// diagram's lanes: "client", "operator" and agent names.
	Parties []string
	// V03 has the client speak A2A v0.3 (a2a-go's a2acompat/a2av0
	// client, which the kit answers in 0.3); the scenario is its 1.0
	// twin's script, clock and ids (twinOf).
	V03 bool

	run func(ctx context.Context, s *Session) error
}

// V03Suffix ends the name of a scenario that speaks 0.3 after its 1.0
// twin's: "06-input-required.v0.3".
const V03Suffix = ".v0.3"

// overV03 returns the 0.3 twin of a 1.0 scenario: the same script over
// 0.3's wire.
func overV03(sc *Scenario) *Scenario {
	tw := *sc
	tw.Name += V03Suffix
	tw.Title += ", over A2A v0.3"
	tw.V03 = true
	return &tw
}

// idSeed is the name the scenario's ids are made of: a 0.3 twin shows
// the same ids as its 1.0 twin.
func (sc *Scenario) idSeed() string { return strings.TrimSuffix(sc.Name, V03Suffix) }

// Scenarios returns every scenario, in file name order.
//
// A build without a 0.3 client (the browser's, see v03client_wasm.go)
// leaves the 0.3 twins out.
func Scenarios() []*Scenario {
	scs := []*Scenario{
		inputRequired,
		authRequired,
		authRefused,
		cancelDeploy,
		restBinding,
		wrongTask,
		streamCloses,
		pushWebhook,
		pollDeploy,
		plannerChain,
	}
	if captures03 {
		scs = append(scs, inputRequiredV03, authRequiredV03)
	}
	return scs
}

// The 0.3 twins (kept after the 1.0 scenarios, so that capturing every
// file keeps the 1.0 ones first).
var (
	inputRequiredV03 = overV03(inputRequired)
	authRequiredV03  = overV03(authRequired)
)

// Lookup returns the scenario with the given name, or nil.
func Lookup(name string) *Scenario {
	for _, sc := range Scenarios() {
		if sc.Name == name {
			return sc
		}
	}
	return nil
}

// A Session is one run of a scenario: the kit behind an in-process
// transport, and a recorder of everything that passes.
type Session struct {
	Kit *agents.Kit
	Rec *Recorder

	tr      *Transport
	pins    map[string]string
	notes   map[int][]string
	renames map[string]string // raw text -> what the capture writes
	hooks   []*webhook
	step    atomic.Value // string: what the script waits for
	v03     bool         // the clients speak 0.3
}

// Capture runs the scenario against a fresh kit and returns its
// normalised transcript. It fails when the scenario does not finish
// within DefaultTimeout (or ctx's deadline, if sooner), or when what it
// observed is not what the scenario expects.
func (sc *Scenario) Capture(ctx context.Context) (*replay.Transcript, error) {
	timeout := DefaultTimeout
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < timeout {
		timeout = time.Until(dl).Round(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	tr := NewTransport(nil)
	s := &Session{tr: tr, pins: map[string]string{}, notes: map[int][]string{}, renames: map[string]string{}, v03: sc.V03}
	s.step.Store("the start")
	var parts []replay.Participant
	for _, name := range sc.Parties {
		u := kitURLs[name]
		if name == WebhookName {
			u = WebhookURL
		}
		parts = append(parts, replay.Participant{Name: name, URL: u})
	}
	s.Rec = NewRecorder(tr, parts...)
	s.Kit = agents.NewKit(agents.KitConfig{
		HTTPClient: s.Rec.Client(agents.PlannerName),
		Clock:      s.Rec.EventClock(),
	})
	for _, a := range s.Kit.Agents() {
		if kitURLs[a.Name()] != a.BaseURL() {
			s.Kit.Close()
			return nil, fmt.Errorf("scenario %s: the %s serves at %s, not %s", sc.Name, a.Name(), a.BaseURL(), kitURLs[a.Name()])
		}
	}
	for host, h := range s.Kit.Handlers() {
		tr.Handle(host, h)
	}
	defer func() {
		s.Kit.Close()
		tr.Close()
		for _, hk := range s.hooks {
			hk.srv.Close()
		}
	}()

	err := sc.run(ctx, s)
	if err == nil {
		err = s.quiesce(ctx)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("scenario %s: timed out after %v waiting for %s: %w", sc.Name, timeout, s.step.Load(), err)
		}
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}

	t := s.Rec.Transcript(sc.Title)
	for old, new := range s.renames {
		rename(t, old, new)
	}
	for _, x := range t.Exchanges {
		x.Notes = append(x.Notes, s.notes[x.Seq]...)
	}
	if err := Normalize(t, sc.idSeed(), s.pins); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	if _, err := replay.Marshal(t); err != nil {
		return nil, fmt.Errorf("scenario %s: %w", sc.Name, err)
	}
	return t, nil
}

// kitURLs are the base URLs of the kit's agents on their default ports.
var kitURLs = map[string]string{
	agents.PlannerName:  fmt.Sprintf("http://localhost:%d", agents.PlannerPort),
	agents.ReviewerName: fmt.Sprintf("http://localhost:%d", agents.ReviewerPort),
	agents.DeployerName: fmt.Sprintf("http://localhost:%d", agents.DeployerPort),
}

// quiesce waits until every handler has returned, so that nothing is
// observed after the transcript is taken.
func (s *Session) quiesce(ctx context.Context) error {
	s.waiting("every handler to return")
	for _, hk := range s.hooks {
		if err := hk.shutdown(ctx); err != nil {
			return fmt.Errorf("the client's webhook: %w", err)
		}
	}
	done := make(chan struct{})
	go func() { s.tr.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// waiting records what the script waits for next, for the timeout error.
func (s *Session) waiting(what string) { s.step.Store(what) }

// Pin makes the capture show want in place of the raw id it observed.
func (s *Session) Pin(raw, want string) { s.pins[raw] = want }

// Note adds a note for the reader to exchange seq.
func (s *Session) Note(seq int, text string) { s.notes[seq] = append(s.notes[seq], text) }

// Client returns an A2A client of agent whose calls are recorded as sent
// by from. rest picks the HTTP+JSON binding instead of JSON-RPC. In a
// 0.3 scenario the client is a2a-go's 0.3 client, which picks the card's
// 0.3 interface of the binding.
func (s *Session) Client(ctx context.Context, from string, agent *agents.Agent, rest bool) (*a2aclient.Client, error) {
	hc := s.Rec.Client(from)
	opt := a2aclient.WithJSONRPCTransport(hc)
	switch {
	case s.v03:
		var err error
		if opt, err = V03Transport(hc, rest); err != nil {
			return nil, err
		}
	case rest:
		opt = a2aclient.WithRESTTransport(hc)
	}
	// No defaults: a call must never leave the process.
	c, err := a2aclient.NewFromCard(ctx, agent.Card(), a2aclient.WithDefaultsDisabled(), opt)
	if err != nil {
		return nil, fmt.Errorf("a client of the %s: %w", agent.Name(), err)
	}
	return c, nil
}

// Post sends a plain POST to url and returns the status and the body of
// the reply. The operator's carries the kit's operator token
// (Authorization: Bearer), which the capture shows normalised.
func (s *Session) Post(ctx context.Context, from, url string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return 0, "", err
	}
	if from == OperatorName {
		req.Header.Set("Authorization", agents.OperatorAuthorization(s.Kit.Deployer.OperatorToken()))
	}
	resp, err := s.Rec.Client(from).Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", fmt.Errorf("POST %s: reading the reply: %w", url, err)
	}
	return resp.StatusCode, string(b), nil
}

// decide has the operator POST a decision (an approve or refuse URL of
// the deployer, outside A2A) and fails unless the reply has the status
// code want. what names the decision in errors and timeouts.
func (s *Session) decide(ctx context.Context, url, what string, want int) error {
	s.waiting("the reply to " + what)
	code, body, err := s.Post(ctx, OperatorName, url)
	if err != nil {
		return err
	}
	if code != want {
		return fmt.Errorf("%s: %d %s, want %d", what, code, body, want)
	}
	return nil
}

// A stream is a stream of events the script reads one at a time.
type stream struct {
	s    *Session
	what string // "the deploy stream"
	next func() (a2a.Event, error, bool)
	stop func()
	n    int // events read
}

func (s *Session) open(what string, seq iter.Seq2[a2a.Event, error]) *stream {
	next, stop := iter.Pull2(seq)
	return &stream{s: s, what: what, next: next, stop: stop}
}

// read returns the stream's next event; it fails at the stream's end.
func (st *stream) read() (a2a.Event, error) {
	st.s.waiting(fmt.Sprintf("frame %d of %s", st.n+1, st.what))
	ev, err, ok := st.next()
	if !ok {
		return nil, fmt.Errorf("%s ended after %d frames, expected more", st.what, st.n)
	}
	if err != nil {
		return nil, fmt.Errorf("%s, frame %d: %w", st.what, st.n+1, err)
	}
	st.n++
	return ev, nil
}

// drain reads the stream to its end (the server closing it) and returns
// the events it read.
func (st *stream) drain() ([]a2a.Event, error) {
	var evs []a2a.Event
	for {
		st.s.waiting(fmt.Sprintf("frame %d or the end of %s", st.n+1, st.what))
		ev, err, ok := st.next()
		if !ok {
			return evs, nil
		}
		if err != nil {
			return evs, fmt.Errorf("%s, frame %d: %w", st.what, st.n+1, err)
		}
		st.n++
		evs = append(evs, ev)
	}
}

// stateOf returns the task state an event reports, or "".
func stateOf(ev a2a.Event) a2a.TaskState {
	switch e := ev.(type) {
	case *a2a.Task:
		return e.Status.State
	case *a2a.TaskStatusUpdateEvent:
		return e.Status.State
	}
	return ""
}

// statusText returns the text of the status message an event carries.
func statusText(ev a2a.Event) string {
	switch e := ev.(type) {
	case *a2a.Task:
		return agents.MessageText(e.Status.Message)
	case *a2a.TaskStatusUpdateEvent:
		return agents.MessageText(e.Status.Message)
	}
	return ""
}

// asTask returns a SendMessage result as a task in the wanted state.
func asTask(res a2a.SendMessageResult, want a2a.TaskState, what string) (*a2a.Task, error) {
	t, ok := res.(*a2a.Task)
	if !ok {
		return nil, fmt.Errorf("%s: got %T, want a task", what, res)
	}
	if t.Status.State != want {
		return nil, fmt.Errorf("%s: task in %s (%q), want %s", what, t.Status.State, statusText(t), want)
	}
	return t, nil
}

// approveURL finds the approve URL in a status message.
func approveURL(text string) (string, error) {
	u := agents.FindApproveURL(text)
	if u == "" {
		return "", fmt.Errorf("no approve URL in the status message %q", text)
	}
	return u, nil
}
