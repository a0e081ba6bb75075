package agents

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/a2aproject/a2a-go/v2/a2a"
)

// ListTasks (spec §3.1.4) as the kit's store answers it.
const (
	// DefaultListPageSize is how many tasks a page holds when the request
	// names no pageSize ("If unspecified, at most 50 tasks will be
	// returned", ListTasksRequest in a2a.proto).
	DefaultListPageSize = 50
	// MaxListPageSize is the largest pageSize a request may name; the
	// smallest is 1.
	MaxListPageSize = 100
)

// A listKey is what ListTasks reads of a stored task without decoding
// it: its context and state, the status timestamp it sorts by, and the
// store's count of writes when it was last written, which orders tasks
// whose timestamps are equal (a fixed Config.Clock makes them so).
type listKey struct {
	context string
	state   a2a.TaskState
	stamp   int64 // the status timestamp in Unix nanoseconds; 0 when there is none
	seq     uint64
}

// before reports whether a task keyed k comes before one keyed o in a
// listing: most recently updated first (§3.1.4: "sorted by their status
// timestamp time in descending order").
func (k listKey) before(o listKey) bool {
	if k.stamp != o.stamp {
		return k.stamp > o.stamp
	}
	return k.seq > o.seq
}

// index records what ListTasks needs of task t, just written as e. The
// caller holds s.mu.
func (s *store) index(e *storeEntry, t *a2a.Task) {
	s.updates++
	e.listed = listKey{context: t.ContextID, state: t.Status.State, seq: s.updates}
	if t.Status.Timestamp != nil {
		e.listed.stamp = t.Status.Timestamp.UnixNano()
	}
}

// listStates are the states a ListTasks status filter may name.
var listStates = []a2a.TaskState{
	a2a.TaskStateSubmitted, a2a.TaskStateWorking, a2a.TaskStateInputRequired, a2a.TaskStateAuthRequired,
	a2a.TaskStateCompleted, a2a.TaskStateFailed, a2a.TaskStateCanceled, a2a.TaskStateRejected,
}

// List implements taskstore.Store: ListTasks (§3.1.4). The kit
// authenticates nobody, so every caller is the same anonymous user and
// sees every task that user created, as GetTask does; tasks created by
// an authenticated user (none in the kit) are seen only by that user.
// Listing hands out task ids, which are no secret: the deployer's
// approve and refuse endpoints need the operator's own credential, not
// just the id.
//
// Tasks come most recently updated first (their status timestamp, then
// the order of the store's writes), pageSize at a time (50 by default,
// 1 to 100), each page's nextPageToken a cursor after its last task, ""
// on the last page. totalSize counts the tasks that pass the filters
// (contextId, status, statusTimestampAfter: timestamp at or after it).
// historyLength keeps the last messages of each task's history (unset:
// all; 0: none, and the field is omitted); artifacts are omitted unless
// includeArtifacts is true. A bad parameter is answered with
// InvalidParamsError naming each one wrong (JSON-RPC -32602, HTTP+JSON
// 400 INVALID_ARGUMENT): a pageSize out of range, 0 included when the
// request names it (the request's handler marks that, namedPageSize),
// an unknown status, a negative historyLength, a pageToken this store
// did not give.
func (s *store) List(ctx context.Context, req *a2a.ListTasksRequest) (*a2a.ListTasksResponse, error) {
	var bad []string
	size := req.PageSize
	switch {
	case size == 0 && !pageSizeNamed(ctx):
		size = DefaultListPageSize
	case size < 1 || size > MaxListPageSize:
		bad = append(bad, fmt.Sprintf("pageSize %d: must be between 1 and %d inclusive (or left out, for %d)", size, MaxListPageSize, DefaultListPageSize))
	}
	status := req.Status
	if status == "TASK_STATE_UNSPECIFIED" {
		status = a2a.TaskStateUnspecified // what a2a-go's JSON decoding makes of it too
	}
	if status != a2a.TaskStateUnspecified && !slices.Contains(listStates, status) {
		names := make([]string, len(listStates))
		for i, st := range listStates {
			names[i] = string(st)
		}
		bad = append(bad, fmt.Sprintf("status %s: not a task state; one of %s", quoteClip(string(status), 40), strings.Join(names, ", ")))
	}
	if req.HistoryLength != nil && *req.HistoryLength < 0 {
		bad = append(bad, fmt.Sprintf("historyLength %d: must not be negative", *req.HistoryLength))
	}
	var cursor *listKey
	if req.PageToken != "" {
		k, ok := decodePageToken(req.PageToken)
		if !ok {
			bad = append(bad, fmt.Sprintf("pageToken %s: not a nextPageToken this agent gave", quoteClip(req.PageToken, 40)))
		}
		cursor = &k
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("%w: %s", a2a.ErrInvalidParams, strings.Join(bad, "; "))
	}
	var after int64
	if req.StatusTimestampAfter != nil {
		after = req.StatusTimestampAfter.UnixNano()
	}

	type hit struct {
		key  listKey
		data []byte
	}
	var hits []hit
	caller := user(ctx)
	s.mu.Lock()
	for _, e := range s.tasks {
		k := e.listed
		switch {
		case e.user != caller,
			req.ContextID != "" && k.context != req.ContextID,
			status != a2a.TaskStateUnspecified && k.state != status,
			req.StatusTimestampAfter != nil && (k.stamp == 0 || k.stamp < after):
			continue
		}
		hits = append(hits, hit{k, e.data})
	}
	s.mu.Unlock()

	slices.SortFunc(hits, func(a, b hit) int {
		switch {
		case a.key.before(b.key):
			return -1
		case b.key.before(a.key):
			return 1
		}
		return 0
	})
	resp := &a2a.ListTasksResponse{Tasks: []*a2a.Task{}, TotalSize: len(hits), PageSize: size}
	page := hits
	if cursor != nil {
		start, _ := slices.BinarySearchFunc(hits, *cursor, func(h hit, c listKey) int {
			if c.before(h.key) {
				return 1 // h comes after the cursor: the page starts here or later
			}
			return -1 // h is the cursor's task, or comes before it
		})
		page = hits[start:]
	}
	if len(page) > size {
		page = page[:size]
		resp.NextPageToken = encodePageToken(page[size-1].key)
	}
	for _, h := range page {
		var t a2a.Task
		if err := gob.NewDecoder(bytes.NewReader(h.data)).Decode(&t); err != nil {
			return nil, fmt.Errorf("reading a stored task: %w", err)
		}
		if req.HistoryLength != nil {
			if n := *req.HistoryLength; n == 0 {
				t.History = nil // §3.2.4: the field SHOULD be omitted
			} else if len(t.History) > n {
				t.History = t.History[len(t.History)-n:]
			}
		}
		if !req.IncludeArtifacts {
			t.Artifacts = nil // §3.1.4: omitted entirely
		}
		resp.Tasks = append(resp.Tasks, &t)
	}
	return resp, nil
}

