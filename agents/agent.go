package agents

import (
	"bytes"
	"context"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"github.com/a2aproject/a2a-go/v2/a2asrv/push"
)

func init() {
	// a2a-go's task store deep-copies tasks with encoding/gob, which needs
	// the concrete types behind a data part's value (it registers
	// map[string]any and []any itself).
	gob.Register(Review{})
	gob.Register(DeployRecord{})
}

// Agent names, as they appear on the agent cards.
const (
	PlannerName  = "planner"
	ReviewerName = "code-reviewer"
	DeployerName = "deployer"
)

// Default ports of the kit.
const (
	PlannerPort  = 41241
	ReviewerPort = 41242
	DeployerPort = 41243
)

// Paths every agent serves, relative to its base URL.
const (
	CardPath = a2asrv.WellKnownAgentCardPath // GET: the agent card
	RESTPath = "/rest"                       // the HTTP+JSON binding is mounted under it
	// The JSON-RPC binding answers POST at the base URL's root, "/".
)

// MaxBodyBytes is the largest request body an agent reads; a larger one
// gets 413 Request Entity Too Large.
const MaxBodyBytes = 1 << 20

// Version is the version the kit's agent cards give.
const Version = "1.0.0"

// Config configures one agent.
type Config struct {
	// BaseURL is the agent's public base URL, as clients reach it, such as
	// "http://localhost:41242". The card's interfaces and the deployer's
	// approve URLs are built from it. A trailing slash is ignored.
	BaseURL string

	// HTTPClient is the planner's client for its outbound calls; the
	// capture passes an in-process transport here. Give it no Timeout: a
	// deploy waits for an operator as long as it takes. nil means a
	// client with http.DefaultTransport and no timeout.
	HTTPClient *http.Client

	// ReviewerURL and DeployerURL are the base URLs of the agents the
	// planner calls; it reads their cards there.
	ReviewerURL, DeployerURL string

	// Clock gives the times the agents set themselves: status timestamps,
	// the deployer's approvedAt. nil means time.Now. Times are written
	// in UTC.
	Clock func() time.Time

	// Logger receives the agent's and a2a-go's log records. nil discards
	// them.
	Logger *slog.Logger

	// MaxTasks is how many tasks the agent keeps; past it, the task that
	// finished longest ago is evicted. 0 means DefaultMaxTasks.
	MaxTasks int

	// WaitTimeout is how long a task waits in INPUT_REQUIRED for its
	// client's answer, or in AUTH_REQUIRED for an operator, before the
	// agent ends it in TASK_STATE_REJECTED. 0 means DefaultWaitTimeout.
	WaitTimeout time.Duration

	// OperatorOrigins are the browser origins allowed to call the
	// deployer's approve and refuse endpoints (see AllowOrigins). nil
	// means DefaultOperatorOrigins.
	OperatorOrigins []string

	// PushAllow names the hosts (or host:port) an agent that sends push
	// notifications may post to besides public addresses, and besides
	// loopback ones when the agent itself is on loopback (push.go).
	PushAllow []string
	// PushTimeout bounds one notification's POST; 0 means
	// DefaultPushTimeout.
	PushTimeout time.Duration
}

func (c Config) now() time.Time {
	if c.Clock != nil {
		return c.Clock().UTC()
	}
	return time.Now().UTC()
}

func (c Config) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.New(slog.DiscardHandler)
}

// An Agent is one kit agent: an a2a-go request handler behind an
// http.Handler that serves its card, both protocol bindings and, for the
// deployer, the approval endpoints.
type Agent struct {
	name    string
	cfg     Config
	card    *a2a.AgentCard
	handler http.Handler
	rh      a2asrv.RequestHandler
	store   *store
	push    *pushSender      // nil for an agent without push notifications
	forget  func(a2a.TaskID) // drops what the agent keeps of an evicted task
	// operatorToken is the deployer's operator token; "" for the others.
	operatorToken string
	// pendingLen counts the tasks whose state the agent keeps between a
	// question and its answer, for tests and the load test.
	pendingLen func() int

	// base is canceled by Close; waits and outbound calls watch it.
	base   context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	closed bool
	timers map[a2a.TaskID]*time.Timer // armed waits (waits.go)
	runs   sync.WaitGroup             // executions and cancelations in flight
	active atomic.Int64               // how many, for tests
}

