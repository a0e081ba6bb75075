package capture

import (
	"io"
	"net/http"
	"testing"
)

// BenchmarkTransportRoundTrip measures one small request and response
// through the in-process transport.
func BenchmarkTransportRoundTrip(b *testing.B) {
	tr := NewTransport(map[string]http.Handler{
		"a:1": http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{}}`)
		}),
	})
	defer tr.Close()
	c := &http.Client{Transport: tr}
	b.ReportAllocs()
	for b.Loop() {
		resp, err := c.Get("http://a:1/")
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// BenchmarkCapture measures capturing one scenario end to end: a fresh
// kit, the scripted flow, normalisation.
func BenchmarkCapture(b *testing.B) {
	for _, name := range []string{"06-input-required", "07-auth-required", "19-planner"} {
		b.Run(name, func(b *testing.B) {
			sc := Lookup(name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := sc.Capture(b.Context()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
