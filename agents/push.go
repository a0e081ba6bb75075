package agents

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"github.com/a2aproject/a2a-go/v2/a2asrv/push"
)

// Push notifications: the code-reviewer and the deployer declare the
// capability, keep their push configurations in a2a-go's in-memory store
// and POST each event of a task to its webhooks with a2a-go's HTTP
// sender (a2asrv/push), which puts the config's token in
// A2A-Notification-Token and its credentials in Authorization. The kit
// adds two things around them:
//
//   - Webhook URLs are checked when a configuration is given
//     (CreateTaskPushNotificationConfig, or inside SendMessage's
//     configuration), as §13.2 asks an agent to: http or https, and a
//     host the kit may reach. a2a-go's sender refuses loopback and
//     private addresses at dial time (its SSRF guard); the kit's clients
//     live on loopback when the kit does, so an agent whose own base URL
//     is on loopback also posts to loopback hosts (127.0.0.0/8, ::1,
//     localhost), and Config.PushAllow names other hosts. A refused URL
//     is an InvalidParams error that says which rule refused it, never a
//     silent drop. Posts to the hosts so allowed go through a second
//     a2a-go sender with the guard lifted; every other host, through the
//     guarded one.
//   - a2a-go sends a task's notifications in line with the task's events:
//     a webhook that hangs would hold the task for the sender's timeout
//     at every event. The kit hands each event to a queue per
//     configuration instead, drained by one goroutine that ends when the
//     queue is empty: the task goes on, notifications to one webhook
//     keep their order, a failure is logged with the configuration's id,
//     and Close cancels what is in flight.

// DefaultPushTimeout bounds one notification's POST.
const DefaultPushTimeout = 10 * time.Second

// pushQueueLen is how many notifications wait for one webhook; past it
// the oldest waiting one is dropped, and logged.
const pushQueueLen = 64

// webhookRule decides which webhook URLs an agent accepts.
type webhookRule struct {
	loopback bool     // the agent is on loopback: loopback hosts are allowed
	allow    []string // hosts (or host:port) allowed besides
}

func newWebhookRule(baseURL string, allow []string) webhookRule {
	r := webhookRule{allow: allow}
	if u, err := url.Parse(baseURL); err == nil {
		r.loopback = isLoopbackHost(u.Hostname())
	}
	return r
}

// isLoopbackHost reports whether host names a loopback address by
// itself: "localhost" or an IP literal in 127.0.0.0/8 or ::1. A host
// name is not looked up: what it resolves to could change between the
// check and the post.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// check returns nil for a webhook URL the agent may post to, and
// whether the post must go around a2a-go's SSRF guard (a loopback or
// allowed host); otherwise an error naming the rule.
func (r webhookRule) check(raw string) (private bool, err error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false, fmt.Errorf("%w: webhook URL %s: want an absolute http or https URL (§13.2)", a2a.ErrInvalidParams, quoteClip(raw, 80))
	}
	if u.User != nil {
		return false, fmt.Errorf("%w: webhook URL %s: credentials in the URL are refused; give them as the config's authentication", a2a.ErrInvalidParams, quoteClip(u.Redacted(), 80))
	}
	host := u.Hostname()
	for _, a := range r.allow {
		if strings.EqualFold(a, host) || strings.EqualFold(a, u.Host) {
			return true, nil
		}
	}
	if isLoopbackHost(host) {
		if r.loopback {
			return true, nil
		}
		return false, fmt.Errorf("%w: webhook URL %s: a loopback address is refused by an agent that is not itself on loopback (§13.2: agents validate webhook URLs against SSRF); name the host with -push-allow to allow it", a2a.ErrInvalidParams, quoteClip(raw, 80))
	}
	if ip := net.ParseIP(host); ip != nil && (ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() || ip.IsLinkLocalMulticast()) {
		return false, fmt.Errorf("%w: webhook URL %s: private, link-local, unspecified and multicast addresses are refused (§13.2: agents validate webhook URLs against SSRF); name the host with -push-allow to allow it", a2a.ErrInvalidParams, quoteClip(raw, 80))
	}
	return false, nil
}

