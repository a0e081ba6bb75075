package agents

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// KitConfig configures a Kit. Zero values take the defaults.
type KitConfig struct {
	// Host is the host name in the agents' base URLs; default "localhost".
	Host string
	// Ports; defaults PlannerPort, ReviewerPort and DeployerPort.
	PlannerPort, ReviewerPort, DeployerPort int
	// HTTPClient carries the planner's outbound calls (see Config).
	HTTPClient *http.Client
	// Clock, Logger, MaxTasks and WaitTimeout are given to the three
	// agents, OperatorOrigins to the deployer (see Config).
	Clock           func() time.Time
	Logger          *slog.Logger
	MaxTasks        int
	WaitTimeout     time.Duration
	OperatorOrigins []string
	// PushAllow is given to the code-reviewer and the deployer, which
	// send push notifications (see Config).
	PushAllow []string
}

// A Kit is the three agents, the planner wired to the other two.
type Kit struct {
	Planner, Reviewer, Deployer *Agent
}

// NewKit builds the kit with base URLs http://HOST:PORT.
func NewKit(cfg KitConfig) *Kit {
	if cfg.Host == "" {
		cfg.Host = "localhost"
	}
	port := func(p, def int) int {
		if p == 0 {
			return def
		}
		return p
	}
	base := func(p int) string { return fmt.Sprintf("http://%s", hostPort(cfg.Host, p)) }
	rURL := base(port(cfg.ReviewerPort, ReviewerPort))
	dURL := base(port(cfg.DeployerPort, DeployerPort))
	pURL := base(port(cfg.PlannerPort, PlannerPort))
	common := Config{HTTPClient: cfg.HTTPClient, Clock: cfg.Clock, Logger: cfg.Logger,
		MaxTasks: cfg.MaxTasks, WaitTimeout: cfg.WaitTimeout, OperatorOrigins: cfg.OperatorOrigins, PushAllow: cfg.PushAllow}
	rc, dc, pc := common, common, common
	rc.BaseURL, dc.BaseURL, pc.BaseURL = rURL, dURL, pURL
	pc.ReviewerURL, pc.DeployerURL = rURL, dURL
	return &Kit{
		Planner:  NewPlanner(pc),
		Reviewer: NewCodeReviewer(rc),
		Deployer: NewDeployer(dc),
	}
}

func hostPort(host string, port int) string {
	return net.JoinHostPort(host, strconv.Itoa(port))
}

// Agents returns the planner, the code-reviewer and the deployer, in
// this order.
func (k *Kit) Agents() []*Agent { return []*Agent{k.Planner, k.Reviewer, k.Deployer} }

// Handlers maps each agent's host:port (the Host of its base URL) to its
// handler: what an in-process transport routes by.
func (k *Kit) Handlers() map[string]http.Handler {
	m := map[string]http.Handler{}
	for _, a := range k.Agents() {
		if u, err := url.Parse(a.BaseURL()); err == nil {
			m[u.Host] = a.Handler()
		}
	}
	return m
}

// Close closes the planner first, so that its pending calls end while the
// agents it calls still answer, then the code-reviewer and the deployer.
func (k *Kit) Close() {
	for _, a := range k.Agents() {
		a.Close()
	}
}
