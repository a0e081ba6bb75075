package test

// The Live panel's road chooser, end to end: each road played to the
// end in a deploy and in a review, through the page's own buttons, with
// the agents in the page; a webhook's arrivals drawn and opened in the
// inspector; and a remote session told plainly why it has no webhook.

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/live/panel"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/view"
)

// road presses a road of the chooser; poll at every seconds.
func (tb *tab) road(name string, every int) {
	tb.t.Helper()
	if name == "poll" {
		tb.setValues(map[string]string{"lv-poll-every": itoa(every)})
	}
	sel := `#lv-roads [data-road=` + name + `]`
	if eval[string](tb, `document.querySelector(`+js(sel)+`).getAttribute("aria-pressed")`) != "true" {
		tb.click(sel)
	}
	tb.wait(`document.querySelector(` + js(sel) + `).getAttribute("aria-pressed") === "true"`)
}

// approveTask approves a task in the operator panel.
func (tb *tab) approveTask(id string) string {
	tb.t.Helper()
	btn := `#lv-operator .lv-op-item[data-task="` + id + `"] button[data-decide=approve]`
	tb.wait(`!!document.querySelector(` + js(btn) + `)`)
	return tb.clickMove(btn, "#lv-operator")
}

// TestLiveRoadsDeploy deploys by each road and approves: the stream
// carries the end, a subscription made later does, the webhook's
// notifications do (push arrows, one opened in the inspector), and the
// page's polls do, each a GetTask step.
func TestLiveRoadsDeploy(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=deploy")
	for _, size := range []struct {
		w, h int64
		name string
	}{{1366, 768, "desktop"}, {390, 844, "phone"}} {
		tb.do(chromedp.EmulateViewport(size.w, size.h))
		tb.road("webhook", 0)
		eval[bool](tb, `(document.getElementById("lv-roads").scrollIntoView({block: "start"}), true)`)
		tb.keepScreenshot("live-roads-chooser-" + size.name)
	}
	tb.do(chromedp.EmulateViewport(1366, 768))
	first := "#lv-card-deploy .lv-step:nth-of-type(1)"
	// lastTask is the task the deploy card watches, once it is not prev:
	// the panel paints it from the worker's next state.
	prev := ""
	lastTask := func() string {
		tb.wait(`(c => !!c && c.title !== ` + js(prev) + `)(document.querySelector("#lv-deploy-watch code"))`)
		prev = eval[string](tb, `document.querySelector("#lv-deploy-watch code").title`)
		return prev
	}
	for i, road := range []string{"stream", "subscribe", "webhook", "poll"} {
		t.Run(road, func(t *testing.T) {
			tb.t = t
			tb.road(road, 1)
			mustContain(t, "the chooser's note", tb.text("#lv-road-note"), map[string]string{
				"stream": "Keep the stream", "subscribe": "Subscribe later", "webhook": "Webhook", "poll": "Poll every 1 s"}[road])
			// A deploy after one that ended is answered in the last
			// step; the road's watch and its moves stay in the first.
			at := first
			if i > 0 {
				at = "#lv-card-deploy .lv-step:nth-of-type(4)"
			}
			r := tb.clickMove("#lv-deploy", at)
			step := first
			mustContain(t, "deploy by "+road, r, "AUTH_REQUIRED")
			id := lastTask()
			switch road {
			case "stream":
				mustContain(t, "deploy by stream", r, "SendStreamingMessage", "stream #1 open", "Road: keep the stream")
			case "subscribe":
				mustContain(t, "deploy, subscribe later", r, "SendMessage", "Road: subscribe later")
				if strings.Contains(r, "stream #") {
					t.Errorf("a stream on the subscribe road: %q", r)
				}
				sub := tb.clickMove(step+" [data-road-subscribe]", step)
				mustContain(t, "SubscribeToTask now", sub, "SubscribeToTask", "stream #")
			case "webhook":
				mustContain(t, "deploy by webhook", r, "Road: webhook", "taskPushNotificationConfig")
				tb.waitText(step+" .lv-road-watch", "AUTH_REQUIRED")
			case "poll":
				mustContain(t, "deploy by poll", r, "Road: poll")
				// One ask before the approval: the road is in place.
				tb.waitText(step+" .lv-road-watch", "1 ask")
				mustContain(t, "the first poll", tb.lastResult(step), "GetTask · poll 1", "still waiting for the operator")
			}
			mustContain(t, "approve", tb.approveTask(id), "HTTP 200")
			tb.waitText("#lv-deploy-watch", "COMPLETED")
			switch road {
			case "webhook":
				tb.waitText(step+" .lv-road-watch", "COMPLETED")
				mustContain(t, "the webhook's arrivals", tb.text(step+" .lv-road-watch"), "notifications arrived")
				// Open the completion's notification in the inspector.
				tb.wait(`[...document.querySelectorAll("#diagram g.step.push")].length >= 3`)
				for _, size := range []struct {
					w, h int64
					name string
				}{{1366, 768, "desktop"}, {390, 844, "phone"}} {
					tb.do(chromedp.EmulateViewport(size.w, size.h))
					if size.name == "phone" {
						// The notification clicked at the desktop's size
						// is current: on the narrower stage it still shows.
						tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string { return "the current step, the stage narrowed" })
					}
					// Scrolled to and clicked; the current step, when it
					// is so at the phone's size, is shown whole again.
					eval[bool](tb, `(g => (g.scrollIntoView({block: "center"}), g.dispatchEvent(new MouseEvent("click", {bubbles: true})), true))([...document.querySelectorAll("#diagram g.step.push")].pop())`)
					tb.wait(`document.getElementById("insp-raw").textContent.toLowerCase().includes("a2a-notification-token: client-webhook-")`)
					// The page brings the step clicked into view (the
					// screenshot shows what the learner sees then).
					tb.waitQuiet(`(f => f.found && f.inView)(`+focusBox+`)`, func() string {
						return "the notification clicked at " + size.name + ": " + eval[string](tb, `JSON.stringify(`+focusBox+`)`)
					})
					mustContain(t, "the step opened", tb.text("#inspector"), "push", "deployer → client-webhook")
					mustContain(t, "the notification in the inspector", tb.text("#insp-raw"), "POST http://localhost:41250/notify/deployer", "TASK_STATE_")
					if size.name == "phone" { // the inspector is the dock's Step tab
						tb.click("#dock-step")
						tb.wait(`!document.getElementById("insp-raw").closest("[hidden]")`)
					}
					eval[bool](tb, `(document.getElementById("insp-raw").scrollIntoView({block: "center"}), true)`)
					tb.keepScreenshot("live-roads-webhook-arrival-" + size.name)
					if size.name == "phone" {
						tb.click("#dock-live")
						tb.wait(`!document.getElementById("lv-deploy").closest("[hidden]")`)
					}
				}
				tb.do(chromedp.EmulateViewport(1366, 768))
			case "poll":
				tb.waitText(step+" .lv-road-watch", "polling stopped")
				last := tb.lastResult(step)
				mustContain(t, "the last poll", last, "COMPLETED", "the task has ended")
				// The page polls on panel.PollWait's schedule: the last
				// ask says how long it waited, and that is the schedule's
				// wait for its number (1 s chosen: 2 s before ask 2, 4 s
				// before ask 3, ...).
				m := regexp.MustCompile(`Poll (\d+), (\d+) s after poll \d+`).FindStringSubmatch(last)
				if m == nil {
					t.Fatalf("the last poll does not say its wait: %q", last)
				}
				if n, wait := atoi(m[1]), atoi(m[2]); wait != panel.PollWait(1, n) {
					t.Errorf("poll %d waited %d s, want the schedule's %d", n, wait, panel.PollWait(1, n))
				}
			}
		})
	}
	tb.t = t

	// The session saved, with its pushes and polls: it parses, a2aplay
	// check finds nothing in it, and it opens in Replay like a capture.
	dir := tb.allowDownloads()
	tb.click("#lv-save")
	file := filepath.Join(dir, "a2aplay-live-session.http")
	tr, err := replay.Parse(waitFile(t, tb.ctx, file), "a2aplay-live-session.http")
	if err != nil {
		t.Fatalf("the saved session does not parse: %v", err)
	}
	pushes, polls := 0, 0
	for _, x := range tr.Exchanges {
		if x.Channel == replay.ChannelPush {
			pushes++
		}
		if strings.Contains(x.Request.Body, `"historyLength":1`) {
			polls++
		}
	}
	if pushes < 3 || polls < 2 {
		t.Errorf("the saved session has %d pushes and %d polls", pushes, polls)
	}
	for _, f := range check.Check(tr) {
		t.Errorf("a2aplay check finds in the saved session: %s (exchange %d): %s", f.Rule, f.Exchange, f.Msg)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{file}))
	tb.wait(`a2aplay.state().transcript === "a2aplay-live-session.http"`)
	if st := tb.state(); st.Steps != len(replay.Steps(tr)) {
		t.Errorf("the saved session in Replay: %+v, want %d steps", st, len(replay.Steps(tr)))
	}
	tb.checkClean()
}

