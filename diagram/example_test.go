package diagram_test

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/a2aplay/a2aplay/diagram"
	"github.com/a2aplay/a2aplay/replay"
)

// A question and its answer on one task, as in the seeds' 06.
func exampleTranscript() *replay.Transcript {
	at := func(ms int) time.Time { return time.Date(2026, 10, 6, 9, 0, 0, ms*int(time.Millisecond), time.UTC) }
	task := `"id":"e5c95b09-6d4b-4b3b-8693-91e81472d12f","contextId":"49c5a238-4158-455d-8d63-b2cb39c0ecac"`
	return &replay.Transcript{
		Title: "the review question and its answer",
		Exchanges: []*replay.Exchange{{
			Seq: 1, From: "planner", To: "code-reviewer",
			Request: replay.Request{At: at(0), Method: "POST", URL: "http://localhost:41242/",
				Body: `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"parts":[{"text":"Review this diff."}]}}}`},
			Response: &replay.Response{At: at(250), StatusCode: 200, Status: "OK",
				Body: `{"jsonrpc":"2.0","id":1,"result":{"task":{` + task + `,"status":{"state":"TASK_STATE_INPUT_REQUIRED","message":{"parts":[{"text":"Which base branch?"}]}}}}}`},
		}, {
			Seq: 2, From: "planner", To: "code-reviewer",
			Request: replay.Request{At: at(500), Method: "POST", URL: "http://localhost:41242/",
				Body: `{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"taskId":"e5c95b09-6d4b-4b3b-8693-91e81472d12f","parts":[{"text":"main"}]}}}`},
			Response: &replay.Response{At: at(750), StatusCode: 200, Status: "OK",
				Body: `{"jsonrpc":"2.0","id":2,"result":{"task":{` + task + `,"status":{"state":"TASK_STATE_COMPLETED"}}}}`},
		}},
	}
}

func ExampleWriteMermaid() {
	t := exampleTranscript()
	diagram.WriteMermaid(os.Stdout, replay.Steps(t), diagram.Options{Title: t.Title})
	// Output:
	// sequenceDiagram
	//     title the review question and its answer
	//     accDescr: Sequence diagram of 4 steps between planner and code-reviewer. Task e5c95b09 goes INPUT_REQUIRED, then COMPLETED.
	//     participant p1 as planner
	//     participant p2 as code-reviewer
	//     p1->>p2: 1 · SendMessage<br/>Review this diff.
	//     p2-->>p1: 2 · task e5c95b09 INPUT_REQUIRED<br/>Which base branch?
	//     Note over p2: task e5c95b09 waits in TASK_STATE_INPUT_REQUIRED
	//     p1->>p2: 3 · SendMessage (task e5c95b09)<br/>main
	//     p2-->>p1: 4 · task e5c95b09 COMPLETED
}

func ExampleLayout() {
	t := exampleTranscript()
	g := diagram.Layout(replay.Steps(t), diagram.Options{Title: t.Title, First: 3, Last: 4})
	for _, r := range g.Rows {
		var label []string
		for _, l := range r.Label {
			label = append(label, l.Text)
		}
		fmt.Printf("%s %-7s %q y=%d\n", r.Step, r.Kind, strings.Join(label, " "), r.Y)
	}
	var b strings.Builder
	if err := diagram.WriteSVG(&b, g); err != nil {
		fmt.Println(err)
	}
	fmt.Println(strings.Contains(b.String(), `<g class="step request st-input-required" id="s3" data-step="3"`))
	// Output:
	// s3 request "SendMessage (task e5c95b09)" y=145
	// s4 reply   "task e5c95b09" y=201
	// true
}