// Name returns the agent's name: "planner", "code-reviewer" or "deployer".
func (a *Agent) Name() string { return a.name }

// BaseURL returns the agent's public base URL, without a trailing slash.
func (a *Agent) BaseURL() string { return a.cfg.BaseURL }

// OperatorToken returns the token an operator sends, as Authorization:
// Bearer, to approve or refuse the deployer's deploys: random, made when
// the deployer was built, and never part of any A2A message or card. It
// is "" for the planner and the code-reviewer.
func (a *Agent) OperatorToken() string { return a.operatorToken }

// Card returns the agent's card. Callers must not modify it.
func (a *Agent) Card() *a2a.AgentCard { return a.card }

// Handler returns the agent's HTTP handler: the card at CardPath and
// LegacyCardPath, JSON-RPC at "/" (1.0 or 0.3 by the A2A-Version, v03.go),
// HTTP+JSON under RESTPath (1.0) and V03RESTPath (0.3), the deployer's POST /approve/{taskId}
// and POST /refuse/{taskId}; wrapped in CORS, a 1 MiB body limit and panic
// recovery. After Close it answers 503.
func (a *Agent) Handler() http.Handler { return a.handler }

// Close ends the agent: waits for approvals and outbound calls end, their
// tasks fail with a message saying the agent stopped, and Close returns
// when every execution the agent started has returned. The handler then
// answers 503. Close may be called more than once.
func (a *Agent) Close() {
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	a.stopTimers()
	a.cancel()
	a.runs.Wait()
	if a.push != nil {
		a.push.wait()
	}
}

func (a *Agent) isClosed() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.closed
}

// begin registers an execution; it reports false after Close.
func (a *Agent) begin() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return false
	}
	a.runs.Add(1)
	a.active.Add(1)
	return true
}

// scope returns ctx, also canceled when the agent closes.
func (a *Agent) scope(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(a.base, cancel)
	return ctx, func() { stop(); cancel() }
}

var errClosed = errors.New("the agent is shut down")

// executor adapts a kit agent's behaviour to a2asrv.AgentExecutor: it
// counts runs for Close and hands each one a *run.
type executor struct {
	a      *Agent
	exec   func(ctx context.Context, r *run)
	cancel func(ctx context.Context, r *run)
}

func (e *executor) Execute(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return e.seq(ctx, ec, e.exec)
}

func (e *executor) Cancel(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return e.seq(ctx, ec, e.cancel)
}

func (e *executor) seq(ctx context.Context, ec *a2asrv.ExecutorContext, f func(context.Context, *run)) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		if !e.a.begin() {
			yield(nil, errClosed)
			return
		}
		defer e.a.runs.Done()
		defer e.a.active.Add(-1)
		if !isExpiry(ctx) {
			e.a.keep(ec.TaskID) // a message or cancelation came: the wait is over
		}
		ctx, cancel := e.a.scope(ctx)
		defer cancel()
		r := &run{a: e.a, ec: ec, yield: yield}
		f(ctx, r)
	}
}

// A run is one execution (or cancelation) of a task by an agent.
type run struct {
	a     *Agent
	ec    *a2asrv.ExecutorContext
	yield func(a2a.Event, error) bool
	ended bool // a yield failed: the consumer is gone, stop
	begun bool // an event was yielded
}

// emit yields e. A message on an existing task starts a new response, and
// a task's stream starts with the Task (§3.1.2), so the first status
// update of such a run goes out as the stored task (which a2a-go has
// given the new message) carrying that status.
func (r *run) emit(e a2a.Event) bool {
	if r.ended {
		return false
	}
	if su, ok := e.(*a2a.TaskStatusUpdateEvent); ok && !r.begun && r.ec.StoredTask != nil {
		t := *r.ec.StoredTask
		if m := t.Status.Message; m != nil && !slices.ContainsFunc(t.History, func(h *a2a.Message) bool { return h.ID == m.ID }) {
			// As a2a-go does for a status update: the status message
			// being replaced moves into the history.
			t.History = append(slices.Clip(t.History), m)
		}
		t.Status = su.Status
		e = &t
	}
	r.begun = true
	if !r.yield(e, nil) {
		r.ended = true
	}
	return !r.ended
}

