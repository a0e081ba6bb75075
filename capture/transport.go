package capture

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
)

// ErrConnRefused is what a request to a host without a handler fails
// with, as a dial to a closed port would.
var ErrConnRefused = errors.New("connection refused")

// errBodyClosed is what a read on a response body the client closed
// returns.
var errBodyClosed = errors.New("http: read on closed response body")

// errClientGone is what a handler's Write returns once the client closed
// the response body or its request context ended.
var errClientGone = errors.New("capture: client closed the response")

// maxUnread is how many bytes a handler may write ahead of the client's
// reads before its Write blocks, like a socket's buffer.
const maxUnread = 1 << 20

// A Transport is an [http.RoundTripper] that serves each request by
// calling an [http.Handler] in the same process, with no socket. The
// handler runs in its own goroutine; the response is returned as soon as
// the handler has written its header (or returned), and the body streams
// as the handler writes and flushes it. Closing the body, or ending the
// request's context, cancels the handler's request context.
//
// A Transport is safe for concurrent use.
type Transport struct {
	mu      sync.Mutex
	hosts   map[string]http.Handler
	running map[*call]struct{}
	idle    *sync.Cond // signalled when running becomes empty
}

// NewTransport returns a Transport that serves the given hosts. A key is
// a URL's host with its port, like "localhost:41242"; a request to any
// other host fails with [ErrConnRefused]. The map is copied.
func NewTransport(hosts map[string]http.Handler) *Transport {
	t := &Transport{hosts: make(map[string]http.Handler, len(hosts)), running: map[*call]struct{}{}}
	for h, v := range hosts {
		t.hosts[h] = v
	}
	t.idle = sync.NewCond(&t.mu)
	return t
}

// Handle serves host with h from now on, replacing any handler it had; a
// nil h removes the host. It lets a caller build agents that need a
// client of this Transport before their handlers exist.
func (t *Transport) Handle(host string, h http.Handler) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if h == nil {
		delete(t.hosts, host)
		return
	}
	t.hosts[host] = h
}

// RoundTrip implements [http.RoundTripper].
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.roundTrip(req, nil)
}

// Wait blocks until every handler the Transport started has returned.
func (t *Transport) Wait() {
	t.mu.Lock()
	for len(t.running) > 0 {
		t.idle.Wait()
	}
	t.mu.Unlock()
}

// Close cancels the request context of every running handler, as a
// server shutting down would, and waits for them to return.
func (t *Transport) Close() {
	t.mu.Lock()
	for c := range t.running {
		c.cancel()
	}
	t.mu.Unlock()
	t.Wait()
}

// observer is told, in order, what happens to one exchange. Its methods
// are called with the exchange's lock held, before the client can see
// the effect, so that what it stamps precedes what the client observes.
// The recorder implements it; a nil observer is allowed.
type observer interface {
	// sent is called in the requester's goroutine when the request
	// starts, with the request body read.
	sent(req *http.Request, body []byte)
	// failed is called when the request fails without a response.
	failed(err error)
	// head is called when the handler commits its status and header.
	head(code int, h http.Header)
	// data is called with every chunk the handler writes.
	data(p []byte)
	// end is called once when the body ends: by "server" when the
	// handler returned, by "client" when the client closed it first.
	end(by string)
}

// A call is one request being served.
type call struct {
	cancel context.CancelFunc
}

