package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/web"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "serve the built playground (see \"a2aplay site\")",
		run:     runServe,
	})
}

// listFlag collects a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// connectSources are the origins the page may fetch from besides its
// own: the -connect-src list, then each -connect. Each must be one CSP
// source expression naming agents (see [web.CheckConnectSource]), so that
// no flag can widen the policy to every origin or add a directive.
func connectSources(list string, extra []string) ([]string, error) {
	out := append(strings.Fields(list), extra...)
	for _, c := range out {
		if err := web.CheckConnectSource(c); err != nil {
			return nil, &usageError{err.Error()}
		}
	}
	return out, nil
}

func runServe(ctx context.Context, fs *flag.FlagSet, args []string) error {
	dir := fs.String("dir", "site", "the built site to serve")
	addr := fs.String("addr", "localhost:8080", "address to listen on")
	connectSrc := fs.String("connect-src", strings.Join(web.DefaultConnectSrc, " "),
		"origins Live's remote mode may reach, besides the page's own, as CSP sources separated by spaces; \"\" for none")
	var connect listFlag
	fs.Var(&connect, "connect", "one more origin the page may fetch from, for Live's remote agents (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: a2aplay serve [-dir site] [-addr host:port] [-connect-src 'origins'] [-connect origin]...")
		fmt.Fprintln(fs.Output(), "\nThe page's Content-Security-Policy lets it fetch from its own origin and the")
		fmt.Fprintln(fs.Output(), "-connect-src origins: by default any port of localhost and 127.0.0.1, so Live's")
		fmt.Fprintln(fs.Output(), "remote mode reaches the kit under \"a2aplay agents\". Add an agent elsewhere with")
		fmt.Fprintln(fs.Output(), "-connect https://agent.example; the agent must also allow CORS. Each source names")
		fmt.Fprintln(fs.Output(), "hosts: *, a scheme alone (https:), keywords ('self') and schemes other than http,")
		fmt.Fprintln(fs.Output(), "https, ws and wss are refused.")
		fmt.Fprintln(fs.Output(), "\nOnly regular files under -dir are served; a symbolic link that leads out of it")
		fmt.Fprintln(fs.Output(), "answers 404. A folder's address serves its index.html.")
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{"unexpected arguments: " + strings.Join(fs.Args(), " ")}
	}
	sources, err := connectSources(*connectSrc, connect)
	if err != nil {
		return err
	}
	if st, err := os.Stat(*dir + "/index.html"); err != nil || st.IsDir() {
		return fmt.Errorf("%q has no index.html: build the site first (./build.sh serve does)", *dir)
	}
	root, err := web.Dir(*dir)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           web.Handler(root, web.ServeOptions{ConnectSrc: sources}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	// The address as asked for: -addr localhost:8080 serves the page at
	// http://localhost:8080/ (the origin the README and the kit's
	// operator name), not at the 127.0.0.1 it resolved to.
	fmt.Fprintf(fs.Output(), "serving %s at http://%s/ (Ctrl-C stops)\n", *dir, proxyHost(*addr, ln.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
