package diagram

import "github.com/a2aplay/a2aplay/replay"

// A laneTask is one task while its lane is laid out.
type laneTask struct {
	lane     int // its lane
	segments int // how many segments it has
	open     int // the index of its open segment in the lane, or -1
	firstRow int // the first and last rows that mention it
	lastRow  int //
	lastY    int // the arrow's height on the last row seen so far
	terminal bool
}

// lanes draws the task-state lanes right of the participants. Each task
// whose state the drawn steps know takes the leftmost lane free at its
// first row; a lane is free again one row after the last row that
// mentions its task. A task has a segment from its first row and from
// every step that changes its state; every segment a step starts is
// also drawn with that step (Row.Mark).
func (l *layouter) lanes() {
	tasks, taskOf := l.laneTasks()
	if len(tasks) == 0 {
		return
	}
	var ids []Line // the ids over segments, allocated at once
	lanes := l.g.Lanes
	for k, s := range l.drawn {
		if s.TaskID == "" || s.State == "" {
			continue
		}
		t := &tasks[taskOf[s.TaskID]]
		r := &l.drawnRows[k]
		if t.open >= 0 && !s.Changed {
			t.lastY = r.Y
			continue
		}
		l.endSegment(t, r.Y-10)
		t.lastY = r.Y
		sg := Segment{Lane: t.lane, TaskID: s.TaskID, State: s.State,
			Paused: replay.Interrupted(s.State), Terminal: replay.Terminal(s.State)}
		if s.Changed {
			sg.Step = s.ID
		}
		sg.Bar = Rect{Y: r.Y - 8}
		ln := &lanes[t.lane]
		if len(ln.Segments) > 0 && ln.Segments[len(ln.Segments)-1].TaskID != s.TaskID {
			ids = grown(ids)
			ids = append(ids, Line{Y: sg.Bar.Y - 6, Anchor: "start", Text: replay.ShortID(s.TaskID)})
			sg.ID = &ids[len(ids)-1]
		}
		t.open = len(ln.Segments)
		t.terminal = sg.Terminal
		ln.Segments = append(ln.Segments, sg)
		if s.Changed {
			r.Mark = &ln.Segments[t.open]
		}
	}
	for i := range tasks {
		l.endSegment(&tasks[i], tasks[i].lastY+12)
	}
	l.placeLanes()
}

// laneTasks finds the tasks whose state the drawn steps know, in order
// of their first rows, gives each its lane, and makes the lanes, each
// with room for all its segments: the rows keep pointers to them.
func (l *layouter) laneTasks() ([]laneTask, map[string]int) {
	var tasks []laneTask
	taskOf := map[string]int{}
	for k, s := range l.drawn {
		if s.TaskID == "" || s.State == "" {
			continue
		}
		i, ok := taskOf[s.TaskID]
		if !ok {
			i = len(tasks)
			taskOf[s.TaskID] = i
			tasks = append(tasks, laneTask{open: -1, firstRow: k})
		}
		t := &tasks[i]
		t.lastRow = k
		if !ok || s.Changed {
			t.segments++
		}
	}
	var busyUntil, segments []int // per lane
	for i := range tasks {
		t := &tasks[i]
		t.lane = -1
		for li, until := range busyUntil {
			if until < t.firstRow-1 {
				t.lane = li
				break
			}
		}
		if t.lane < 0 {
			t.lane = len(busyUntil)
			busyUntil, segments = append(busyUntil, 0), append(segments, 0)
			l.g.Lanes = append(l.g.Lanes, Lane{TaskID: l.drawn[t.firstRow].TaskID})
		}
		busyUntil[t.lane] = t.lastRow
		segments[t.lane] += t.segments
	}
	total := 0
	for _, n := range segments {
		total += n
	}
	all := make([]Segment, 0, total)
	for li, n := range segments {
		l.g.Lanes[li].Segments = all[len(all) : len(all) : len(all)+n]
		all = all[:len(all)+n]
	}
	return tasks, taskOf
}

// endSegment ends t's open segment at y; a terminal state's segment is
// a short bar ending in a dot.
func (l *layouter) endSegment(t *laneTask, y int) {
	if t.open < 0 {
		return
	}
	sg := &l.g.Lanes[t.lane].Segments[t.open]
	if t.terminal {
		y = sg.Bar.Y + 16
	}
	sg.Bar.H = max(y-sg.Bar.Y, 16)
	t.open = -1
}

// placeLanes places the lanes left to right, now that their segments
// are known, and widens the diagram to hold them.
func (l *layouter) placeLanes() {
	x := l.right + laneGap
	for li := range l.g.Lanes {
		ln := &l.g.Lanes[li]
		ln.X = x
		ln.Header = []Line{
			{X: x, Y: margin + 18, Anchor: "start", Text: "task"},
			{X: x, Y: margin + 36, Anchor: "start", Text: replay.ShortID(ln.TaskID)},
		}
		for j := range ln.Segments {
			sg := &ln.Segments[j]
			w := laneBarW
			if sg.Paused {
				w = lanePausedW
			}
			sg.Bar.X, sg.Bar.W = x+(lanePausedW-w)/2, w
			tx := x + lanePausedW + laneTextGap
			if sg.Paused {
				tx += pauseW + 2
			}
			sg.Text = Line{X: tx, Y: sg.Bar.Y + 12, Anchor: "start", Text: stateText(sg.State)}
			if sg.ID != nil {
				sg.ID.X = x
			}
		}
		x += laneWidth(ln) + laneGap/2
	}
	if n := len(l.g.Lanes); n > 0 {
		l.right = l.g.Lanes[n-1].X + laneWidth(&l.g.Lanes[n-1])
	}
}

// laneWidth is the width a lane needs: its bar and its widest label.
func laneWidth(ln *Lane) int {
	w := max(sans.width("task", smallSize), mono.width(replay.ShortID(ln.TaskID), smallSize+1))
	for _, sg := range ln.Segments {
		tw := lanePausedW + laneTextGap + sansBold.width(sg.Text.Text, smallSize)
		if sg.Paused {
			tw += pauseW + 2
		}
		w = max(w, tw)
	}
	return w
}
