package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2aplay/a2aplay/agents"
)

func init() {
	register(&command{
		name:    "agents",
		summary: "serve the kit agents (planner, code-reviewer, deployer) on localhost",
		run:     runAgents,
	})
}

func runAgents(ctx context.Context, fs *flag.FlagSet, args []string) error {
	host := fs.String("host", "localhost", "host to listen on, and to name in the agents' URLs")
	pPort := fs.Int("planner", agents.PlannerPort, "planner port")
	rPort := fs.Int("reviewer", agents.ReviewerPort, "code-reviewer port")
	dPort := fs.Int("deployer", agents.DeployerPort, "deployer port")
	var origins listFlag
	fs.Var(&origins, "operator-origin", "a browser origin allowed to approve and refuse deploys, such as https://play.example or http://localhost:* (repeatable; replaces the default "+strings.Join(agents.DefaultOperatorOrigins, " ")+"; \"none\" allows no page)")
	var pushAllow listFlag
	fs.Var(&pushAllow, "push-allow", "a `HOST` (or host:port) the code-reviewer and the deployer may post push notifications to besides public addresses and, when they run on loopback, loopback ones (repeatable; spec §13.2)")
	wait := fs.Duration("wait", agents.DefaultWaitTimeout, "how long a task waits for an answer or an approval before it is rejected")
	maxTasks := fs.Int("max-tasks", agents.DefaultMaxTasks, "tasks each agent keeps; past it, the oldest finished ones are forgotten")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: a2aplay agents [flags]\n\nServes the planner, the code-reviewer and the deployer until interrupted.\nSee the agents package documentation for a curl walkthrough.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	cfg := agents.KitConfig{
		Host: *host, PlannerPort: *pPort, ReviewerPort: *rPort, DeployerPort: *dPort,
		WaitTimeout: *wait, MaxTasks: *maxTasks, PushAllow: pushAllow,
	}
	if *wait <= 0 || *maxTasks <= 0 {
		return &usageError{"-wait and -max-tasks must be positive"}
	}
	var err error
	if cfg.OperatorOrigins, err = operatorOrigins(origins); err != nil {
		return err
	}
	return serveAgents(ctx, os.Stderr, cfg)
}

// operatorOrigins reads the -operator-origin flags: nil for none given
// (the kit's default), an empty list for "none".
func operatorOrigins(flags []string) ([]string, error) {
	if len(flags) == 0 {
		return nil, nil
	}
	list := []string{}
	for _, o := range flags {
		if o == "none" {
			continue
		}
		if err := agents.CheckOrigin(o); err != nil {
			return nil, &usageError{"-operator-origin: " + err.Error()}
		}
		list = append(list, o)
	}
	return list, nil
}

// serveAgents serves the kit until ctx ends, logging one line per request
// to w.
func serveAgents(ctx context.Context, w io.Writer, cfg agents.KitConfig) error {
	logger := log.New(w, "", log.LstdFlags)
	// The planner's outbound calls: no timeout, a deploy waits for an
	// operator as long as it takes.
	cfg.HTTPClient = &http.Client{}
	cfg.Logger = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
	kit := agents.NewKit(cfg)
	host, pPort, rPort, dPort := cfg.Host, cfg.PlannerPort, cfg.ReviewerPort, cfg.DeployerPort
	defer kit.Close()

	type entry struct {
		agent *agents.Agent
		ln    net.Listener
		srv   *http.Server
	}
	var served []entry
	defer func() {
		for _, e := range served {
			e.ln.Close()
		}
	}()
	for _, a := range []struct {
		agent *agents.Agent
		port  int
	}{{kit.Planner, pPort}, {kit.Reviewer, rPort}, {kit.Deployer, dPort}} {
		addr := net.JoinHostPort(host, strconv.Itoa(a.port))
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return fmt.Errorf("%s: %w", a.agent.Name(), err)
		}
		srv := &http.Server{
			Handler: logAgentRequests(logger, a.agent.Name(), a.agent.Handler()),
			// Headers must arrive within 10s, bodies within
			// agents.BodyTimeout (the agents set that deadline
			// themselves: a ReadTimeout here would also end open
			// streams); an idle keep-alive connection is closed after
			// two minutes.
			ReadHeaderTimeout: 10 * time.Second,
			IdleTimeout:       2 * time.Minute,
			ErrorLog:          logger,
		}
		// Shutdown waits for open streams; closing the agent ends them.
		srv.RegisterOnShutdown(a.agent.Close)
		served = append(served, entry{a.agent, ln, srv})
	}

	errc := make(chan error, len(served))
	for _, e := range served {
		fmt.Fprintf(w, "%-13s %s  (card: %s%s)\n", e.agent.Name(), e.agent.BaseURL(), e.agent.BaseURL(), agents.CardPath)
		go func() {
			if err := e.srv.Serve(e.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("%s: %w", e.agent.Name(), err)
			}
		}()
	}
	fmt.Fprintf(w, "operator: POST %s{taskId} approves a deploy, POST %s{taskId} refuses it\n",
		kit.Deployer.BaseURL()+agents.ApprovePath, kit.Deployer.BaseURL()+agents.RefusePath)
	// The operator's credential, for this run only: it is what makes a
	// decision the operator's, not the task id in the URL.
	fmt.Fprintf(w, "operator: send the header \"Authorization: %s\" with each (this run's operator token; the agents' clients never see it)\n",
		agents.OperatorAuthorization(kit.Deployer.OperatorToken()))
	pages := cfg.OperatorOrigins
	if pages == nil {
		pages = agents.DefaultOperatorOrigins
	}
	if len(pages) == 0 {
		fmt.Fprintln(w, "operator: no web page may approve or refuse (-operator-origin none)")
	} else {
		fmt.Fprintf(w, "operator: web pages at %s may approve and refuse\n", strings.Join(pages, " "))
	}
	fmt.Fprintln(w, "Press Ctrl-C to stop.")

	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	fmt.Fprintln(w, "stopping")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// The planner first, while the agents it calls still answer.
	for _, e := range served {
		if serr := e.srv.Shutdown(sctx); serr != nil && err == nil {
			err = fmt.Errorf("%s: shutdown: %w", e.agent.Name(), serr)
		}
	}
	return err
}

// logAgentRequests logs one line per request when it ends: agent, method,
// path, status and duration.
func logAgentRequests(l *log.Logger, agent string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &agentStatusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		l.Printf("%-13s %s %s %d %v", agent, r.Method, r.URL.RequestURI(), sw.status(), time.Since(start).Round(time.Microsecond))
	})
}

// agentStatusWriter records the status code; it keeps Flush for streams.
type agentStatusWriter struct {
	http.ResponseWriter
	once sync.Once
	code int
}

func (w *agentStatusWriter) WriteHeader(code int) {
	w.once.Do(func() { w.code = code })
	w.ResponseWriter.WriteHeader(code)
}

func (w *agentStatusWriter) Write(b []byte) (int, error) {
	w.once.Do(func() { w.code = http.StatusOK })
	return w.ResponseWriter.Write(b)
}

func (w *agentStatusWriter) Flush() {
	w.once.Do(func() { w.code = http.StatusOK })
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *agentStatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *agentStatusWriter) status() int {
	w.once.Do(func() { w.code = http.StatusOK })
	return w.code
}
