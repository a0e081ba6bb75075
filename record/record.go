package record

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/replay"
)

// MaxBody bounds a request body, and a response body that is not a
// stream, that the proxy holds in memory. A stream's frames are passed on
// as they come and may go on without end.
const MaxBody = 32 << 20

// ClientName is the participant that stands for whoever calls the proxy.
const ClientName = "client"

// An Agent is one agent to record: its participant name and the base URL
// it serves at, which holds its agent card under
// /.well-known/agent-card.json.
type Agent struct {
	Name string
	URL  string
}

// Config says what to record and where to write it.
type Config struct {
	// Agents are the agents to record. At most one may be served at the
	// root of the proxy (Root); the others are served at /NAME/.
	Agents []Agent
	// Root is the name of the agent served at the proxy's root, or "".
	Root string
	// ProxyURL is the base URL clients reach the proxy at, such as
	// "http://localhost:8999": the agents' URLs are rewritten to it.
	ProxyURL string
	// Out receives the transcript; each exchange is written with one
	// Write call when it completes.
	Out   io.Writer
	Title string
	// Normalize writes ids and times as capture does: deterministic
	// UUIDs named after Name, and the synthetic clock.
	Normalize bool
	// Name seeds the normalised ids: the recording's file name without
	// extension, say.
	Name string
	// Log gets one line per exchange recorded and one per problem.
	Log io.Writer
	// Transport sends the requests on to the agents; nil means a
	// transport of its own, without timeouts (a task may wait for an
	// operator as long as it takes).
	Transport http.RoundTripper
	// Webhooks has the Recorder receive push notifications: the url of
	// a push config a client gives is rewritten to a receiver of the
	// proxy's, which records each notification and forwards it to the
	// client's webhook (see the package documentation).
	Webhooks bool
}

// A Recorder is a reverse proxy in front of one or more A2A agents that
// writes every exchange passing through it to a transcript. It is an
// [http.Handler]; see the package documentation.
type Recorder struct {
	cfg    Config
	rt     http.RoundTripper
	agents []*agent
	rw     rewriter

	mu      sync.Mutex
	app     *replay.Appender
	norm    *capture.Normalizer
	tick    int
	last    time.Time   // the latest wall clock time written
	pending []*exchange // in the order their requests were sent
	hooks   []hook      // the webhooks push configs named, receiver n at hooks[n-1]
	closed  bool
	logMu   sync.Mutex
}

type agent struct {
	Agent
	base  *url.URL
	mount string // "/" for the root agent, else "/NAME/"
}

