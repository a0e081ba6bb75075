package replay

import (
	"os"
	"testing"
)

func TestExchangeVersion(t *testing.T) {
	rpc := func(method string) string { return `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{}}` }
	for _, tc := range []struct {
		name string
		x    Exchange
		want string
	}{
		{"1.0 header", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"A2A-Version", "1.0"}}, Body: rpc("SendMessage")}}, V10},
		{"patch ignored", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"a2a-version", " 1.0.1 "}}, Body: rpc("SendMessage")}}, V10},
		{"0.3 header", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"A2A-Version", "0.3"}}, Body: rpc("message/send")}}, V03},
		{"the header wins over the method", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"A2A-Version", "1.0"}}, Body: rpc("message/send")}}, V10},
		{"query parameter", Exchange{Request: Request{Method: "POST", URL: "http://a/?A2A-Version=0.3", Body: rpc("SendMessage")}}, V03},
		{"another version", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"A2A-Version", "2.0"}}, Body: rpc("SendMessage")}}, "2.0"},
		{"0.3 method, no header", Exchange{Request: Request{Method: "POST", URL: "http://a/", Body: rpc("tasks/resubscribe")}}, V03},
		{"1.0 method, no header", Exchange{Request: Request{Method: "POST", URL: "http://a/", Body: rpc("GetTask")}}, V10},
		{"empty header, 0.3 method", Exchange{Request: Request{Method: "POST", URL: "http://a/", Header: []Header{{"A2A-Version", ""}}, Body: rpc("message/stream")}}, V03},
		{"0.3 REST", Exchange{Request: Request{Method: "POST", URL: "http://a/v1/message:send", Body: "{}"}}, V03},
		{"1.0 REST", Exchange{Request: Request{Method: "POST", URL: "http://a/rest/message:send", Body: "{}"}}, V10},
		{"0.3 card", Exchange{Request: Request{Method: "GET", URL: "http://a/.well-known/agent.json"}, Response: &Response{Body: `{"name":"x","protocolVersion":"0.3.0","url":"http://a/"}`}}, V03},
		{"union card", Exchange{Request: Request{Method: "GET", URL: "http://a/.well-known/agent-card.json"}, Response: &Response{Body: `{"name":"x","protocolVersion":"0.3","supportedInterfaces":[]}`}}, V10},
		{"1.0 card", Exchange{Request: Request{Method: "GET", URL: "http://a/.well-known/agent-card.json"}, Response: &Response{Body: `{"name":"x","supportedInterfaces":[]}`}}, V10},
		{"out of band", Exchange{Channel: ChannelOutOfBand, Request: Request{Method: "POST", URL: "http://a/approve/x"}}, ""},
	} {
		if got := ExchangeVersion(&tc.x); got != tc.want {
			t.Errorf("%s: ExchangeVersion = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestV03State(t *testing.T) {
	for in, want := range map[string]string{
		"input-required": "TASK_STATE_INPUT_REQUIRED", "auth-required": "TASK_STATE_AUTH_REQUIRED",
		"submitted": "TASK_STATE_SUBMITTED", "working": "TASK_STATE_WORKING", "completed": "TASK_STATE_COMPLETED",
		"canceled": "TASK_STATE_CANCELED", "failed": "TASK_STATE_FAILED", "rejected": "TASK_STATE_REJECTED",
		"unknown": "TASK_STATE_UNSPECIFIED",
	} {
		if got, ok := V03State(in); !ok || got != want {
			t.Errorf("V03State(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "INPUT_REQUIRED", "TASK_STATE_WORKING", "input_required", "Input-Required"} {
		if got, ok := V03State(in); ok {
			t.Errorf("V03State(%q) = %q, want not a 0.3 state", in, got)
		}
	}
}

// V03StateName and V03Kind go back from the v1.0 names to 0.3's, and
// every 0.3 name comes back as itself.
func TestV03NamesBack(t *testing.T) {
	for _, name := range []string{"submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown"} {
		v1, _ := V03State(name)
		if got, ok := V03StateName(v1); !ok || got != name {
			t.Errorf("V03StateName(%q) = %q, %v; want %q", v1, got, ok, name)
		}
	}
	for _, in := range []string{"", "working", "TASK_STATE_", "TASK_STATE_PAUSED", "TASK_STATE_Input_Required"} {
		if got, ok := V03StateName(in); ok {
			t.Errorf("V03StateName(%q) = %q, want no 0.3 name", in, got)
		}
	}
	for ev, want := range map[string]string{"task": "task", "message": "message", "statusUpdate": "status-update", "artifactUpdate": "artifact-update", "error": "", "": ""} {
		if got := V03Kind(ev); got != want {
			t.Errorf("V03Kind(%q) = %q, want %q", ev, got, want)
		}
	}
}

// The 0.3 twins of 06 and 07 read into the same steps as their 1.0
// twins: the same events, states, tasks and texts, the same number of
// steps; only the labels of requests (0.3's method names), the version
// mark and final differ.
func TestV03StepsMatchTheirTwins(t *testing.T) {
	for _, name := range []string{"06-input-required", "07-auth-required"} {
		read := func(file string) []Step {
			b, err := os.ReadFile("../transcripts/" + file)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := Parse(b, file)
			if err != nil {
				t.Fatal(err)
			}
			return Steps(tr)
		}
		v10, v03 := read(name+".http"), read(name+".v0.3.http")
		if len(v10) != len(v03) {
			t.Fatalf("%s: %d steps in 1.0, %d in 0.3", name, len(v10), len(v03))
		}
		finals := 0
		for i := range v10 {
			a, b := v10[i], v03[i]
			if a.Event != b.Event || a.State != b.State || a.Method != b.Method || a.TaskID != b.TaskID || a.ContextID != b.ContextID || a.Changed != b.Changed || a.Reports != b.Reports {
				t.Errorf("%s step %d: 1.0 %+v, 0.3 %+v", name, i+1, a, b)
			}
			if b.Version != V03 && !b.OutOfBand || a.Version != "" {
				t.Errorf("%s step %d: version 1.0 %q, 0.3 %q", name, i+1, a.Version, b.Version)
			}
			if b.Final {
				finals++
				if i+1 < len(v03) && v03[i+1].Exchange == b.Exchange && v03[i+1].Kind == KindFrame {
					t.Errorf("%s step %d: final, but a frame of its stream follows", name, i+1)
				}
			}
		}
		if want := map[string]int{"06-input-required": 0, "07-auth-required": 1}[name]; finals != want {
			t.Errorf("%s: %d final frames, want %d", name, finals, want)
		}
	}
}

func FuzzExchangeVersion(f *testing.F) {
	f.Add("POST", "http://a/", "A2A-Version", "0.3", `{"jsonrpc":"2.0","method":"message/send"}`, `{"kind":"task","status":{"state":"input-required"}}`)
	f.Add("GET", "http://a/.well-known/agent.json", "", "", "", `{"protocolVersion":"0.3","supportedInterfaces":null}`)
	f.Add("POST", "http://a/v1/message:stream?A2A-Version=1.0.2", "X", "y", "{}", `{"result":{"kind":"status-update","final":true}}`)
	f.Fuzz(func(t *testing.T, method, u, hn, hv, req, resp string) {
		x := &Exchange{Request: Request{Method: method, URL: u, Header: []Header{{hn, hv}}, Body: req}, Response: &Response{Body: resp, StatusCode: 200}}
		v := ExchangeVersion(x)
		if v == "" {
			t.Fatalf("an A2A exchange speaks no version")
		}
		Steps(&Transcript{Exchanges: []*Exchange{x}})
	})
}
