package diagram

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/a2aplay/a2aplay/internal/golden"
	"github.com/a2aplay/a2aplay/replay"
)

// TestMermaidGolden writes every transcript as Mermaid text and compares
// it with testdata/NAME.mmd.
func TestMermaidGolden(t *testing.T) {
	all := transcripts(t)
	for _, name := range sortedNames(all) {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := WriteMermaid(&b, replay.Steps(all[name]), Options{Title: all[name].Title}); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", name+".mmd"), b.Bytes())
		})
	}
	var b bytes.Buffer
	if err := WriteMermaid(&b, replay.Steps(generate(2)), Options{Title: "steps 4 to 9", First: 4, Last: 9}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "gen-2-steps-4-9.mmd"), b.Bytes())
}

func TestMermaidText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SendMessage", "SendMessage"},
		{"a;b#c", "a#59;b#35;c"},
		{"<br/> & \"q\"", "#lt;br/#gt; #amp; #quot;q#quot;"},
		{"line\nbreak\ttab", "line break tab"},
		{"%%{init}%%", "#37;#37;{init}#37;#37;"},
		{"  padded  ", "padded"},
	}
	for _, tt := range tests {
		if got := mermaidText(tt.in); got != tt.want {
			t.Errorf("mermaidText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMermaidShape(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMermaid(&b, replay.Steps(generate(1)), Options{Title: "a deploy"}); err != nil {
		t.Fatal(err)
	}
	want := `sequenceDiagram
    title a deploy
    accDescr: Sequence diagram of 10 steps between planner, deployer and operator. Task 5e010000 goes SUBMITTED, then WORKING, then AUTH_REQUIRED, then WORKING, then COMPLETED. Steps 2 to 4 and 7 to 9 are frames of one stream. Steps 5 and 6 are plain HTTP outside A2A.
    participant p1 as planner
    participant p2 as deployer
    box rgba(13,148,136,0.12) outside A2A
    participant p3 as operator
    end
    rect rgba(37,99,235,0.07)
    Note over p1,p2: stream of step 1
    p1->>p2: 1 · SendStreamingMessage<br/>Deploy build 2026.10.06-1 to staging.
    p2-->>p1: 2 · frame 1: task 5e010000 SUBMITTED
    p2-->>p1: 3 · frame 2: statusUpdate WORKING
    p2-->>p1: 4 · frame 3: statusUpdate AUTH_REQUIRED<br/>An operator must approve this deploy at http://localhost:412…
    Note over p2: task 5e010000 waits in TASK_STATE_AUTH_REQUIRED
    rect rgba(13,148,136,0.14)
    Note over p3,p2: outside A2A
    p3->>p2: 5 · POST /approve/5e010000
    p2-->>p3: 6 · 200 OK<br/>{#quot;approved#quot;: true}
    end
    p2-->>p1: 7 · frame 4: statusUpdate WORKING
    p2-->>p1: 8 · frame 5: artifactUpdate deploy.json
    p2-->>p1: 9 · frame 6: statusUpdate COMPLETED
    Note over p2,p1: 10 · stream closed by server
    end
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("WriteMermaid (-want +got):\n%s", diff)
	}
}
