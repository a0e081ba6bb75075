package test

import (
	"strings"
	"testing"

	"github.com/a2aplay/a2aplay/check"
	"github.com/a2aplay/a2aplay/replay"
)

// TestFindingsInInspector: the steps where check.Check finds a departure
// from the spec say so in the inspector, as text.
func TestFindingsInInspector(t *testing.T) {
	tb := newTab(t)
	for _, name := range []string{"12-stream-closes", "11-wrong-task"} {
		tr, err := replay.Parse(shippedNamed(t, name), name+".http")
		if err != nil {
			t.Fatal(err)
		}
		steps := replay.Steps(tr)
		fs := check.Check(tr)
		if len(fs) == 0 {
			t.Fatalf("%s: check finds nothing to show", name)
		}
		for _, f := range fs {
			k := check.StepOf(f, steps)
			tb.open(env.url + "#t=" + name + "&s=" + itoa(k))
			tb.at(name, k)
			notes := tb.text("#insp-notes")
			if !strings.Contains(notes, "Spec check "+f.String()) || eval[bool](tb, `document.getElementById("insp-notes").hidden`) {
				t.Errorf("%s step %d: the inspector's notes %q lack %q", name, k, notes, f.String())
			}
			tb.shot("finding-" + name)
		}
		// A step without findings shows none.
		tb.open(env.url + "#t=" + name + "&s=1")
		tb.at(name, 1)
		if strings.Contains(tb.text("#insp-notes"), "Spec check") && check.StepOf(fs[0], steps) != 1 {
			t.Errorf("%s step 1 shows a finding: %q", name, tb.text("#insp-notes"))
		}
	}
	tb.checkClean()
}
