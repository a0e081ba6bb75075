package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"

	"github.com/a2aplay/a2aplay/agents"
	"github.com/a2aplay/a2aplay/capture"
	"github.com/a2aplay/a2aplay/replay"

	"github.com/a2aplay/a2aplay/live/panel"
)

// The parties a learner plays. They are the transcript's participants
// that only send requests.
const (
	ClientName   = capture.ClientName   // the learner as an A2A client
	OperatorName = capture.OperatorName // the learner as the operator who approves
)

// Mode, Binding and their values are package panel's: the page's Live
// panel reads them.
type (
	Mode    = panel.Mode
	Binding = panel.Binding
)

const (
	Offline  = panel.Offline
	Remote   = panel.Remote
	JSONRPC  = panel.JSONRPC
	HTTPJSON = panel.HTTPJSON
)

// DefaultTitle is the title of a session's transcript when Config gives
// none.
const DefaultTitle = "a live session"

// closeTimeout bounds each CancelTask that Close sends.
const closeTimeout = 3 * time.Second

// ErrClosed is what a move returns once the session is closed.
var ErrClosed = errors.New("live: the session is closed")

// Config configures a Session. The zero Config opens an offline session.
type Config struct {
	// Remote lists the base URLs of the agents to drive, such as
	// "http://localhost:41242". Empty means offline: the kit runs in
	// process.
	Remote []string

	// Transport carries the remote calls; nil means
	// http.DefaultTransport, which in a browser is the page's fetch.
	// Close closes its idle connections when it has a
	// CloseIdleConnections method.
	Transport http.RoundTripper

	// Title is the transcript's title; empty means DefaultTitle.
	Title string

	// OnChange is called after every observation the session records
	// (a request, a response, a frame, a stream's end) and after every
	// change of a task or stream it tracks. It runs in the goroutine that
	// made the change, so it must return quickly: mark the view dirty
	// and redraw later.
	OnChange func()

	// Logger receives the agents' and a2a-go's log records; nil discards
	// them.
	Logger *slog.Logger

	// Version is the A2A version the session's client speaks, V10 or
	// V03 (version.go). Empty: offline, 1.0; remote, each card decides,
	// 1.0 when it offers it, else 0.3. A build without the 0.3 client
	// answers a session that needs 0.3 with ErrNeedsV03.
	Version string
}

// A Session is one live session: the learner's moves against real
// agents, recorded as a transcript while they happen. Its methods are
// safe for concurrent use; each move blocks until it has its answer,
// so a caller that must not block (a page) runs each in a goroutine.
type Session struct {
	mode    Mode
	title   string
	version string // offline: the version the client speaks to the kit

	tr     *capture.Transport
	rec    *capture.Recorder
	kit    *agents.Kit        // offline only
	remote http.RoundTripper  // remote only
	agents []*agentRef        // the agents a move can address, in lane order
	base   context.Context    // canceled by Close: streams and moves end
	stop   context.CancelFunc //
	change func()             // Config.OnChange, or nil
	runs   sync.WaitGroup     // moves and stream readers in flight
	closer sync.Once          //

	mu      sync.Mutex
	closed  bool
	tasks   map[a2a.TaskID]*taskState
	order   []a2a.TaskID     // tasks in the order first seen
	streams []*streamState   //
	claimed map[int]bool     // exchange seqs a move has claimed
	notes   map[int][]string // notes for exchanges, by seq
	used    map[string]bool  // the parties the exchanges name, as the session names them
	proxied map[string]bool  // remote: hosts the transport proxies
	hook    *webhook         // offline: the client's webhook, once a road needs it (roads.go)
	waits   []capture.Wait   // the polling client's waits, for a normalised save (roads.go)
	asked   map[string]int   // task id -> the exchange of its send by poll, then of its last poll

	idMu sync.Mutex        // guards ids and byID
	ids  replay.Agents     // remote: which agent a URL leads to
	byID map[int]*agentRef // remote: the session's agents by their ids in ids
}

// An agentRef is an agent a session talks to.
type agentRef struct {
	name    string // participant name: the card's name, made a word
	url     string // base URL, no trailing slash
	card    *a2a.AgentCard
	version string // the A2A version the session speaks to it: V10 or V03
}

