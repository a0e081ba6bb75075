package agents

import (
	"bytes"
	"container/list"
	"context"
	"encoding/gob"
	"fmt"
	"sync"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	"github.com/a2aproject/a2a-go/v2/a2asrv/taskstore"
)

// DefaultMaxTasks is how many tasks an agent keeps by default.
const DefaultMaxTasks = 1000

// ErrTooManyTasks is the error of a request that would start a task while
// an agent holds its limit of tasks and none of them has finished.
var ErrTooManyTasks = fmt.Errorf("%w: the agent holds as many unfinished tasks as it may; try again when some have ended", a2a.ErrInternalError)

// A store is the kit's task store: a2a-go's taskstore.Store with a limit.
// It holds at most max tasks; when a new task would pass the limit, the
// task that finished (reached a terminal state) longest ago is evicted
// and forgotten, so a later GetTask on it answers task not found. Tasks
// still running or waiting are never evicted: they end by themselves, by
// cancelation, or when their wait expires. Tasks are kept gob-encoded,
// which is also how a2a-go's in-memory store copies them.
type store struct {
	max     int
	onEvict func(a2a.TaskID) // called without the lock held

	mu       sync.Mutex
	tasks    map[a2a.TaskID]*storeEntry
	finished list.List // of a2a.TaskID, oldest finished first
	updates  uint64    // counts writes: the order of updates, for ListTasks
}

type storeEntry struct {
	data     []byte // the gob-encoded task
	version  taskstore.TaskVersion
	user     string
	finished *list.Element // set once the task is in a terminal state
	listed   listKey       // what ListTasks filters and sorts by (list.go)
}

var _ taskstore.Store = (*store)(nil)

func newStore(max int, onEvict func(a2a.TaskID)) *store {
	if max <= 0 {
		max = DefaultMaxTasks
	}
	return &store{max: max, onEvict: onEvict, tasks: map[a2a.TaskID]*storeEntry{}}
}

func user(ctx context.Context) string {
	if cc, ok := a2asrv.CallContextFrom(ctx); ok && cc.User != nil {
		return cc.User.Name
	}
	return ""
}

func encodeTask(t *a2a.Task) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(t); err != nil {
		return nil, fmt.Errorf("storing task %s: %w", t.ID, err)
	}
	return buf.Bytes(), nil
}

// Create implements taskstore.Store.
func (s *store) Create(ctx context.Context, task *a2a.Task) (taskstore.TaskVersion, error) {
	data, err := encodeTask(task)
	if err != nil {
		return taskstore.TaskVersionMissing, err
	}
	var evicted []a2a.TaskID
	defer func() {
		for _, id := range evicted {
			s.onEvict(id)
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tasks[task.ID] != nil {
		return taskstore.TaskVersionMissing, taskstore.ErrTaskAlreadyExists
	}
	for len(s.tasks) >= s.max {
		front := s.finished.Front()
		if front == nil {
			return taskstore.TaskVersionMissing, ErrTooManyTasks
		}
		id := s.finished.Remove(front).(a2a.TaskID)
		delete(s.tasks, id)
		if s.onEvict != nil {
			evicted = append(evicted, id)
		}
	}
	e := &storeEntry{data: data, version: 1, user: user(ctx)}
	s.tasks[task.ID] = e
	s.index(e, task)
	s.markFinished(e, task)
	return e.version, nil
}

func (s *store) markFinished(e *storeEntry, t *a2a.Task) {
	if e.finished == nil && t.Status.State.Terminal() {
		e.finished = s.finished.PushBack(t.ID)
	}
}

// Update implements taskstore.Store.
func (s *store) Update(ctx context.Context, req *taskstore.UpdateRequest) (taskstore.TaskVersion, error) {
	data, err := encodeTask(req.Task)
	if err != nil {
		return taskstore.TaskVersionMissing, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.tasks[req.Task.ID]
	if e == nil || e.user != user(ctx) {
		return taskstore.TaskVersionMissing, a2a.ErrTaskNotFound
	}
	if req.PrevVersion != taskstore.TaskVersionMissing && e.version != req.PrevVersion {
		return taskstore.TaskVersionMissing, taskstore.ErrConcurrentModification
	}
	e.data = data
	e.version++
	s.index(e, req.Task)
	s.markFinished(e, req.Task)
	return e.version, nil
}

// Get implements taskstore.Store.
func (s *store) Get(ctx context.Context, id a2a.TaskID) (*taskstore.StoredTask, error) {
	s.mu.Lock()
	e := s.tasks[id]
	var data []byte
	var version taskstore.TaskVersion
	var owner string
	if e != nil {
		data, version, owner = e.data, e.version, e.user
	}
	s.mu.Unlock()
	// A task of another user is not found (§3.3.2: no telling apart).
	if e == nil || owner != user(ctx) {
		return nil, a2a.ErrTaskNotFound
	}
	var t a2a.Task
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&t); err != nil {
		return nil, fmt.Errorf("reading stored task %s: %w", id, err)
	}
	return &taskstore.StoredTask{Task: &t, Version: version, User: owner}, nil
}

// len is how many tasks the store holds, for tests.
func (s *store) len() (all, finished int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.tasks), s.finished.Len()
}