func (r *run) now() *time.Time {
	t := r.a.cfg.now()
	return &t
}

// submitted yields the new task, in TASK_STATE_SUBMITTED, with the
// message that created it.
func (r *run) submitted() bool {
	t := a2a.NewSubmittedTask(r.ec, r.ec.Message)
	t.Status.Timestamp = r.now()
	return r.emit(t)
}

// agentMessage builds an agent message on the task.
func (r *run) agentMessage(text string) *a2a.Message {
	return a2a.NewMessageForTask(a2a.MessageRoleAgent, r.ec, a2a.NewTextPart(text))
}

// status yields a status update; text, when not empty, becomes the
// status message.
func (r *run) status(state a2a.TaskState, text string) bool {
	return r.statusMeta(state, text, nil)
}

// statusMeta is status with metadata on the status message.
func (r *run) statusMeta(state a2a.TaskState, text string, meta map[string]any) bool {
	var msg *a2a.Message
	if text != "" {
		msg = r.agentMessage(text)
		msg.Metadata = meta
	}
	ev := a2a.NewStatusUpdateEvent(r.ec, state, msg)
	ev.Status.Timestamp = r.now()
	return r.emit(ev)
}

// artifact yields a new artifact named name holding one data part.
func (r *run) artifact(name, description string, value any) bool {
	part := a2a.NewDataPart(value)
	part.MediaType = MediaTypeJSON
	ev := a2a.NewArtifactEvent(r.ec, part)
	ev.Artifact.Name = name
	ev.Artifact.Description = description
	return r.emit(ev)
}

// stopped ends a run whose agent is closing, if it is: the task fails
// with a message saying so. It reports whether it did.
func (r *run) stopped(what string) bool {
	if r.a.base.Err() == nil {
		return false
	}
	r.status(a2a.TaskStateFailed, fmt.Sprintf("The %s shut down %s.", r.a.name, what))
	return true
}

// newAgent builds the agent's handler around its executor. extra adds
// routes to the agent's mux.
func newAgent(name string, cfg Config, card *a2a.AgentCard, exec func(*Agent) *executor, extra func(*Agent, *http.ServeMux)) *Agent {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	a := &Agent{name: name, cfg: cfg, card: card, timers: map[a2a.TaskID]*time.Timer{}}
	a.base, a.cancel = context.WithCancel(context.Background())
	card.SupportedInterfaces = interfaces(cfg.BaseURL)
	logger := cfg.logger().With("agent", name)
	a.store = newStore(cfg.MaxTasks, func(id a2a.TaskID) {
		if a.forget != nil {
			a.forget(id)
		}
	})
	panicked := func(r any) error {
		logger.Error("panic", "value", fmt.Sprint(r))
		return fmt.Errorf("%w: the agent failed", a2a.ErrInternalError)
	}
	opts := []a2asrv.RequestHandlerOption{
		a2asrv.WithLogger(slog.New(expiryLogs{logger.Handler()})),
		a2asrv.WithTaskStore(a.store),
		a2asrv.WithExecutionPanicHandler(panicked),
		a2asrv.WithCapabilityChecks(&card.Capabilities),
		a2asrv.WithCallInterceptors(versionCheck{}),
	}
	if card.Capabilities.PushNotifications {
		rule := newWebhookRule(cfg.BaseURL, cfg.PushAllow)
		a.push = newPushSender(a.base, rule, cfg.PushTimeout, logger)
		opts = append(opts,
			a2asrv.WithPushNotifications(push.NewInMemoryStore(), a.push),
			a2asrv.WithCallInterceptors(pushCheck{rule: rule}))
	}
	h := a2asrv.NewHandler(exec(a), opts...)
	a.rh = h
	cardJSON, err := cardJSON(card)
	if err != nil {
		// The cards are built in this package from plain values.
		panic(fmt.Sprintf("agents: marshal the %s card: %v", name, err))
	}
	mux := http.NewServeMux()
	serveCard := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(cardJSON)
	}
	mux.HandleFunc("GET "+CardPath, serveCard)
	mux.HandleFunc("GET "+LegacyCardPath, serveCard)
	panics := a2asrv.WithTransportPanicHandler(panicked)
	rpc := serving(ProtocolVersion, a2asrv.NewJSONRPCHandler(h, panics))
	if servesV03 {
		rpc03, rest03 := v03Handlers(h, panics)
		rpc = byVersion(serving(V03Version, rpc03), rpc)
		mux.Handle(V03RESTPath+"/", a2aRoutes(serving(V03Version, rest03)))
	}
	mux.Handle("/{$}", a2aRoutes(namedPageSize(rpc)))
	mux.Handle(RESTPath+"/", a2aRoutes(namedPageSize(serving(ProtocolVersion, http.StripPrefix(RESTPath, a2asrv.NewRESTHandler(h, panics))))))
	if extra != nil {
		extra(a, mux)
	}
	operator := cfg.OperatorOrigins
	if operator == nil {
		operator = DefaultOperatorOrigins
	}
	a.handler = recoverPanics(logger, cors(operator, a.refuseWhenClosed(limitBody(mux))))
	return a
}

