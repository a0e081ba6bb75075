package agents

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// DeployArtifact is the name of the deployer's artifact.
const DeployArtifact = "deploy.json"

// Paths of the deployer's out-of-band endpoints; append the task id.
const (
	ApprovePath = "/approve/"
	RefusePath  = "/refuse/"
)

// A DeployRecord is the deployer's artifact: what was deployed where, and
// when it was approved.
type DeployRecord struct {
	TaskID      string    `json:"taskId"`
	Build       string    `json:"build"`
	Environment string    `json:"environment"`
	Status      string    `json:"status"` // "deployed"
	ApprovedAt  time.Time `json:"approvedAt"`
	DeployedAt  time.Time `json:"deployedAt"`
}

// ApproveURL returns the URL an operator POSTs to approve a deploy task.
func ApproveURL(deployerBaseURL string, taskID a2a.TaskID) string {
	return trimSlash(deployerBaseURL) + ApprovePath + string(taskID)
}

// RefuseURL returns the URL an operator POSTs to refuse a deploy task.
func RefuseURL(deployerBaseURL string, taskID a2a.TaskID) string {
	return trimSlash(deployerBaseURL) + RefusePath + string(taskID)
}

// approveLink finds an approve URL in text: an http or https URL with an
// ApprovePath segment, up to a space, a quote or an angle bracket.
var approveLink = regexp.MustCompile(`https?://[^\s"'<>]+` + ApprovePath + `[^\s"'<>]+`)

// FindApproveURL returns the approve URL a status message names, as the
// deployer's AUTH_REQUIRED message does and the planner's passes up,
// without the punctuation that ends a sentence; or "" when it names
// none.
func FindApproveURL(text string) string {
	return strings.TrimRight(approveLink.FindString(text), ".,;:)")
}

// RefuseURLBeside returns the refuse URL that goes with an approve URL
// ([ApproveURL]), or "" when approve is not one.
func RefuseURLBeside(approve string) string {
	i := strings.LastIndex(approve, ApprovePath)
	if i < 0 {
		return ""
	}
	return approve[:i] + RefusePath + approve[i+len(ApprovePath):]
}

