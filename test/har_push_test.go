package test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
	"github.com/a2aplay/a2aplay/replay/har"
)

// TestHARWebhookUnrecorded opens in the page a HAR whose SendMessage
// gives a webhook and which holds no notification, as any browser's HAR
// of the webhook road does: the check worker's note on that step says
// why they are missing (the agent POSTs them to the webhook's server;
// the browser neither sent nor received them).
func TestHARWebhookUnrecorded(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "check", "testdata", "rules", "push-unrecorded.http"))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := replay.Parse(text, "push-unrecorded.http")
	if err != nil {
		t.Fatal(err)
	}
	b, err := har.Marshal(tr)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "webhook.har")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	fromHAR, err := har.Read(b, "webhook.har")
	if err != nil {
		t.Fatal(err)
	}
	var f check.Finding
	for _, fd := range check.Check(fromHAR) {
		if fd.Rule == "push-unrecorded" {
			f = fd
		}
	}
	if f.Rule == "" || !strings.Contains(f.Msg, "a browser's HAR holds only what the browser sent and received") {
		t.Fatalf("check says nothing of the missing notifications: %+v", f)
	}
	k := check.StepOf(f, replay.Steps(fromHAR))

	tb := newTab(t)
	tb.open(env.url)
	tb.do(chromedp.SetUploadFiles(chromedp.CSS("#file"), []string{path}))
	tb.at("webhook.har", 0)
	tb.do(chromedp.Evaluate[chromedp.Void](`a2aplay.go(` + itoa(k) + `)`))
	tb.at("webhook.har", k)
	tb.wait(`document.getElementById("insp-notes").textContent.includes(` + js("Spec check "+f.String()) + `)`)
	tb.keepScreenshot("har-webhook-unrecorded")
	tb.checkClean()
}