func (t *Transport) roundTrip(req *http.Request, obs observer) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("capture: reading request body: %w", err)
		}
		body = b
	}
	if obs != nil {
		obs.sent(req, body)
	}
	fail := func(err error) (*http.Response, error) {
		if obs != nil {
			obs.failed(err)
		}
		return nil, err
	}
	if req.URL == nil {
		return fail(errors.New("capture: request has no URL"))
	}
	t.mu.Lock()
	h, ok := t.hosts[req.URL.Host]
	t.mu.Unlock()
	if !ok {
		return fail(fmt.Errorf("dial tcp %s: %w", req.URL.Host, ErrConnRefused))
	}
	if err := req.Context().Err(); err != nil {
		return fail(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	c := &call{cancel: cancel}
	p := newPipe(obs, ctx, cancel)
	stop := context.AfterFunc(req.Context(), func() { p.closeRead(req.Context().Err()) })

	host := req.Host
	if host == "" {
		host = req.URL.Host
	}
	sreq := (&http.Request{
		Method:        req.Method,
		URL:           &url.URL{Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery},
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        req.Header.Clone(),
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
		Host:          host,
		RemoteAddr:    "in-process",
		RequestURI:    req.URL.RequestURI(),
	}).WithContext(ctx)
	if sreq.Header == nil {
		sreq.Header = http.Header{}
	}
	w := &responseWriter{p: p, header: http.Header{}, method: req.Method}

	t.mu.Lock()
	t.running[c] = struct{}{}
	t.mu.Unlock()
	go func() {
		defer func() {
			cancel()
			t.mu.Lock()
			delete(t.running, c)
			if len(t.running) == 0 {
				t.idle.Broadcast()
			}
			t.mu.Unlock()
		}()
		defer func() {
			r := recover()
			if r == nil {
				w.finish(nil)
				return
			}
			if r == http.ErrAbortHandler {
				w.finish(io.ErrUnexpectedEOF)
				return
			}
			w.finish(fmt.Errorf("capture: handler for %s %s panicked: %v", req.Method, req.URL, r))
		}()
		h.ServeHTTP(w, sreq)
	}()

	code, header, err := p.waitHead()
	if err != nil {
		stop()
		return nil, err // the pipe has told the observer
	}
	resp := &http.Response{
		Status:        strconv.Itoa(code) + " " + http.StatusText(code),
		StatusCode:    code,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        header,
		Body:          &responseBody{p: p, stop: stop},
		ContentLength: -1,
		Request:       req,
	}
	if cl := header.Get("Content-Length"); cl != "" {
		if n, err := strconv.ParseInt(cl, 10, 64); err == nil {
			resp.ContentLength = n
		}
	}
	return resp, nil
}

// A pipe carries one response from the handler to the client. Every
// state change happens under mu, and the observer is told under mu, so
// what the observer sees is in the order the client could see it.
type pipe struct {
	obs    observer
	hctx   context.Context    // the handler's request context
	cancel context.CancelFunc // cancels it

	mu   sync.Mutex
	cond *sync.Cond

	headDone bool // the head was committed, or the exchange failed
	code     int
	header   http.Header
	headErr  error // the exchange failed before a head

	buf       []byte // written, not yet read
	writeDone bool   // the handler returned
	writeErr  error  // what reads return after buf is drained: io.EOF or an error
	readDone  bool   // the client closed the body or its context ended
	readErr   error  // what reads return after readDone
}

func newPipe(obs observer, hctx context.Context, cancel context.CancelFunc) *pipe {
	p := &pipe{obs: obs, hctx: hctx, cancel: cancel}
	p.cond = sync.NewCond(&p.mu)
	// A handler blocked on a full buffer wakes when its context ends.
	context.AfterFunc(hctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	return p
}

// commit records the head. It reports false when the client is gone.
func (p *pipe) commit(code int, h http.Header) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.headDone {
		return p.headErr == nil && !p.readDone
	}
	p.headDone = true
	if p.readDone {
		// The client gave up before any response.
		p.headErr = p.readErr
		p.cond.Broadcast()
		return false
	}
	p.code, p.header = code, h
	if p.obs != nil {
		p.obs.head(code, h)
	}
	p.cond.Broadcast()
	return true
}

func (p *pipe) waitHead() (int, http.Header, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.headDone {
		p.cond.Wait()
	}
	if p.headErr != nil {
		return 0, nil, p.headErr
	}
	return p.code, p.header, nil
}

func (p *pipe) write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.readDone && p.hctx.Err() == nil && len(p.buf) > 0 && len(p.buf)+len(b) > maxUnread {
		p.cond.Wait()
	}
	if p.readDone {
		return 0, errClientGone
	}
	if err := p.hctx.Err(); err != nil && len(p.buf) > 0 && len(p.buf)+len(b) > maxUnread {
		return 0, err
	}
	if p.writeDone {
		return 0, errors.New("capture: write after the handler returned")
	}
	if p.obs != nil {
		p.obs.data(b)
	}
	p.buf = append(p.buf, b...)
	p.cond.Broadcast()
	return len(b), nil
}

