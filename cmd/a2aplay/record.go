package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/record"
	"github.com/a2aplay/a2aplay/replay"
)

func init() {
	register(&command{
		name:    "record",
		summary: "record the traffic of any A2A agent, through a proxy, into a transcript",
		run:     runRecord,
	})
}

// agentFlags collects repeated -agent flags.
type agentFlags []string

func (a *agentFlags) String() string     { return strings.Join(*a, " ") }
func (a *agentFlags) Set(v string) error { *a = append(*a, v); return nil }

func runRecord(ctx context.Context, fs *flag.FlagSet, args []string) error {
	var agentArgs agentFlags
	fs.Var(&agentArgs, "agent", "an agent to record: `URL` (served at the proxy's root), or NAME=URL (served at /NAME/); repeatable")
	listen := fs.String("listen", "localhost:8999", "address the proxy listens on")
	out := fs.String("out", "", "transcript file to write (required)")
	normalize := fs.Bool("normalize", false, "write ids and times as captures do: deterministic UUIDs (and operator tokens) and the synthetic clock")
	title := fs.String("title", "", "the transcript's title")
	webhooks := fs.Bool("webhooks", false, "record push notifications: give agents the proxy's receiver as the url of a client's push config, record each notification and forward it unchanged to the client's webhook (the rewrite is noted in the transcript)")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: a2aplay record -agent URL [-agent NAME=URL ...] [-listen localhost:8999] -out session.http [-normalize] [-webhooks] [-title TEXT]")
		fmt.Fprintln(w, "\nServes a recording reverse proxy: point your client at the proxy instead of the agent.")
		fmt.Fprintln(w, "The agent given as a bare URL is served at the proxy's root, each NAME=URL at /NAME/.")
		fmt.Fprintln(w, "URLs of the agents in the cards and messages they send are rewritten to the proxy's,")
		fmt.Fprintln(w, "so follow-up calls and approve links go through it too. Every exchange is appended to")
		fmt.Fprintln(w, "the transcript as it completes; Ctrl-C writes those still in flight and stops.")
		fmt.Fprintln(w, "\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return &usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	case len(agentArgs) == 0:
		return &usageError{"no -agent given"}
	case *out == "":
		return &usageError{"no -out file given"}
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	defer ln.Close()
	return recordOn(ctx, ln, proxyHost(*listen, ln.Addr().String()), agentArgs, *out, *normalize, *webhooks, *title, os.Stderr)
}

// recordOn serves the recording proxy on ln, which clients reach at
// host (host:port), until ctx ends.
func recordOn(ctx context.Context, ln net.Listener, host string, agentArgs []string, out string, normalize, webhooks bool, title string, log io.Writer) error {
	cfg := record.Config{
		ProxyURL:  "http://" + host,
		Title:     title,
		Normalize: normalize,
		Webhooks:  webhooks,
		Name:      strings.TrimSuffix(filepath.Base(out), filepath.Ext(out)),
		Log:       log,
	}
	for _, arg := range agentArgs {
		name, u, named := strings.Cut(arg, "=")
		if !named || strings.Contains(name, "/") {
			name, u = "", arg
		}
		if name == "" {
			if cfg.Root != "" {
				return &usageError{fmt.Sprintf("-agent %s: only one agent can be given without a NAME= (it is served at the root)", arg)}
			}
			name = agentName(ctx, u, log)
			cfg.Root = name
		} else if replay.NameFor(name, "") != name {
			return &usageError{fmt.Sprintf("-agent %s: a NAME is lower-case letters, digits, \".\", \"_\" or \"-\"", arg)}
		}
		cfg.Agents = append(cfg.Agents, record.Agent{Name: name, URL: u})
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	cfg.Out = f
	rec, err := record.New(cfg)
	if err != nil {
		f.Close()
		os.Remove(out)
		return &usageError{err.Error()}
	}
	for _, m := range rec.Mounts() {
		fmt.Fprintf(log, "a2aplay record: %s is at %s/\n", m.Name, m.URL)
	}
	fmt.Fprintf(log, "a2aplay record: writing %s; Ctrl-C stops\n", out)
	srv := &http.Server{Handler: rec, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err = <-served:
	}
	rec.Close()
	srv.Close()
	if cerr := f.Close(); err == nil || errors.Is(err, http.ErrServerClosed) {
		err = cerr
	}
	if err == nil {
		fmt.Fprintf(log, "a2aplay record: %s written\n", out)
	}
	return err
}

// proxyHost is the host:port clients reach the proxy at: the host of
// the -listen address (localhost when it names none or all interfaces)
// and the port the listener got.
func proxyHost(listen, addr string) string {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		host = ""
	}
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// agentName names an agent after its card, or after its URL when the
// card cannot be read now; it says so in one line.
func agentName(ctx context.Context, agentURL string, log io.Writer) string {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	fallback := replay.NameFor("", agentURL)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(agentURL, "/")+"/.well-known/agent-card.json", nil)
	if err != nil {
		return fallback
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(log, "a2aplay record: %s does not answer now (%v); it is named %s\n", agentURL, errors.Unwrap(err), fallback)
		return fallback
	}
	defer resp.Body.Close()
	var card struct {
		Name string `json:"name"`
	}
	if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&card) != nil {
		fmt.Fprintf(log, "a2aplay record: %s has no readable agent card (%s); it is named %s\n", agentURL, resp.Status, fallback)
		return fallback
	}
	return replay.NameFor(card.Name, agentURL)
}