// New checks the configuration and writes the transcript's header to
// cfg.Out.
func New(cfg Config) (*Recorder, error) {
	if len(cfg.Agents) == 0 {
		return nil, errors.New("no agent to record")
	}
	proxy, err := url.Parse(cfg.ProxyURL)
	if err != nil || (proxy.Scheme != "http" && proxy.Scheme != "https") || proxy.Host == "" {
		return nil, fmt.Errorf("proxy URL %q: want an absolute http URL", cfg.ProxyURL)
	}
	r := &Recorder{cfg: cfg, rt: cfg.Transport}
	if r.rt == nil {
		r.rt = &http.Transport{
			Proxy:                 nil,
			DialContext:           (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
			MaxIdleConnsPerHost:   8,
			IdleConnTimeout:       90 * time.Second,
			ResponseHeaderTimeout: 0,
		}
	}
	if r.cfg.Log == nil {
		r.cfg.Log = io.Discard
	}
	head := &replay.Transcript{Title: cfg.Title, Participants: []replay.Participant{{Name: ClientName}}}
	seen := map[string]bool{ClientName: true}
	root := false
	for _, a := range cfg.Agents {
		u, err := url.Parse(a.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("agent %s: URL %q: want an absolute http or https URL without query", a.Name, a.URL)
		}
		if seen[a.Name] {
			return nil, fmt.Errorf("agent name %q is given twice (or is %q, the name of the client)", a.Name, ClientName)
		}
		seen[a.Name] = true
		ag := &agent{Agent: a, base: u, mount: "/" + a.Name + "/"}
		if a.Name == cfg.Root {
			if root {
				return nil, errors.New("only one agent can be served at the root")
			}
			root, ag.mount = true, "/"
		}
		ag.URL = strings.TrimSuffix(u.String(), "/")
		r.agents = append(r.agents, ag)
		head.Participants = append(head.Participants, replay.Participant{Name: a.Name, URL: ag.URL})
		head.Notes = append(head.Notes, fmt.Sprintf("%s recorded through %s by a2aplay record", a.Name, r.proxyBase(ag)))
	}
	if cfg.Webhooks {
		head.Participants = append(head.Participants, replay.Participant{Name: WebhookName})
		head.Notes = append(head.Notes, fmt.Sprintf("push configs' webhook URLs rewritten to a2aplay record's receiver under %s%s, which records each notification and forwards it unchanged to the client's webhook (a2aplay record -webhooks)", strings.TrimSuffix(cfg.ProxyURL, "/"), receiverPath))
	}
	if cfg.Normalize {
		head.Notes = append(head.Notes, "ids and times normalised as captures are (a2aplay record -normalize)")
		r.norm = capture.NewNormalizer(cfg.Name)
	}
	// Longer base paths first, so that an agent under a path of an origin
	// wins over one at its root.
	byLen := append([]*agent(nil), r.agents...)
	sort.SliceStable(byLen, func(i, j int) bool { return len(byLen[i].base.Path) > len(byLen[j].base.Path) })
	for _, a := range byLen {
		r.rw.add(a.base, r.proxyBase(a))
	}
	app, err := replay.NewAppender(cfg.Out, head)
	if err != nil {
		return nil, err
	}
	r.app = app
	return r, nil
}

// proxyBase is the URL a client reaches agent a at, without a final "/".
func (r *Recorder) proxyBase(a *agent) string {
	return strings.TrimSuffix(r.cfg.ProxyURL, "/") + strings.TrimSuffix(a.mount, "/")
}

// Mounts returns, for each agent, the URL clients reach it at through
// the proxy.
func (r *Recorder) Mounts() []Agent {
	var out []Agent
	for _, a := range r.agents {
		out = append(out, Agent{Name: a.Name, URL: r.proxyBase(a)})
	}
	return out
}

func (r *Recorder) logf(format string, args ...any) {
	r.logMu.Lock()
	defer r.logMu.Unlock()
	fmt.Fprintf(r.cfg.Log, "a2aplay record: "+format+"\n", args...)
}

// route finds the agent a proxy path leads to and the path at the agent.
func (r *Recorder) route(p string) (*agent, string) {
	var root *agent
	for _, a := range r.agents {
		if a.mount == "/" {
			root = a
			continue
		}
		if rest, ok := strings.CutPrefix(p, strings.TrimSuffix(a.mount, "/")); ok && (rest == "" || rest[0] == '/') {
			return a, rest
		}
	}
	if root != nil {
		return root, p
	}
	return nil, ""
}

// hopHeaders belong to one connection and are not passed on.
var hopHeaders = map[string]bool{
	"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Proxy-Authorization": true,
	"Te": true, "Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
}

func (r *Recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if r.cfg.Webhooks && strings.HasPrefix(req.URL.Path, receiverPath) {
		r.receive(w, req)
		return
	}
	a, rest := r.route(req.URL.EscapedPath())
	if a == nil {
		var where []string
		for _, m := range r.Mounts() {
			where = append(where, m.URL+"/")
		}
		http.Error(w, "a2aplay record: no agent here; the agents are at "+strings.Join(where, ", "), http.StatusNotFound)
		r.logf("%s %s: no agent is served at this path", req.Method, quote(req.URL.Path))
		return
	}
	if strings.HasPrefix(req.Method, "#") {
		// A transcript line that starts with "#" is a comment.
		http.Error(w, "a2aplay record: a method that starts with \"#\" cannot be recorded", http.StatusMethodNotAllowed)
		r.logf("%s %s: a method that starts with \"#\" cannot be recorded", quote(req.Method), quote(req.URL.Path))
		return
	}
	body, err := readBody(w, req, "the request body")
	if err != nil {
		r.logf("%s %s: the request body could not be read: %v", req.Method, quote(req.URL.Path), err)
		return
	}
	target := strings.TrimSuffix(a.base.String(), "/") + rest
	if target == a.base.Scheme+"://"+a.base.Host {
		target += "/"
	}
	if req.URL.RawQuery != "" {
		target += "?" + req.URL.RawQuery
	}
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel()
	out, err := http.NewRequestWithContext(ctx, req.Method, target, bytes.NewReader(body))
	if err != nil {
		http.Error(w, "a2aplay record: "+err.Error(), http.StatusBadRequest)
		r.logf("%s %s: %v", req.Method, quote(req.URL.Path), err)
		return
	}
	for name, vs := range req.Header {
		// Accept-Encoding is left to the transport, which then hands back
		// the body decoded, to be recorded and rewritten as text.
		if !hopHeaders[name] && name != "Accept-Encoding" {
			out.Header[name] = append([]string(nil), vs...)
		}
	}
	out.ContentLength = int64(len(body))

	// CORS preflights are the browser's, not the client's: passed on,
	// not recorded.
	preflight := req.Method == http.MethodOptions && req.Header.Get("Access-Control-Request-Method") != ""
	var x *exchange
	if !preflight {
		note := ""
		if r.cfg.Webhooks {
			name, _ := capture.Classify(out.Method, out.URL.EscapedPath(), body)
			if body, note = r.rewritePush(a, name, body); note != "" {
				out.Body, out.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
				out.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
			}
		}
		x = r.begin(a, out, body, note)
		if x == nil {
			http.Error(w, "a2aplay record: the recording has stopped", http.StatusServiceUnavailable)
			return
		}
	}
	resp, err := r.rt.RoundTrip(out)
	if err != nil {
		msg := errText(err, req.Context())
		if x != nil {
			r.fail(x, msg)
		}
		if req.Context().Err() == nil {
			http.Error(w, fmt.Sprintf("a2aplay record: %s at %s did not answer: %s", a.Name, a.URL, msg), http.StatusBadGateway)
		}
		return
	}
	defer resp.Body.Close()
	stream := binding.IsEventStream(resp.Header.Get("Content-Type"))
	rewrite := stream || binding.IsJSON(resp.Header.Get("Content-Type")) || (x != nil && x.isCard)
	for name, vs := range resp.Header {
		if hopHeaders[name] || (rewrite && name == "Content-Length") {
			continue
		}
		w.Header()[name] = append([]string(nil), vs...)
	}
	if loc := resp.Header.Get("Location"); loc != "" {
		if s, ok := r.rw.rewrite(loc); ok {
			w.Header().Set("Location", s)
		}
	}
	if x != nil {
		r.head(x, resp, stream)
	}
	if stream {
		r.pipeStream(w, req, resp, x)
		return
	}
	r.pipeBody(w, req, resp, x, rewrite)
}

// readBody reads a request's body, up to MaxBody. When it cannot, it
// answers the request (400, or 413 for a body too large), saying it was
// reading what, and returns the error.
func readBody(w http.ResponseWriter, req *http.Request, what string) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, MaxBody))
	if err != nil {
		code := http.StatusBadRequest
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			code = http.StatusRequestEntityTooLarge
		}
		http.Error(w, "a2aplay record: reading "+what+": "+err.Error(), code)
	}
	return body, err
}

