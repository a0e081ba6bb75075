package replay

import "github.com/a2aplay/a2aplay/jsonread"

// wire is a lenient view of any A2A JSON body: a JSON-RPC request or
// response, or an HTTP+JSON body, and the Task, Message and events inside.
// Only the fields Steps needs are read.
//
// [decode] reads a body into it with a [jsonread.Reader] the way
// encoding/json's Unmarshal would read it into these structs with the
// field names below as tags, and Steps relies on what that means: keys
// match field names without regard to case, the last of two equal keys
// wins (an object read twice into one struct merges), values of the
// wrong type are left out, and a text that is not JSON reads as nothing
// at all. The fuzz test FuzzDecode holds the two to each other.
type wire struct {
	JSONRPC string
	Method  string
	Params  *wire
	Result  *wire
	Error   *wireError
	ID      string // JSON-RPC id, task id, or a params id: the value's JSON text

	// Task, Message and event fields.
	TaskID    string
	ContextID string
	Status    *wireStatus
	Parts     []wirePart
	Artifacts []wireArt
	Artifact  *wireArt

	// SendMessage and stream wrappers, and request params.
	Task           *wire
	Message        *wire
	StatusUpdate   *wire
	ArtifactUpdate *wire

	// Agent card fields: the values' JSON text, "" when absent.
	Name                string
	SupportedInterfaces string
	Skills              string

	// A2A v0.3's fields: the object's kind ("task", "status-update"),
	// and the JSON text of a frame's final flag.
	Kind  string
	Final string
}

type wireError struct {
	Code    int
	Message string
}

type wireStatus struct {
	State     string
	Message   *wire
	Timestamp string
}

type wirePart struct {
	Text      string
	Data      string // the value's JSON text, "" when absent
	URL       string
	Filename  string
	MediaType string
}

type wireArt struct {
	ArtifactID string
	Name       string
	Parts      []wirePart
}

// decode reads a JSON object leniently into w: fields of unexpected
// types are left out. It reports whether body was a JSON object at all;
// when it was not, w is left zero.
func decode(body string, w *wire) bool {
	r := jsonread.NewReader(body)
	if r.Peek() != '{' {
		return false
	}
	r.ReadObject(w)
	if !r.End() {
		*w = wire{}
		return false
	}
	return true
}

// The members of a wire, by their index in wireFields.
const (
	fJSONRPC = iota
	fMethod
	fParams
	fResult
	fError
	fID
	fTaskID
	fContextID
	fStatus
	fParts
	fArtifacts
	fArtifact
	fTask
	fMessage
	fStatusUpdate
	fArtifactUpdate
	fName
	fSupportedInterfaces
	fSkills
	fKind
	fFinal
)

// The JSON names of each struct's fields.
var (
	wireFields = [...]string{
		fJSONRPC:             "jsonrpc",
		fMethod:              "method",
		fParams:              "params",
		fResult:              "result",
		fError:               "error",
		fID:                  "id",
		fTaskID:              "taskId",
		fContextID:           "contextId",
		fStatus:              "status",
		fParts:               "parts",
		fArtifacts:           "artifacts",
		fArtifact:            "artifact",
		fTask:                "task",
		fMessage:             "message",
		fStatusUpdate:        "statusUpdate",
		fArtifactUpdate:      "artifactUpdate",
		fName:                "name",
		fSupportedInterfaces: "supportedInterfaces",
		fSkills:              "skills",
		fKind:                "kind",
		fFinal:               "final",
	}
	wireErrorFields  = []string{"code", "message"}
	wireStatusFields = []string{"state", "message", "timestamp"}
	wirePartFields   = []string{"text", "data", "url", "filename", "mediaType"}
	wireArtFields    = []string{"artifactId", "name", "parts"}
)

func (w *wire) Member(r *jsonread.Reader, key string) {
	switch jsonread.FieldIndex(key, wireFields[:]) {
	case fJSONRPC:
		r.ReadString(&w.JSONRPC)
	case fMethod:
		r.ReadString(&w.Method)
	case fParams:
		jsonread.ReadPtr(r, &w.Params)
	case fResult:
		jsonread.ReadPtr(r, &w.Result)
	case fError:
		jsonread.ReadPtr(r, &w.Error)
	case fID:
		w.ID = r.Raw()
	case fTaskID:
		r.ReadString(&w.TaskID)
	case fContextID:
		r.ReadString(&w.ContextID)
	case fStatus:
		jsonread.ReadPtr(r, &w.Status)
	case fParts:
		jsonread.ReadSlice(r, &w.Parts)
	case fArtifacts:
		jsonread.ReadSlice(r, &w.Artifacts)
	case fArtifact:
		jsonread.ReadPtr(r, &w.Artifact)
	case fTask:
		jsonread.ReadPtr(r, &w.Task)
	case fMessage:
		jsonread.ReadPtr(r, &w.Message)
	case fStatusUpdate:
		jsonread.ReadPtr(r, &w.StatusUpdate)
	case fArtifactUpdate:
		jsonread.ReadPtr(r, &w.ArtifactUpdate)
	case fName:
		r.ReadString(&w.Name)
	case fSupportedInterfaces:
		w.SupportedInterfaces = r.Raw()
	case fSkills:
		w.Skills = r.Raw()
	case fKind:
		r.ReadString(&w.Kind)
	case fFinal:
		w.Final = r.Raw()
	default:
		r.Skip()
	}
}

func (e *wireError) Member(r *jsonread.Reader, key string) {
	switch jsonread.FieldName(key, wireErrorFields) {
	case "code":
		r.ReadInt(&e.Code)
	case "message":
		r.ReadString(&e.Message)
	default:
		r.Skip()
	}
}

func (s *wireStatus) Member(r *jsonread.Reader, key string) {
	switch jsonread.FieldName(key, wireStatusFields) {
	case "state":
		r.ReadString(&s.State)
	case "message":
		jsonread.ReadPtr(r, &s.Message)
	case "timestamp":
		r.ReadString(&s.Timestamp)
	default:
		r.Skip()
	}
}

func (p *wirePart) Member(r *jsonread.Reader, key string) {
	switch jsonread.FieldName(key, wirePartFields) {
	case "text":
		r.ReadString(&p.Text)
	case "data":
		p.Data = r.Raw()
	case "url":
		r.ReadString(&p.URL)
	case "filename":
		r.ReadString(&p.Filename)
	case "mediaType":
		r.ReadString(&p.MediaType)
	default:
		r.Skip()
	}
}

func (a *wireArt) Member(r *jsonread.Reader, key string) {
	switch jsonread.FieldName(key, wireArtFields) {
	case "artifactId":
		r.ReadString(&a.ArtifactID)
	case "name":
		r.ReadString(&a.Name)
	case "parts":
		jsonread.ReadSlice(r, &a.Parts)
	default:
		r.Skip()
	}
}

// id returns the "id" field when it is a string.
func (w *wire) id() string {
	if w == nil || len(w.ID) == 0 || w.ID[0] != '"' {
		return ""
	}
	r := jsonread.NewReader(w.ID)
	return r.Str()
}