// DecisionTask returns the task id an approve or refuse URL names: the
// path segment after ApprovePath or RefusePath, wherever the deployer
// sits; or "" when link is neither.
func DecisionTask(link string) a2a.TaskID {
	u, err := url.Parse(link)
	if err != nil {
		return ""
	}
	for _, verb := range []string{ApprovePath, RefusePath} {
		if i := strings.LastIndex(u.Path, verb); i >= 0 {
			id, _, _ := strings.Cut(u.Path[i+len(verb):], "/")
			return a2a.TaskID(id)
		}
	}
	return ""
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

// approvalText is the text of the deployer's AUTH_REQUIRED status
// message: where to approve. How the operator authenticates goes in the
// message's metadata (OperatorAuthKey).
func approvalText(url string) string {
	return "An operator must approve this deploy at " + url
}

// Where a deploy task stands, for the approval endpoints.
type deployState int

const (
	deployWorking  deployState = iota // before the wait is registered
	deployWaiting                     // waiting for an operator
	deployApproved                    // approved, deploying
	deployRefused                     // refused by an operator
	deployDone                        // ended without a decision: canceled, failed or shut down
	deployExpired                     // no operator decided in time
)

var deployStateNames = [...]string{
	deployWorking:  "it is not waiting for approval yet",
	deployWaiting:  "it is waiting for approval",
	deployApproved: "it was approved already",
	deployRefused:  "it was refused already",
	deployDone:     "it has ended without a decision",
	deployExpired:  "no operator decided in time and it has ended",
}

// A deployTask is the deployer's own record of one task.
type deployTask struct {
	state    deployState
	req      deployRequest
	decision chan decision // buffered; receives exactly one decision per wait
}

type decision struct {
	approve bool
	at      time.Time
}

type deployer struct {
	a       *Agent
	pending pending[deployAsking]
	token   string // the operator's token: see OperatorTokenPrefix

	mu    sync.Mutex
	tasks map[a2a.TaskID]*deployTask
}

// deployAsking is what the deployer remembers of a task between its
// question and the answer.
type deployAsking struct {
	req   deployRequest
	asked deployAsk
	times int // questions asked on the task so far
}

// NewDeployer returns the deployer. It deploys a build to an environment
// only after an operator approves that very task out of band with POST
// /approve/{taskId}; POST /refuse/{taskId} refuses it. Both need the
// operator's token, made fresh for this deployer ([Agent.OperatorToken]).
func NewDeployer(cfg Config) *Agent {
	d := &deployer{tasks: map[a2a.TaskID]*deployTask{}, token: NewOperatorToken()}
	card := &a2a.AgentCard{
		Name:               DeployerName,
		Description:        "Deploys a build to an environment once an operator approves the task out of band (POST /approve/{taskId} with the operator's token); waits in TASK_STATE_AUTH_REQUIRED until then and keeps the stream open.",
		Version:            Version,
		Capabilities:       a2a.AgentCapabilities{Streaming: true, PushNotifications: true},
		DefaultInputModes:  []string{"text/plain", MediaTypeJSON},
		DefaultOutputModes: []string{MediaTypeJSON, "text/plain"},
		Skills: []a2a.AgentSkill{{
			ID:   "deploy",
			Name: "Deploy a build",
			Description: "In a chat box, say which build to deploy where, in your own words; the deployer asks for what you leave out. " +
				`Programs may send {"build":"2026.10.06-1","environment":"staging"} as a data part or message metadata. ` +
				"An operator approves each deploy task, outside A2A and with the operator's own token, at the URL the AUTH_REQUIRED status message gives; the stream stays open until then.",
			Tags: []string{"deploy", "approval"},
			Examples: []string{
				"deploy 2026.10.06-1 to staging",
				"Please ship build 2026.10.06-1 to the staging environment.",
				"roll out 2026.10.06-1 on production",
			},
		}},
	}
	return newAgent(DeployerName, cfg, card, func(a *Agent) *executor {
		d.a = a
		a.operatorToken = d.token
		a.forget = d.forget
		a.pendingLen = d.pending.len
		return &executor{a: a, exec: d.execute, cancel: d.cancel}
	}, func(a *Agent, mux *http.ServeMux) {
		mux.HandleFunc("POST "+ApprovePath+"{taskId}", func(w http.ResponseWriter, r *http.Request) { d.decide(w, r, true) })
		mux.HandleFunc("POST "+RefusePath+"{taskId}", func(w http.ResponseWriter, r *http.Request) { d.decide(w, r, false) })
	})
}

func (d *deployer) setState(id a2a.TaskID, s deployState) {
	d.mu.Lock()
	if t := d.tasks[id]; t != nil {
		t.state = s
	}
	d.mu.Unlock()
}

// end marks a task ended unless an operator decided on it: the decision
// is what a later approval or refusal is told about.
func (d *deployer) end(id a2a.TaskID) {
	d.mu.Lock()
	if t := d.tasks[id]; t != nil && (t.state == deployWorking || t.state == deployWaiting) {
		t.state = deployDone
	}
	d.mu.Unlock()
}

// execute is the deployer's execution of one message. Every message that
// starts an execution needs its own approval: an approval is spent on the
// deploy it was given for (spec §7.6.4).
func (d *deployer) execute(ctx context.Context, r *run) {
	id := r.ec.TaskID
	var st deployAsking
	if task := r.ec.StoredTask; task == nil {
		if !r.submitted() {
			return
		}
	} else if task.Status.State == a2a.TaskStateInputRequired {
		var ok bool
		if st, ok = d.pending.take(id); !ok {
			r.status(a2a.TaskStateFailed, "I no longer hold this task's request; send a new deploy request as a new task.")
			return
		}
	}
	t, err := readDeploy(st.req, r.ec.Message, st.asked)
	if err != nil {
		r.status(a2a.TaskStateRejected, "I cannot deploy this: "+err.Error()+".")
		return
	}
	if t.ask != askNoDeploy {
		if st.times >= MaxDeployQuestions {
			r.status(a2a.TaskStateRejected, fmt.Sprintf("I asked %d times and still cannot tell which build to deploy to which environment, so I closed this task; nothing was deployed. Send a new request that names both, like \"deploy %s to %s\".", st.times, SampleBuild, SampleEnvironment))
			return
		}
		d.pending.put(id, deployAsking{req: t.req, asked: t.ask, times: st.times + 1})
		if !r.status(a2a.TaskStateInputRequired, askText(t.reason, t.question())) {
			d.pending.take(id)
			return
		}
		d.a.expireLater(id)
		return
	}
	req := t.req
	dt := &deployTask{req: req, decision: make(chan decision, 1)}
	d.mu.Lock()
	d.tasks[id] = dt
	d.mu.Unlock()
	defer d.end(id)

	if !r.status(a2a.TaskStateWorking, fmt.Sprintf("Preparing to deploy %s to %s.", req.Build, req.Environment)) {
		return
	}
	// Register the wait before telling anyone where to approve.
	d.setState(id, deployWaiting)
	if !r.statusMeta(a2a.TaskStateAuthRequired, approvalText(ApproveURL(d.a.cfg.BaseURL, id)), map[string]any{OperatorAuthKey: OperatorAuthText}) {
		return
	}
	timeout := time.NewTimer(d.a.waitTimeout())
	defer timeout.Stop()
	var dec decision
	for expiry := timeout.C; ; {
		select {
		case dec = <-dt.decision:
		case <-expiry:
			if d.expireWait(id) {
				r.status(a2a.TaskStateRejected, fmt.Sprintf("No operator decided within %s; nothing was deployed. Send the request again to deploy %s to %s.", duration(d.a.waitTimeout()), req.Build, req.Environment))
				return
			}
			expiry = nil // an operator decided at the last moment: the decision follows
			continue
		case <-ctx.Done():
			r.stopped("before an operator decided")
			return
		}
		break
	}
	if !dec.approve {
		r.status(a2a.TaskStateRejected, fmt.Sprintf("An operator refused the deploy of %s to %s; nothing was deployed.", req.Build, req.Environment))
		return
	}
	if !r.status(a2a.TaskStateWorking, fmt.Sprintf("Approved by an operator; deploying %s to %s.", req.Build, req.Environment)) {
		return
	}
	rec := DeployRecord{
		TaskID: string(id), Build: req.Build, Environment: req.Environment,
		Status: "deployed", ApprovedAt: dec.at, DeployedAt: d.a.cfg.now(),
	}
	if !r.artifact(DeployArtifact, fmt.Sprintf("Deploy of %s to %s", req.Build, req.Environment), rec) {
		return
	}
	r.status(a2a.TaskStateCompleted, fmt.Sprintf("Deployed %s to %s.", req.Build, req.Environment))
}

// expireWait ends a task's wait for a decision, unless an operator
// decided first; it reports whether the wait ended undecided.
func (d *deployer) expireWait(id a2a.TaskID) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if t := d.tasks[id]; t != nil && t.state == deployWaiting {
		t.state = deployExpired
		return true
	}
	return false
}