func (a *Agent) refuseWhenClosed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.isClosed() {
			httpError(w, http.StatusServiceUnavailable, a.name+" is shut down")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody answers 413 to a body over MaxBodyBytes, whether its length
// was declared or it came chunked, and 408 to one that takes longer than
// BodyTimeout to arrive (over a connection that can have a read deadline:
// http.Server's; an in-process transport has none and needs none). Bodies
// are read before the handler runs, so a2a-go never sees a truncated one.
func limitBody(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > MaxBodyBytes {
			tooLarge(w, r)
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			deadline := rc.SetReadDeadline(time.Now().Add(BodyTimeout)) == nil
			data, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
			r.Body.Close()
			if deadline {
				// A stream's connection may stay open for hours: lift the
				// deadline once the body is in.
				rc.SetReadDeadline(time.Time{})
			}
			if errors.Is(err, os.ErrDeadlineExceeded) {
				w.Header().Set("Connection", "close")
				httpError(w, http.StatusRequestTimeout, fmt.Sprintf("the request body did not arrive within %s", duration(BodyTimeout)))
				return
			}
			if err != nil {
				httpError(w, http.StatusBadRequest, "reading the request body: "+err.Error())
				return
			}
			if len(data) > MaxBodyBytes {
				tooLarge(w, r)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(data))
			r.ContentLength = int64(len(data))
		}
		next.ServeHTTP(w, r)
	})
}

func tooLarge(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Connection", "close")
	httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than %d bytes", MaxBodyBytes))
}

// recoverPanics turns a panic in a handler into a 500 when nothing was
// written yet; http.Server does this natively, an in-process transport
// may not.
func recoverPanics(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &wroteWriter{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				logger.Error("panic in handler", "path", r.URL.Path, "value", fmt.Sprint(v))
				if !rw.wrote {
					httpError(w, http.StatusInternalServerError, "internal error")
				}
			}
		}()
		next.ServeHTTP(rw, r)
	})
}

// wroteWriter remembers whether anything was written; it keeps Flush.
type wroteWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *wroteWriter) WriteHeader(code int) { w.wrote = true; w.ResponseWriter.WriteHeader(code) }
func (w *wroteWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}
func (w *wroteWriter) Flush() {
	w.wrote = true
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
func (w *wroteWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// httpError writes a JSON error body {"error":…} with the status code.
func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		code, body = http.StatusInternalServerError, []byte(`{"error":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", fmt.Sprint(len(body)+1))
	w.WriteHeader(code)
	w.Write(append(body, '\n'))
}

// MessageText returns the text of a message: its text parts, joined by
// newlines; parts of other kinds are left out. A nil message has no
// text.
func MessageText(m *a2a.Message) string {
	if m == nil {
		return ""
	}
	var b []string
	for _, p := range m.Parts {
		if p != nil {
			if t, ok := p.Content.(a2a.Text); ok {
				b = append(b, string(t))
			}
		}
	}
	return strings.Join(b, "\n")
}
