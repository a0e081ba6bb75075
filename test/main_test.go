// Package test holds the playground's end-to-end tests: they build the
// viewer and the site, serve it in-process, and drive Debian's headless
// Chromium with chromedp. Tests keep screenshots of what they drove in
// test/artifacts/screenshots/ (not in git) for a person to look at; no
// test compares them.
//
// Without Chromium the tests skip, unless CI is set: then they fail.
package test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2aplay/a2aplay/test/browser"
	"github.com/a2aplay/a2aplay/web"
)

var env struct {
	skip       string          // why the tests skip, when they do
	url        string          // the served site, with a trailing "/"
	noWASM     string          // the same site with the module missing
	offline    string          // file: URL of the offline page
	browser    context.Context // the browser; each test opens its own tab
	shipped    []web.Transcript
	viewer     []byte // the viewer module as the site ships it
	check      []byte // the check module
	testdata   string
	artifacts  string
	siteReport *web.Report
}

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	exe, err := browser.Find()
	if err != nil {
		if browser.InCI() {
			fmt.Fprintf(os.Stderr, "FAIL: %v\nCI is set, so the browser tests must run.\n", err)
			return 1
		}
		env.skip = err.Error()
		return m.Run()
	}
	defer teardown()
	if err := setup(exe); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: setting up the browser tests: %v\n", err)
		return 1
	}
	return m.Run()
}

var cleanups []func()

func setup(exe string) error {
	tmp, err := os.MkdirTemp("", "a2aplay-e2e-")
	if err != nil {
		return err
	}
	cleanups = append(cleanups, func() { os.RemoveAll(tmp) })
	root, err := browser.RepoRoot()
	if err != nil {
		return err
	}
	env.testdata = filepath.Join(root, "test", "testdata")
	env.artifacts = filepath.Join(root, "test", "artifacts")
	if err := os.MkdirAll(filepath.Join(env.artifacts, "screenshots"), 0o755); err != nil {
		return err
	}
	wasm, wasmExec, err := browser.BuildViewer(root, tmp)
	if err != nil {
		return err
	}
	if env.viewer, err = web.PackModule(wasm); err != nil { // as the site ships it
		return err
	}
	checkMod, err := browser.BuildCheck(root, tmp)
	if err != nil {
		return err
	}
	env.check = checkMod
	env.shipped, err = browser.Transcripts(filepath.Join(root, "transcripts"), env.testdata)
	if err != nil {
		return err
	}
	o := web.Options{Transcripts: env.shipped, Viewer: wasm, WasmExec: wasmExec, Check: checkMod, BrotliQuality: 5}
	siteDir := filepath.Join(tmp, "site")
	if env.siteReport, err = web.Build(siteDir, o); err != nil {
		return err
	}
	offline := filepath.Join(tmp, "a2aplay-offline.html")
	if err := web.WriteOffline(offline, o); err != nil {
		return err
	}
	env.offline = "file://" + filepath.ToSlash(offline)

	site := web.Handler(os.DirFS(siteDir), web.ServeOptions{})
	srv := httptest.NewServer(site)
	cleanups = append(cleanups, srv.Close)
	env.url = srv.URL + "/"
	// The same site with its module gone: what a learner sees before the
	// wasm arrives, and if it never does.
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if filepath.Ext(r.URL.Path) == ".wasm" {
			http.NotFound(w, r)
			return
		}
		site.ServeHTTP(w, r)
	}))
	cleanups = append(cleanups, broken.Close)
	env.noWASM = broken.URL + "/"

	ctx, cancel, err := browser.Start(context.Background(), exe, filepath.Join(tmp, "profile"))
	if err != nil {
		return err
	}
	cleanups = append(cleanups, cancel)
	env.browser = ctx
	return nil
}

func teardown() {
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
}
