package replay

// wire is a lenient view of any A2A JSON body: a JSON-RPC request or
// response, or an HTTP+JSON body, and the Task, Message and events inside.
// Only the fields Steps needs are read.
//
// [decode] reads a body into it with a [jsonReader] the way
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
	r := jsonReader{s: body}
	if r.peek() != '{' {
		return false
	}
	r.readObject(w)
	if !r.end() {
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
	}
	wireErrorFields  = []string{"code", "message"}
	wireStatusFields = []string{"state", "message", "timestamp"}
	wirePartFields   = []string{"text", "data", "url", "filename", "mediaType"}
	wireArtFields    = []string{"artifactId", "name", "parts"}
)

func (w *wire) member(r *jsonReader, key string) {
	switch fieldIndex(key, wireFields[:]) {
	case fJSONRPC:
		r.readString(&w.JSONRPC)
	case fMethod:
		r.readString(&w.Method)
	case fParams:
		readPtr(r, &w.Params)
	case fResult:
		readPtr(r, &w.Result)
	case fError:
		readPtr(r, &w.Error)
	case fID:
		w.ID = r.raw()
	case fTaskID:
		r.readString(&w.TaskID)
	case fContextID:
		r.readString(&w.ContextID)
	case fStatus:
		readPtr(r, &w.Status)
	case fParts:
		readSlice(r, &w.Parts)
	case fArtifacts:
		readSlice(r, &w.Artifacts)
	case fArtifact:
		readPtr(r, &w.Artifact)
	case fTask:
		readPtr(r, &w.Task)
	case fMessage:
		readPtr(r, &w.Message)
	case fStatusUpdate:
		readPtr(r, &w.StatusUpdate)
	case fArtifactUpdate:
		readPtr(r, &w.ArtifactUpdate)
	case fName:
		r.readString(&w.Name)
	case fSupportedInterfaces:
		w.SupportedInterfaces = r.raw()
	case fSkills:
		w.Skills = r.raw()
	default:
		r.skip()
	}
}

func (e *wireError) member(r *jsonReader, key string) {
	switch fieldName(key, wireErrorFields) {
	case "code":
		r.readInt(&e.Code)
	case "message":
		r.readString(&e.Message)
	default:
		r.skip()
	}
}

func (s *wireStatus) member(r *jsonReader, key string) {
	switch fieldName(key, wireStatusFields) {
	case "state":
		r.readString(&s.State)
	case "message":
		readPtr(r, &s.Message)
	case "timestamp":
		r.readString(&s.Timestamp)
	default:
		r.skip()
	}
}

func (p *wirePart) member(r *jsonReader, key string) {
	switch fieldName(key, wirePartFields) {
	case "text":
		r.readString(&p.Text)
	case "data":
		p.Data = r.raw()
	case "url":
		r.readString(&p.URL)
	case "filename":
		r.readString(&p.Filename)
	case "mediaType":
		r.readString(&p.MediaType)
	default:
		r.skip()
	}
}

func (a *wireArt) member(r *jsonReader, key string) {
	switch fieldName(key, wireArtFields) {
	case "artifactId":
		r.readString(&a.ArtifactID)
	case "name":
		r.readString(&a.Name)
	case "parts":
		readSlice(r, &a.Parts)
	default:
		r.skip()
	}
}

// id returns the "id" field when it is a string.
func (w *wire) id() string {
	if w == nil || len(w.ID) == 0 || w.ID[0] != '"' {
		return ""
	}
	r := jsonReader{s: w.ID}
	return r.str()
}