// Open starts a session. Offline, it builds the kit in process; remote,
// it reads each agent's card (recorded as GetAgentCard exchanges) and
// fails when one cannot be read.
func Open(ctx context.Context, cfg Config) (*Session, error) {
	s := &Session{
		title:   cfg.Title,
		change:  cfg.OnChange,
		tasks:   map[a2a.TaskID]*taskState{},
		claimed: map[int]bool{},
		notes:   map[int][]string{},
		used:    map[string]bool{},
		proxied: map[string]bool{},
		byID:    map[int]*agentRef{},
		asked:   map[string]int{},
	}
	if s.title == "" {
		s.title = DefaultTitle
	}
	s.title = strings.NewReplacer("\r", " ", "\n", " ").Replace(s.title)
	if err := checkVersion(cfg.Version); err != nil {
		return nil, err
	}
	s.version = cfg.Version
	if s.version == "" {
		s.version = V10
	}
	if len(cfg.Remote) == 0 && s.version == V03 && !SpeaksV03 {
		return nil, ErrNeedsV03
	}
	s.base, s.stop = context.WithCancel(context.Background())
	s.tr = capture.NewTransport(nil)
	if len(cfg.Remote) == 0 {
		s.openOffline(cfg)
	} else if err := s.openRemote(ctx, cfg); err != nil {
		s.shutdown()
		return nil, err
	}
	s.rec.OnEvent(s.changed)
	return s, nil
}

func (s *Session) openOffline(cfg Config) {
	s.mode = Offline
	parts := []replay.Participant{
		{Name: ClientName},
		{Name: agents.PlannerName, URL: kitURL(agents.PlannerPort)},
		{Name: agents.ReviewerName, URL: kitURL(agents.ReviewerPort)},
		{Name: agents.DeployerName, URL: kitURL(agents.DeployerPort)},
		{Name: OperatorName},
	}
	s.rec = capture.NewRecorder(s.tr, parts...)
	s.rec.WallClock(time.Now)
	s.kit = agents.NewKit(agents.KitConfig{HTTPClient: s.rec.Client(agents.PlannerName), Logger: cfg.Logger})
	for host, h := range s.kit.Handlers() {
		s.tr.Handle(host, h)
	}
	for _, a := range s.kit.Agents() {
		s.agents = append(s.agents, &agentRef{name: a.Name(), url: a.BaseURL(), card: a.Card(), version: s.version})
	}
}

// kitURL is the base URL of a kit agent on its default port, as
// agents.NewKit builds it.
func kitURL(port int) string { return fmt.Sprintf("http://localhost:%d", port) }

func (s *Session) openRemote(ctx context.Context, cfg Config) error {
	s.mode = Remote
	s.remote = cfg.Transport
	if s.remote == nil {
		s.remote = http.DefaultTransport
	}
	s.rec = capture.NewRecorder(s.tr, replay.Participant{Name: ClientName})
	s.rec.WallClock(time.Now)
	taken := map[string]bool{ClientName: true, OperatorName: true}
	for _, raw := range cfg.Remote {
		base, err := checkBaseURL(raw)
		if err != nil {
			return err
		}
		m := s.newMove("GetAgentCard", ClientName)
		resolver := agentcard.NewResolver(m.httpClient())
		resolver.CardParser = parseCard
		card, err := resolver.Resolve(ctx, base)
		if err != nil {
			return fmt.Errorf("live: reading the agent card of %s: %w", base, cardError{err})
		}
		version, err := chooseVersion(base, card, cfg.Version)
		if err != nil {
			return err
		}
		// The same agent named twice (localhost and 127.0.0.1, a
		// trailing slash) is one agent.
		if s.learn(base, card) != nil {
			continue
		}
		name := uniqueName(wordOf(card.Name), taken)
		if name == "" {
			u, _ := url.Parse(base)
			name = uniqueName(hostWord(u.Host), taken)
		}
		taken[name] = true
		ref := &agentRef{name: name, url: base, card: card, version: version}
		s.agents = append(s.agents, ref)
		s.known(base, ref)
	}
	return nil
}

// checkBaseURL accepts an absolute http or https URL with a host and
// returns it without a trailing slash.
func checkBaseURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", fmt.Errorf("live: agent URL %q: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("live: agent URL %q is not an absolute http or https URL", raw)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("live: agent URL %q must have no query, fragment or user info", raw)
	}
	return strings.TrimRight(u.String(), "/"), nil
}

// hostWord is the name the recorder gives a host no participant serves.
func hostWord(host string) string {
	return strings.NewReplacer(":", "-", "[", "", "]", "").Replace(host)
}