// pipeBody reads a whole response body, records it as the agent sent
// it and passes it on, its agent URLs rewritten when it is JSON.
func (r *Recorder) pipeBody(w http.ResponseWriter, req *http.Request, resp *http.Response, x *exchange, rewrite bool) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody+1))
	switch {
	case err != nil && req.Context().Err() != nil:
		r.done(x, data, "the client went away before the response's body had arrived")
		return
	case err != nil:
		r.done(x, data, fmt.Sprintf("the agent's response body broke off after %d bytes: %s", len(data), errText(err, req.Context())))
		http.Error(w, "a2aplay record: the agent's response broke off", http.StatusBadGateway)
		return
	case len(data) > MaxBody:
		r.done(x, nil, fmt.Sprintf("the agent's response body is over %d MiB: not recorded, and not passed on", MaxBody>>20))
		http.Error(w, "a2aplay record: the agent's response is too large", http.StatusBadGateway)
		return
	}
	var note string
	sent := data
	if rewrite {
		text, _ := r.rw.rewrite(string(data))
		sent = []byte(text)
		if x != nil && x.isCard && resp.StatusCode == http.StatusOK && !jsonObject(data) {
			note = "the agent card is not a JSON object: clients may not find the agent's URLs"
		}
	}
	// The exchange is complete once the agent has answered: it is
	// written before the client can act on the answer.
	r.done(x, data, note)
	w.WriteHeader(passStatus(resp.StatusCode))
	w.Write(sent)
}

// pipeStream passes an event stream on as it comes, a frame at a time,
// and records each frame when it has arrived whole.
func (r *Recorder) pipeStream(w http.ResponseWriter, req *http.Request, resp *http.Response, x *exchange) {
	flusher, _ := w.(http.Flusher)
	w.WriteHeader(passStatus(resp.StatusCode))
	if flusher != nil {
		flusher.Flush()
	}
	var held []byte // the start of a line not yet ended
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if x != nil {
				r.feed(x, buf[:n])
			}
			held = append(held, buf[:n]...)
			cut := bytes.LastIndexAny(held, "\r\n") + 1
			if cut > 0 {
				text, _ := r.rw.rewrite(string(held[:cut]))
				held = append(held[:0], held[cut:]...)
				if _, werr := io.WriteString(w, text); werr != nil {
					r.end(x, replay.EndClient, "")
					return
				}
				if flusher != nil {
					flusher.Flush()
				}
			}
		}
		switch {
		case err == nil:
			continue
		case req.Context().Err() != nil:
			r.end(x, replay.EndClient, "")
			return
		case errors.Is(err, io.EOF):
		default:
			r.end(x, replay.EndServer, "the agent's stream broke off: "+errText(err, req.Context()))
			return
		}
		if len(held) > 0 {
			text, _ := r.rw.rewrite(string(held))
			io.WriteString(w, text)
		}
		r.end(x, replay.EndServer, "")
		return
	}
}

// passStatus is the status passed on to the client: the agent's, or 502
// for one no HTTP response may carry (and a transcript cannot hold).
func passStatus(code int) int {
	if code < 100 || code > 599 {
		return http.StatusBadGateway
	}
	return code
}

func jsonObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '{'
}

// errText says in a few words why a request to an agent failed.
func errText(err error, client context.Context) string {
	switch {
	case client.Err() != nil:
		return "canceled: the client went away"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset by the agent"
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return "the agent closed the connection before the response was complete"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return "timed out"
	}
	return oneLine(err.Error())
}

func oneLine(s string) string {
	s = strings.ToValidUTF8(s, "\ufffd")
	return strings.Join(strings.Fields(s), " ")
}

func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return fmt.Sprintf("%q", s)
}
