package kittest

import (
	"net"
	"net/http/httptest"
	"testing"

	"github.com/a2aplay/a2aplay/agents"
)

// Serve starts the planner, the code-reviewer and the deployer on free
// ports of 127.0.0.1, with cards that name host, and stops them when the
// test ends: open streams are cut first, so a deploy left waiting for
// its approval cannot keep the test from ending.
func Serve(t testing.TB, host string) *agents.Kit {
	t.Helper()
	ls := make([]net.Listener, 3)
	ports := make([]int, 3)
	for i := range ls {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls[i], ports[i] = l, l.Addr().(*net.TCPAddr).Port
	}
	kit := agents.NewKit(agents.KitConfig{Host: host, PlannerPort: ports[0], ReviewerPort: ports[1], DeployerPort: ports[2]})
	t.Cleanup(kit.Close)
	for i, a := range kit.Agents() {
		srv := httptest.NewUnstartedServer(a.Handler())
		srv.Listener.Close()
		srv.Listener = ls[i]
		srv.Start()
		t.Cleanup(func() {
			srv.CloseClientConnections()
			srv.Close()
		})
	}
	return kit
}