// wordOf makes s a participant name: letters, digits, ".", "_" and "-",
// other runs of characters becoming one "-", at most 40 bytes.
func wordOf(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-'
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

func uniqueName(name string, taken map[string]bool) string {
	if name == "" || !taken[name] {
		return name
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s-%d", name, i); !taken[n] {
			return n
		}
	}
}

// Mode returns where the session's agents run.
func (s *Session) Mode() Mode { return s.mode }

// Goroutines returns how many goroutines the program runs now; a page
// shows it before and after Close.
func Goroutines() int { return runtime.NumGoroutine() }

func (s *Session) changed() {
	if s.change != nil {
		s.change()
	}
}

// Close ends the session: it cancels every task it saw that is not in a
// terminal state (recorded, as the client's CancelTask), ends the
// streams it reads and the moves in flight, closes the agents and the
// transport, and returns when all of them have returned. Recording
// stops; Transcript still returns what was recorded. Close may be
// called more than once.
func (s *Session) Close() {
	s.closer.Do(func() {
		s.mu.Lock()
		s.closed = true
		var open []taskState
		for _, id := range s.order {
			if t := s.tasks[id]; !terminalState(t.state) {
				open = append(open, *t)
			}
		}
		s.mu.Unlock()
		for _, t := range open {
			s.cancelOnClose(t)
		}
		s.shutdown()
		s.changed()
	})
}

// cancelOnClose cancels an open task with the binding it was seen on,
// best effort, bounded by closeTimeout.
func (s *Session) cancelOnClose(t taskState) {
	ref := s.agentNamed(t.agent)
	if ref == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	m := s.newMove("Close", ClientName)
	c, err := m.client(ctx, ref, t.binding)
	if err != nil {
		return
	}
	defer c.Destroy()
	if task, err := c.CancelTask(ctx, &a2a.CancelTaskRequest{ID: t.id}); err == nil {
		s.observe(ref.name, t.binding, task)
	}
}

// shutdown ends everything the session started and waits for it.
func (s *Session) shutdown() {
	s.stop()
	s.runs.Wait()
	if s.kit != nil {
		s.kit.Close()
	}
	s.tr.Close()
	s.releaseWebhook()
	if c, ok := s.remote.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// Closed reports whether Close was called.
func (s *Session) Closed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// begin registers a move in flight; it fails once the session is closed.
func (s *Session) begin() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.runs.Add(1)
	return nil
}

// Transcript returns what the session recorded so far, as a transcript:
// the real ids the agents drew, and @at times from the wall clock, when
// each observation happened (to the millisecond, strictly increasing,
// see [capture.Recorder.WallClock]), so that its steps order as they
// happened. Participants are the parties that took
// part, client first and operator last; notes carry the deviations
// the session detected. Bodies the format cannot hold are left out with
// a note saying so. The result is a copy.
func (s *Session) Transcript() *replay.Transcript {
	return s.finish(s.rec.Transcript(s.title))
}

// Changes returns the session's transcript as Transcript does, but with
// only the exchanges that changed since vers (what the call before
// returned as now; nil at first) built, the others nil, the positions
// of those it built, and the exchanges' versions now. What it costs
// grows with what changed, not with the session (but for a pass over
// the versions).
func (s *Session) Changes(vers []int) (t *replay.Transcript, changed, now []int) {
	now = s.rec.Versions(nil)
	s.mu.Lock()
	for i := range now {
		now[i] += len(s.notes[i+1]) // a note changes the exchange too
	}
	s.mu.Unlock()
	for i, v := range now {
		if i >= len(vers) || vers[i] != v {
			changed = append(changed, i)
		}
	}
	return s.finish(s.rec.TranscriptOf(s.title, changed)), changed, now
}

