package test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestHARWithoutCheckModule: on a site whose page names no check module
// (its data block without "check"), a HAR file is refused, and a HAR
// export too, in a sentence that says they need that module: the
// viewer's own module has no HAR reader or writer.
func TestHARWithoutCheckModule(t *testing.T) {
	noCheck := regexp.MustCompile(`,?"check":"[^"]*"`)
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		resp, err := http.Get(env.url + strings.TrimPrefix(r.URL.RequestURI(), "/"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			body = noCheck.ReplaceAll(body, nil)
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(resp.StatusCode)
		w.Write(body)
	}))
	defer site.Close()
	tb := newTab(t)
	tb.open(site.URL + "/#t=" + sample + "&s=2")
	if eval[bool](tb, `JSON.parse(document.getElementById("a2aplay-data").textContent).check !== undefined`) {
		t.Fatal("the page still names a check module")
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{filepath.Join(env.testdata, "har", "chromium-jsonrpc.har")}))
	tb.wait(`document.getElementById("banner-text").textContent.includes("chromium-jsonrpc.har")`)
	mustContain(t, "banner", tb.banner(), "it is a HAR file", "check module, which this site was built without")
	tb.at(sample, 2) // still shown

	tb.click("#export summary")
	tb.click("#export-har")
	tb.wait(`document.getElementById("banner-text").textContent.includes("Could not export har")`)
	mustContain(t, "banner", tb.banner(), "HAR files are written by the check module, which this site was built without")
}
