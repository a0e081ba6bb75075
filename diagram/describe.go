package diagram

import (
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/replay"
)

// arias says each step in words, for assistive technology. The texts
// are cut from one string, to allocate once.
func arias(drawn []*replay.Step) []string {
	size := 0
	for _, s := range drawn {
		size += 64 + len(s.From) + len(s.To) + len(s.Label) + len(s.Detail)
	}
	var b strings.Builder
	b.Grow(size)
	ends := make([]int, len(drawn))
	var num [20]byte
	for k, s := range drawn {
		b.WriteString("Step ")
		b.Write(strconv.AppendInt(num[:0], int64(s.Index), 10))
		if s.Kind == replay.KindFrame && s.Frame > 0 {
			b.WriteString(", frame ")
			b.Write(strconv.AppendInt(num[:0], int64(s.Frame), 10))
		}
		b.WriteString(": ")
		if s.Kind == replay.KindClose {
			b.WriteString(s.Label)
		} else {
			b.WriteString(displayName(s.From))
			b.WriteString(" to ")
			b.WriteString(displayName(s.To))
			b.WriteString(", ")
			b.WriteString(s.Label)
			if s.Version == replay.V03 {
				b.WriteString(", in " + v03Tag)
			}
		}
		if s.OutOfBand {
			b.WriteString(", " + outsideA2A)
		}
		if s.Changed && replay.Interrupted(s.State) {
			b.WriteString(", the task waits")
		}
		if s.Detail != "" {
			b.WriteString(". ")
			b.WriteString(s.Detail)
		}
		ends[k] = b.Len()
	}
	return cut(b.String(), ends)
}

// describe summarises the drawn steps in words: who takes part, what
// each task goes through, which steps are frames and which travel
// outside A2A. all is the number of steps in the transcript.
func describe(drawn []*replay.Step, all int, names []string) string {
	if len(drawn) == 0 {
		return "No steps."
	}
	var b strings.Builder
	first, last := drawn[0].Index, drawn[len(drawn)-1].Index
	b.WriteString("Sequence diagram of ")
	if first == last {
		b.WriteString("step " + strconv.Itoa(first))
	} else if len(drawn) == all {
		b.WriteString(strconv.Itoa(len(drawn)) + " steps")
	} else {
		b.WriteString("steps " + strconv.Itoa(first) + " to " + strconv.Itoa(last))
	}
	b.WriteString(" between ")
	disp := make([]string, len(names))
	for i, n := range names {
		disp[i] = displayName(n)
	}
	b.WriteString(joinWords(disp))
	b.WriteString(".")
	describeTasks(&b, drawn)
	describeFrames(&b, drawn)
	return b.String()
}

// describeTasks says the states each task goes through. A task that is
// already in a state when the range starts "is" in it; one seen from its
// first report "goes" through its states.
func describeTasks(b *strings.Builder, drawn []*replay.Step) {
	var tasks grouping
	for k, s := range drawn {
		if s.TaskID == "" || s.State == "" {
			continue
		}
		if tasks.add(s.TaskID, k, s.Changed) {
			tasks.flag = append(tasks.flag, !s.Changed)
		}
	}
	tasks.done()
	for t, id := range tasks.keys {
		b.WriteString(" Task ")
		b.WriteString(replay.ShortID(id))
		if tasks.flag[t] {
			b.WriteString(" is ")
		} else {
			b.WriteString(" goes ")
		}
		for i, k := range tasks.members(t) {
			if i > 0 {
				b.WriteString(", then ")
			}
			b.WriteString(replay.ShortState(drawn[k].State))
		}
		b.WriteString(".")
	}
}