// forget drops the deployer's record of a task the store evicted.
func (d *deployer) forget(id a2a.TaskID) {
	d.mu.Lock()
	delete(d.tasks, id)
	d.mu.Unlock()
}

func (d *deployer) cancel(ctx context.Context, r *run) {
	if isExpiry(ctx) {
		if _, ok := d.pending.take(r.ec.TaskID); ok {
			r.status(a2a.TaskStateRejected, d.a.expiredText("answer"))
		}
		return
	}
	d.pending.take(r.ec.TaskID)
	d.end(r.ec.TaskID)
	cancelTask(ctx, r)
}

// decide serves POST /approve/{taskId} and POST /refuse/{taskId}. It
// decides under the lock, writes and flushes its whole response, and only
// then releases the waiting execution, so the reply always precedes the
// frames the decision causes.
//
// The operator's token is checked first, so that a caller without it
// learns nothing, not even whether the task exists, and changes nothing.
func (d *deployer) decide(w http.ResponseWriter, r *http.Request, approve bool) {
	if !checkOperator(w, r, d.token) {
		return
	}
	id := a2a.TaskID(r.PathValue("taskId"))
	verb, state := "refused", deployRefused
	if approve {
		verb, state = "approved", deployApproved
	}
	d.mu.Lock()
	t := d.tasks[id]
	if t == nil {
		d.mu.Unlock()
		httpError(w, http.StatusNotFound, fmt.Sprintf("no deploy task %s", id))
		return
	}
	if t.state != deployWaiting {
		why := deployStateNames[t.state]
		d.mu.Unlock()
		httpError(w, http.StatusConflict, fmt.Sprintf("task %s cannot be %s: %s", id, verb, why))
		return
	}
	t.state = state
	dec := decision{approve: approve, at: d.a.cfg.now()}
	req := t.req
	d.mu.Unlock()

	writeJSON(w, http.StatusOK, map[string]string{
		"taskId":      string(id),
		"decision":    verb,
		"build":       req.Build,
		"environment": req.Environment,
	})
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	// Release the execution last.
	t.decision <- dec
}