// TestLiveRoadsReview sends the diff by each road and answers the
// question it brings: over the stream, after a subscription, at the
// webhook, in a poll's answer; the review completes each time.
func TestLiveRoadsReview(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=review")
	first := "#lv-card-review .lv-step:nth-of-type(1)"
	answers := "#lv-card-review .lv-step:nth-of-type(2)"
	for _, road := range []string{"stream", "subscribe", "webhook", "poll"} {
		t.Run(road, func(t *testing.T) {
			tb.t = t
			tb.road(road, 1)
			r := tb.clickMove("#lv-send-diff", first)
			switch road {
			case "stream":
				mustContain(t, "the diff by stream", r, "SendStreamingMessage", "INPUT_REQUIRED")
			case "subscribe":
				mustContain(t, "the diff, subscribe later", r, "Road: subscribe later", "returned at once")
				tb.clickMove(first+" [data-road-subscribe]", first)
			case "webhook":
				tb.waitText(first+" .lv-road-watch", "INPUT_REQUIRED")
			case "poll":
				tb.waitText(first+" .lv-road-watch", "INPUT_REQUIRED")
			}
			// The question can reach the client before a2a-go lets go of
			// the execution that asked it, which refuses an answer
			// meanwhile: the learner answers again.
			var ans string
			for try := 0; try < 10; try++ {
				tb.do(chromedp.SetValue(chromedp.CSS("#lv-review-text"), "main"))
				if ans = tb.clickMove("#lv-review-send", answers); strings.Contains(ans, "COMPLETED") {
					break
				}
			}
			mustContain(t, "the answer by "+road, ans, "COMPLETED")
			switch road {
			case "webhook":
				tb.waitText(first+" .lv-road-watch", "COMPLETED")
			case "poll":
				tb.waitText(first+" .lv-road-watch", "polling stopped")
			}
		})
	}
	tb.t = t
	tb.checkClean()
}