// closeWrite ends the body from the handler's side: err is nil when the
// handler returned normally.
func (p *pipe) closeWrite(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.writeDone {
		return
	}
	p.writeDone = true
	if err == nil {
		err = io.EOF
	}
	p.writeErr = err
	if !p.readDone && p.obs != nil {
		p.obs.end("server")
	}
	p.cond.Broadcast()
}

// closeRead ends the body from the client's side: it closed the body
// (err nil) or its request context ended (err set).
func (p *pipe) closeRead(err error) {
	p.mu.Lock()
	if p.readDone {
		p.mu.Unlock()
		return
	}
	p.readDone = true
	if err == nil {
		err = errBodyClosed
	}
	p.readErr = err
	p.buf = nil
	switch {
	case !p.headDone:
		// No response yet: the round trip fails with the context's error.
		p.headDone = true
		p.headErr = err
		if p.obs != nil {
			p.obs.failed(err)
		}
	case !p.writeDone && p.headErr == nil && p.obs != nil:
		p.obs.end("client")
	}
	p.cond.Broadcast()
	p.mu.Unlock()
	p.cancel()
}

func (p *pipe) read(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.readDone && len(p.buf) == 0 && !p.writeDone {
		p.cond.Wait()
	}
	if p.readDone {
		return 0, p.readErr
	}
	if len(p.buf) > 0 {
		n := copy(b, p.buf)
		p.buf = p.buf[n:]
		if len(p.buf) == 0 {
			p.buf = nil
		}
		p.cond.Broadcast()
		return n, nil
	}
	return 0, p.writeErr
}

// responseBody is the client's end of a pipe.
type responseBody struct {
	p    *pipe
	stop func() bool
	once sync.Once
}

func (b *responseBody) Read(p []byte) (int, error) {
	n, err := b.p.read(p)
	if err != nil {
		// The body is over: the request's context no longer matters.
		b.release()
	}
	return n, err
}

func (b *responseBody) Close() error {
	b.release()
	b.p.closeRead(nil)
	return nil
}

func (b *responseBody) release() { b.once.Do(func() { b.stop() }) }

// responseWriter is the handler's end of a pipe. It implements
// [http.Flusher]: every Write is visible to the client at once, so Flush
// only commits the head.
type responseWriter struct {
	p      *pipe
	method string

	header      http.Header
	wroteHeader bool
	code        int
	gone        bool // the client is gone; writes fail
}

func (w *responseWriter) Header() http.Header { return w.header }

func (w *responseWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	if code < 100 || code > 999 {
		panic(fmt.Sprintf("invalid WriteHeader code %v", code))
	}
	if code >= 100 && code < 200 && code != http.StatusSwitchingProtocols {
		return // informational: net/http would send it and wait for the real one
	}
	w.wroteHeader = true
	w.code = code
	if !w.p.commit(code, w.header.Clone()) {
		w.gone = true
	}
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		if w.header.Get("Content-Type") == "" && len(b) > 0 {
			w.header.Set("Content-Type", http.DetectContentType(b))
		}
		w.WriteHeader(http.StatusOK)
	}
	if w.gone {
		return 0, errClientGone
	}
	if w.method == http.MethodHead || !bodyAllowed(w.code) {
		return 0, http.ErrBodyNotAllowed
	}
	if len(b) == 0 {
		return 0, nil
	}
	n, err := w.p.write(b)
	if err == errClientGone {
		w.gone = true
	}
	return n, err
}

func (w *responseWriter) Flush() {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
}

// finish is called when the handler returned (err nil) or failed.
func (w *responseWriter) finish(err error) {
	if !w.wroteHeader {
		if err != nil {
			// A handler that fails before answering drops the
			// connection: the client sees an error, not a response.
			w.p.failBeforeHead(err)
			return
		}
		w.WriteHeader(http.StatusOK)
	}
	w.p.closeWrite(err)
}

// failBeforeHead fails the round trip when the handler died before
// committing a head.
func (p *pipe) failBeforeHead(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.writeDone = true
	p.writeErr = err
	if p.headDone {
		return
	}
	p.headDone = true
	p.headErr = err
	if p.obs != nil {
		p.obs.failed(err)
	}
	p.cond.Broadcast()
}

func bodyAllowed(code int) bool {
	switch {
	case code >= 100 && code <= 199:
		return false
	case code == http.StatusNoContent, code == http.StatusNotModified:
		return false
	}
	return true
}
