package test

// The approve link in the inspector's "Says" acts in the page instead of
// opening a dead tab: in a replay it goes to the step where the decision
// was sent, or says why it cannot; in Live with the in-page agents it
// opens the operator panel on that task.

import (
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/replay"
)

// saysLinkClick clicks the link in the inspector's "Says" and returns
// whether the page kept the browser from following it.
func (tb *tab) saysLinkClick() (href string, prevented bool) {
	tb.t.Helper()
	tb.wait(`!!document.querySelector("#insp-facts dd.says a[href]")`)
	href = eval[string](tb, `document.querySelector("#insp-facts dd.says a[href]").getAttribute("href")`)
	eval[bool](tb, `(window.__prevented = null, window.__watching || (window.__watching = true,
		addEventListener("click", e => { window.__prevented = e.defaultPrevented })), true)`)
	tb.click("#insp-facts dd.says a[href]")
	tb.wait(`window.__prevented !== null`)
	return href, eval[bool](tb, `window.__prevented`)
}

// authStep returns the first step of name in AUTH_REQUIRED, and the step
// that requests link, 0 when none does.
func authStep(t *testing.T, name string) (auth int, decision func(link string) int) {
	t.Helper()
	tr, err := replay.Parse(shippedNamed(t, name), name+".http")
	if err != nil {
		t.Fatal(err)
	}
	steps := replay.Steps(tr)
	for _, s := range steps {
		if s.State == replay.StateAuthRequired {
			auth = s.Index
			break
		}
	}
	if auth == 0 {
		t.Fatalf("%s has no step in AUTH_REQUIRED", name)
	}
	return auth, func(link string) int {
		for _, s := range steps {
			if s.Kind == replay.KindRequest && tr.Exchanges[s.Exchange-1].Request.URL == link {
				return s.Index
			}
		}
		return 0
	}
}

func TestApproveLinkReplay(t *testing.T) {
	tb := newTab(t)
	// 07: the operator approved; the link leads to that POST.
	k, decision := authStep(t, "07-auth-required")
	tb.open(env.url + "#t=07-auth-required&s=" + itoa(k))
	tb.at("07-auth-required", k)
	link, prevented := tb.saysLinkClick()
	if !prevented {
		t.Error("07: the approve link was followed into a tab")
	}
	d := decision(link)
	if d == 0 {
		t.Fatalf("07: no step requests %s", link)
	}
	tb.at("07-auth-required", d)
	mustContain(t, "the decision's step", tb.text("#insp-raw"), "POST "+link)

	// 07 without its decision (a file of the learner's): nothing was
	// sent to the approve link, and the page says why it cannot act.
	tr, err := replay.Parse(shippedNamed(t, "07-auth-required"), "waits.http")
	if err != nil {
		t.Fatal(err)
	}
	var kept []*replay.Exchange
	for _, e := range tr.Exchanges {
		if e.Request.URL != link {
			kept = append(kept, e)
		}
	}
	tr.Exchanges = kept
	var b strings.Builder
	if err := replay.Write(&b, tr); err != nil {
		t.Fatal(err)
	}
	if r := eval[map[string]any](tb, `a2aplay.load("waits.http", `+js(b.String())+`)`); r["error"] != nil {
		t.Fatalf("load: %v", r["error"])
	}
	eval[bool](tb, `(a2aplay.go(`+itoa(k)+`), true)`)
	tb.at("waits.http", k)
	if _, prevented = tb.saysLinkClick(); !prevented {
		t.Error("a replay without the decision: the approve link was followed into a tab")
	}
	tb.wait(`!!document.querySelector("#insp-facts .says-why")`)
	mustContain(t, "why it cannot", tb.text("#insp-facts .says-why"), "recorded", "POST", "operator", "Live")
	tb.at("waits.http", k)
	tb.keepScreenshot("approve-link-replay")
	tb.checkClean()
}

func TestApproveLinkLive(t *testing.T) {
	tb := openLivePage(t, liveSiteURL(t)+"#live=deploy")
	tb.clickMove("#lv-deploy", "#lv-card-deploy .lv-step:nth-of-type(1)")
	tb.wait(`!!document.querySelector("#lv-operator .lv-op-item button[data-decide=approve]")`)
	auth := eval[int](tb, `+document.querySelector('#diagram [data-state="TASK_STATE_AUTH_REQUIRED"][data-step]').dataset.step`)
	eval[bool](tb, `(a2aplay.go(`+itoa(auth)+`), true)`)
	tb.wait(`a2aplay.state().step === ` + itoa(auth))

	link, prevented := tb.saysLinkClick()
	if !prevented {
		t.Error("Live: the approve link was followed into a tab")
	}
	// The operator panel, on that task, the focus on its Approve.
	tb.wait(`(b => !!b && b.dataset.decide === "approve" && b.closest("li.asked").dataset.url === ` + js(link) + `)(document.activeElement)`)
	tb.wait(`(r => r.top >= 0 && r.bottom <= innerHeight)(document.activeElement.getBoundingClientRect())`)
	tb.keepScreenshot("approve-link-live")
	tb.press("\r") // Enter approves
	tb.waitText("#lv-card-deploy .lv-watch", "COMPLETED")

	// Decided: the link now leads to the step that sent the decision.
	eval[bool](tb, `(a2aplay.go(`+itoa(auth)+`), true)`)
	tb.wait(`a2aplay.state().step === ` + itoa(auth))
	if _, prevented := tb.saysLinkClick(); !prevented {
		t.Error("Live, decided: the approve link was followed into a tab")
	}
	tb.wait(`a2aplay.state().step !== ` + itoa(auth))
	if raw := tb.text("#insp-raw"); !strings.HasPrefix(raw, "POST "+link) {
		t.Errorf("after the decision the link leads to a step that is not its POST: %.80q", raw)
	}
	tb.checkClean()
}