// pushCheck is the interceptor that checks webhook URLs where a client
// gives them.
type pushCheck struct {
	a2asrv.PassthroughCallInterceptor
	rule webhookRule
}

func (c pushCheck) Before(ctx context.Context, cc *a2asrv.CallContext, req *a2asrv.Request) (context.Context, any, error) {
	var cfg *a2a.PushConfig
	switch p := req.Payload.(type) {
	case *a2a.PushConfig:
		cfg = p
	case *a2a.SendMessageRequest:
		if p.Config != nil {
			cfg = p.Config.PushConfig
		}
	}
	if cfg != nil {
		if _, err := c.rule.check(cfg.URL); err != nil {
			return ctx, nil, err
		}
	}
	return ctx, nil, nil
}

// pushSender sends through a2a-go's HTTP senders, one queue per
// configuration (see the comment at the top of this file).
type pushSender struct {
	rule             webhookRule
	guarded, private *push.HTTPPushSender
	logger           *slog.Logger
	base             context.Context // canceled when the agent closes

	mu     sync.Mutex
	queues map[string]*pushQueue // by task id and config id
	wg     sync.WaitGroup        // drainers running
}

type pushQueue struct {
	cfg     *a2a.PushConfig
	pending []a2a.Event
}

func newPushSender(base context.Context, rule webhookRule, timeout time.Duration, logger *slog.Logger) *pushSender {
	if timeout <= 0 {
		timeout = DefaultPushTimeout
	}
	return &pushSender{
		rule:    rule,
		guarded: push.NewHTTPPushSender(&push.HTTPSenderConfig{Timeout: timeout, FailOnError: true}),
		private: push.NewHTTPPushSender(&push.HTTPSenderConfig{Timeout: timeout, FailOnError: true, AllowPrivateNetworks: true}),
		logger:  logger,
		base:    base,
		queues:  map[string]*pushQueue{},
	}
}

// SendPush queues event for cfg's webhook and returns at once.
func (s *pushSender) SendPush(_ context.Context, cfg *a2a.PushConfig, event a2a.Event) error {
	if s.base.Err() != nil {
		return nil
	}
	key := string(cfg.TaskID) + "\x00" + cfg.ID
	s.mu.Lock()
	defer s.mu.Unlock()
	q, running := s.queues[key]
	if !running {
		q = &pushQueue{}
		s.queues[key] = q
	}
	q.cfg = cfg // the latest, should the client have changed it
	if len(q.pending) == pushQueueLen {
		s.logger.Warn("push notification dropped: the webhook is behind", "task", cfg.TaskID, "config", cfg.ID, "queued", pushQueueLen)
		q.pending = q.pending[1:]
	}
	q.pending = append(q.pending, event)
	if !running {
		s.wg.Add(1)
		go s.drain(key, q)
	}
	return nil
}

// drain posts a queue's notifications in order, and ends when it is
// empty or the agent closes.
func (s *pushSender) drain(key string, q *pushQueue) {
	defer s.wg.Done()
	for {
		s.mu.Lock()
		if len(q.pending) == 0 || s.base.Err() != nil {
			delete(s.queues, key)
			s.mu.Unlock()
			return
		}
		ev, cfg := q.pending[0], q.cfg
		q.pending = q.pending[1:]
		s.mu.Unlock()
		s.post(cfg, ev)
	}
}

// post sends one notification and logs what went wrong. a2a-go's sender
// logs a failure and returns nil unless FailOnError is set; it is set
// here, so that the kit's log names the configuration.
func (s *pushSender) post(cfg *a2a.PushConfig, ev a2a.Event) {
	private, err := s.rule.check(cfg.URL)
	if err != nil { // checked when given; a stored config is checked again
		s.logger.Warn("push notification not sent", "task", cfg.TaskID, "config", cfg.ID, "error", err)
		return
	}
	sender := s.guarded
	if private {
		sender = s.private
	}
	if err := sender.SendPush(s.base, cfg, ev); err != nil {
		s.logger.Warn("push notification failed", "task", cfg.TaskID, "config", cfg.ID, "url", cfg.URL, "error", err)
	}
}

// wait waits for every queue to drain or be dropped; after the agent's
// base context is canceled, that is at once.
func (s *pushSender) wait() { s.wg.Wait() }
