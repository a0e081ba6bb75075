package live

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// A proxy is the handler a remote session's in-process transport routes
// a host to: it sends the request on over the session's RoundTripper (in
// a browser, fetch) and streams the reply back, flushing every chunk, so
// the recorder sees a remote exchange as it sees an in-process one:
// request, head, each frame as it arrives, the end.
type proxy struct {
	scheme, host string
	rt           http.RoundTripper
}

// A remoteError is how the proxy fails an exchange that got no reply:
// the in-process transport records it as the exchange's error.
type remoteError struct{ err error }

func (e remoteError) Error() string { return e.err.Error() }

// hopHeaders are not passed on, in either direction.
var hopHeaders = map[string]bool{
	"Connection": true, "Keep-Alive": true, "Proxy-Connection": true, "Te": true,
	"Trailer": true, "Transfer-Encoding": true, "Upgrade": true,
}

func (p *proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	target := p.scheme + "://" + p.host + r.URL.RequestURI()
	var body io.Reader
	if r.ContentLength != 0 {
		body = r.Body
	}
	out, err := http.NewRequestWithContext(r.Context(), r.Method, target, body)
	if err != nil {
		panic(remoteError{fmt.Errorf("%s %s: %w", r.Method, target, err)})
	}
	for name, vs := range r.Header {
		if !hopHeaders[http.CanonicalHeaderKey(name)] {
			out.Header[name] = append([]string(nil), vs...)
		}
	}
	out.ContentLength = r.ContentLength
	resp, err := p.rt.RoundTrip(out)
	if err != nil {
		panic(remoteError{err})
	}
	defer resp.Body.Close()
	for name, vs := range resp.Header {
		if !hopHeaders[http.CanonicalHeaderKey(name)] {
			w.Header()[name] = append([]string(nil), vs...)
		}
	}
	w.WriteHeader(resp.StatusCode)
	flusher, _ := w.(http.Flusher)
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return // the client is gone
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			if r.Context().Err() != nil {
				return
			}
			// The body broke off: the recorder sees the stream end
			// without a proper finish.
			panic(http.ErrAbortHandler)
		}
	}
}

// A cardError is a failure to read an agent's card, told without the
// layers between the resolver and the network: "card request failed:
// Get URL: capture: handler for GET URL panicked: dial tcp ...:
// connection refused" reads "dial tcp ...: connection refused" (in a
// browser, fetch's own failure), under "live: reading the agent card of
// URL".
type cardError struct{ err error }

func (e cardError) Error() string {
	text := e.err.Error()
	if i := strings.Index(text, "capture: handler for "); i >= 0 {
		if rest, ok := isRemoteFailure(text[i:]); ok {
			return rest
		}
	}
	return text
}

func (e cardError) Unwrap() error { return e.err }

// isRemoteFailure reports whether a recorded error text is a proxy's
// failure, and returns the remote error text without the transport's
// prefix.
func isRemoteFailure(text string) (string, bool) {
	const marker = " panicked: "
	if i := strings.Index(text, marker); i >= 0 && strings.HasPrefix(text, "capture: handler for ") {
		return text[i+len(marker):], true
	}
	return text, false
}