// describeFrames says which steps are the frames of each stream, which
// travel outside A2A, and which are push notifications.
func describeFrames(b *strings.Builder, drawn []*replay.Step) {
	var groups grouping
	var oob, push, v03, n []int
	for k, s := range drawn {
		if s.Version == replay.V03 {
			v03 = append(v03, s.Index)
		}
		if s.Kind == replay.KindFrame && s.Group != "" {
			groups.add(s.Group, k, true)
		}
		if s.OutOfBand {
			oob = append(oob, s.Index)
		}
		if s.Kind == replay.KindPush {
			push = append(push, s.Index)
		}
	}
	groups.done()
	for g := range groups.keys {
		n = n[:0]
		for _, k := range groups.members(g) {
			n = append(n, drawn[k].Index)
		}
		stepsAre(b, n, "a frame of one stream", "frames of one stream")
	}
	stepsAre(b, oob, "plain HTTP outside A2A", "plain HTTP outside A2A")
	stepsAre(b, push, "a push notification", "push notifications")
	stepsAre(b, v03, "in A2A v0.3", "in A2A v0.3")
}

// stepsAre writes " Step 3 is one." or " Steps 3 to 5 are many.", or
// nothing for no steps.
func stepsAre(b *strings.Builder, n []int, one, many string) {
	if len(n) == 0 {
		return
	}
	if len(n) > 1 {
		one = many
	}
	b.WriteString(" ")
	writeRanges(b, n, "Step", "Steps")
	b.WriteString(" " + isAre(n) + " " + one + ".")
}

// A grouping gathers positions by key, keeping the keys in order of
// first appearance and each key's positions in order, in a few flat
// slices rather than a slice per key.
type grouping struct {
	keys  []string
	flag  []bool // a flag per key, for the caller
	index map[string]int
	of    []int // the key of each position added, in order
	pos   []int // the positions added
	start []int // after done, key i's positions are flat[start[i]:start[i+1]]
	flat  []int
}

// add adds position k under key when with is true or the key is new,
// and reports whether the key is new.
func (g *grouping) add(key string, k int, with bool) bool {
	if g.index == nil {
		g.index = map[string]int{}
	}
	i, ok := g.index[key]
	if !ok {
		i = len(g.keys)
		g.index[key] = i
		g.keys = append(g.keys, key)
	}
	if !ok || with {
		g.of, g.pos = append(g.of, i), append(g.pos, k)
	}
	return !ok
}

// done sorts the positions by key, keeping their order within a key.
func (g *grouping) done() {
	g.start = make([]int, len(g.keys)+1)
	for _, i := range g.of {
		g.start[i+1]++
	}
	for i := range g.keys {
		g.start[i+1] += g.start[i]
	}
	next := append([]int(nil), g.start[:len(g.keys)]...)
	g.flat = make([]int, len(g.pos))
	for j, i := range g.of {
		g.flat[next[i]] = g.pos[j]
		next[i]++
	}
}

func (g *grouping) members(i int) []int { return g.flat[g.start[i]:g.start[i+1]] }

func isAre(n []int) string {
	if len(n) == 1 {
		return "is"
	}
	return "are"
}

// writeRanges writes sorted step numbers as "Steps 2 to 4 and 7 to 9".
func writeRanges(b *strings.Builder, n []int, one, many string) {
	var num [20]byte
	if len(n) == 1 {
		b.WriteString(one + " ")
		b.Write(strconv.AppendInt(num[:0], int64(n[0]), 10))
		return
	}
	b.WriteString(many + " ")
	// The runs of consecutive numbers: a run of two is two parts.
	parts := 0
	for i := 0; i < len(n); i = runEnd(n, i) + 1 {
		if runEnd(n, i) == i+1 {
			parts++
		}
		parts++
	}
	part := 0
	put := func(v int) {
		part++
		switch {
		case part == 1:
		case part == parts:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.Write(strconv.AppendInt(num[:0], int64(v), 10))
	}
	for i := 0; i < len(n); {
		j := runEnd(n, i)
		switch {
		case j == i:
			put(n[i])
		case j == i+1:
			put(n[i])
			put(n[j])
		default:
			put(n[i])
			b.WriteString(" to ")
			b.Write(strconv.AppendInt(num[:0], int64(n[j]), 10))
		}
		i = j + 1
	}
}

// runEnd is the end of the run of consecutive numbers that starts at i.
func runEnd(n []int, i int) int {
	for i+1 < len(n) && n[i+1] == n[i]+1 {
		i++
	}
	return i
}

// joinWords joins "a", "b" and "c" as "a, b and c".
func joinWords(w []string) string {
	switch len(w) {
	case 0:
		return ""
	case 1:
		return w[0]
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}