// TestLiveRoadsRemote: with a remote agent the webhook road is not
// offered, and the panel says why; polling works against it.
func TestLiveRoadsRemote(t *testing.T) {
	url := liveSiteURL(t)
	urls, _ := runAgents(t)
	tb := openLivePage(t, url+"#live=deploy")
	tb.road("webhook", 0)
	tb.click("#lv-remote")
	tb.do(chromedp.SetValue(chromedp.CSS("#lv-url"), strings.Join(urls, " ")))
	tb.click("#lv-connect")
	tb.waitText(".lv-status", "Connected")
	tb.wait(`document.querySelector("#lv-roads [data-road=webhook]").disabled`)
	mustContain(t, "the remote note", tb.text("#lv-road-note"), view.WebhookRemote)
	if got := eval[string](tb, `document.querySelector("#lv-roads [data-road=webhook]").title`); got != view.WebhookRemote {
		t.Errorf("the webhook button's title: %q", got)
	}
	tb.road("poll", 1)
	first := "#lv-card-deploy .lv-step:nth-of-type(1)"
	r := tb.clickMove("#lv-deploy", first)
	mustContain(t, "a remote deploy by poll", r, "AUTH_REQUIRED", "Road: poll")
	tb.waitText(first+" .lv-road-watch", "1 ask")
	tb.keepScreenshot("live-roads-remote")
}

// TestExerciseRoads plays be-there-when-it-resumes in the page: a
// subscription never made leaves the approval unheard (missed, with its
// hint), and a deploy by webhook then makes it done.
func TestExerciseRoads(t *testing.T) {
	const id = "be-there-when-it-resumes"
	tb := openLivePage(t, exerciseSiteURL(t)+"#live=deploy&ex="+id)
	tb.waitExState(id, "not tried")
	first := "#lv-card-deploy .lv-step:nth-of-type(1)"
	approve := func() {
		tb.t.Helper()
		id := eval[string](tb, `document.querySelector(`+js(first+" .lv-road-watch code")+`).title`)
		mustContain(t, "approve", tb.approveTask(id), "HTTP 200")
	}
	tb.road("subscribe", 0)
	tb.clickMove("#lv-deploy", first)
	approve() // and never subscribe
	tb.waitExState(id, "missed")
	mustContain(t, "the unheard road's hint", tb.text("#lv-exercises .lv-ex-line"), "held no stream, had given no webhook and had not asked", "§7.6.2")

	tb.road("webhook", 0)
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	tb.waitText(first+" .lv-road-watch", "AUTH_REQUIRED")
	approve()
	tb.waitText(first+" .lv-road-watch", "COMPLETED")
	tb.waitExState(id, "done")
	tb.keepScreenshot("exercise-roads-done")
	tb.checkClean()
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