// A page token is the listKey of the page's last task, as
// "v1.<unix nanoseconds>.<write count>" in unpadded base64url: opaque to
// clients, and checked when it comes back.
const pageTokenPrefix = "v1."

func encodePageToken(k listKey) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%s%d.%d", pageTokenPrefix, k.stamp, k.seq))
}

func decodePageToken(tok string) (listKey, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		return listKey{}, false
	}
	rest, ok := strings.CutPrefix(string(raw), pageTokenPrefix)
	if !ok {
		return listKey{}, false
	}
	ns, sq, ok := strings.Cut(rest, ".")
	if !ok {
		return listKey{}, false
	}
	nanos, err1 := strconv.ParseInt(ns, 10, 64)
	seq, err2 := strconv.ParseUint(sq, 10, 64)
	if err1 != nil || err2 != nil || seq == 0 {
		return listKey{}, false
	}
	return listKey{stamp: nanos, seq: seq}, true
}

// pageSizeKey marks a request context whose ListTasks request names
// pageSize: a2a-go's ListTasksRequest holds it as a plain int, where an
// explicit 0 (below the minimum of 1) and no pageSize at all (the
// default) look the same.
type pageSizeKey struct{}

func pageSizeNamed(ctx context.Context) bool {
	named, _ := ctx.Value(pageSizeKey{}).(bool)
	return named
}

// namedPageSize marks, in the request's context, a ListTasks request
// that names pageSize: over HTTP+JSON (GET RESTPath/tasks) as a query
// parameter with a value, over JSON-RPC as a member of params (not
// null). The body,
// already read whole by limitBody, is given back unchanged.
func namedPageSize(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		named := false
		switch {
		case r.Method == http.MethodGet && strings.TrimSuffix(r.URL.Path, "/") == RESTPath+"/tasks":
			named = r.URL.Query().Get("pageSize") != "" // a2a-go reads an empty value as none
		case r.Method == http.MethodPost && r.Body != nil && r.Body != http.NoBody:
			body, err := io.ReadAll(r.Body)
			r.Body.Close()
			r.Body = io.NopCloser(bytes.NewReader(body))
			if err == nil && bytes.Contains(body, []byte(`"ListTasks"`)) {
				var call struct {
					Method string                     `json:"method"`
					Params map[string]json.RawMessage `json:"params"`
				}
				if json.Unmarshal(body, &call) == nil && call.Method == "ListTasks" {
					v, ok := call.Params["pageSize"]
					named = ok && string(v) != "null"
				}
			}
		}
		if named {
			r = r.WithContext(context.WithValue(r.Context(), pageSizeKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}