// finish makes the recorder's transcript the session's: its exchanges
// (those it holds) named as the session knows its agents, with their
// notes, their bodies made fit for the format, and the lanes of those
// that took part.
func (s *Session) finish(t *replay.Transcript) *replay.Transcript {
	s.mu.Lock()
	notes := make(map[int][]string, len(s.notes))
	for k, v := range s.notes {
		notes[k] = append([]string(nil), v...)
	}
	s.mu.Unlock()

	for _, x := range t.Exchanges {
		if x == nil {
			continue
		}
		// The recorder names a remote target by its host; the session
		// knows its agents by their cards' URLs. A call outside A2A is
		// named from the path below the agent's URL, so an agent's
		// /deployer/approve/{id} is "approve" as the kit's is.
		if s.mode == Remote {
			if a, rest := s.agentAt(x.Request.URL, x.Channel == replay.ChannelOutOfBand); a != nil {
				x.To = a.name
				if x.Channel == replay.ChannelOutOfBand {
					x.Name, _ = capture.Classify(x.Request.Method, rest, []byte(x.Request.Body))
				}
			}
		}
		s.mu.Lock()
		s.used[x.From], s.used[x.To] = true, true
		s.mu.Unlock()
		x.Notes = append(x.Notes, notes[x.Seq]...)
		sanitize(x)
	}
	// Lanes: the client, the agents in the session's order, any other
	// host, the operator; of those an exchange names (the recorder's
	// participants hold every end of every exchange, and an agent's
	// host is named after the agent).
	urls := map[string]string{}
	for _, p := range t.Participants {
		if p.URL != "" {
			urls[p.Name] = p.URL
		}
	}
	for _, a := range s.agents {
		urls[a.name] = a.url
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var parts []replay.Participant
	seen := map[string]bool{}
	add := func(name string) {
		if s.used[name] && !seen[name] {
			seen[name] = true
			parts = append(parts, replay.Participant{Name: name, URL: urls[name]})
		}
	}
	add(ClientName)
	for _, a := range s.agents {
		add(a.name)
	}
	for _, p := range t.Participants {
		if p.Name != OperatorName {
			add(p.Name)
		}
	}
	add(OperatorName)
	t.Participants = parts
	return t
}

type SaveOptions = panel.SaveOptions

// NormalizedScenario is the scenario name whose deterministic ids
// ([capture.Normalize]) replace the ids of a normalised session.
const NormalizedScenario = "live"

// Save writes the session's transcript in the transcript format: as
// recorded, with the real times and ids, or normalised.
func (s *Session) Save(w io.Writer, o SaveOptions) error {
	t, err := s.transcriptFor(o)
	if err == nil {
		err = replay.Write(w, t)
	}
	if err != nil {
		return fmt.Errorf("live: saving the session: %w", err)
	}
	return nil
}

// transcriptFor returns the session's transcript as o asks.
func (s *Session) transcriptFor(o SaveOptions) (*replay.Transcript, error) {
	t := s.Transcript()
	if o.Normalize {
		s.mu.Lock()
		waits := slices.Clone(s.waits)
		s.mu.Unlock()
		// The poller's waits stay in the normalised save: a page that
		// backs off still does on the synthetic clock (roads.go).
		if err := capture.NormalizeWaits(t, NormalizedScenario, waits); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// note adds a note for the reader to exchange seq.
func (s *Session) note(seq int, text string) {
	if seq <= 0 || text == "" {
		return
	}
	s.mu.Lock()
	s.notes[seq] = append(s.notes[seq], strings.NewReplacer("\r", " ", "\n", " ").Replace(text))
	s.mu.Unlock()
	s.changed()
}

// agentNamed returns the session's agent with the given participant
// name, or nil.
func (s *Session) agentNamed(name string) *agentRef {
	for _, a := range s.agents {
		if a.name == name {
			return a
		}
	}
	return nil
}

// agentFor returns the agent a move addresses: the named one; else the
// one named def (a kit move's agent); else, for a move with no default
// (Send, or a task the session never saw), the only agent of the
// session.
func (s *Session) agentFor(named, def string) (*agentRef, error) {
	if named != "" {
		if a := s.agentNamed(named); a != nil {
			return a, nil
		}
		return nil, fmt.Errorf("live: no agent %q in this session (agents: %s)", named, s.agentNames())
	}
	if def != "" {
		if a := s.agentNamed(def); a != nil {
			return a, nil
		}
		return nil, fmt.Errorf("live: no %s in this session; name the agent (agents: %s)", def, s.agentNames())
	}
	if len(s.agents) == 1 {
		return s.agents[0], nil
	}
	return nil, fmt.Errorf("live: name the agent (agents: %s)", s.agentNames())
}

func (s *Session) agentNames() string {
	var n []string
	for _, a := range s.agents {
		n = append(n, a.name)
	}
	return strings.Join(n, ", ")
}

// ensureHost makes a remote session's transport proxy the host of u.
func (s *Session) ensureHost(u *url.URL) {
	if s.mode != Remote || u == nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proxied[u.Host] {
		return
	}
	s.proxied[u.Host] = true
	s.tr.Handle(u.Host, &proxy{scheme: u.Scheme, host: u.Host, rt: s.remote})
}
