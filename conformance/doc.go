// Package conformance holds the kit's own conformance tests: it serves
// the planner, the code-reviewer and the deployer on loopback sockets
// (internal/kittest) and drives each one, over both of its bindings
// (JSON-RPC and HTTP+JSON) with plain HTTP requests as any client would
// send them, through every operation it serves, with the MUSTs of the
// A2A specification v1.0.1 as assertions: the agent cards (§4.4, §8.2),
// SendMessage with arbitrary text and multi-turn answers (§3.1.1, §3.2.2,
// §3.4), SendStreamingMessage (§3.1.2), GetTask with historyLength
// (§3.1.3, §3.2.4), ListTasks (§3.1.4), CancelTask (§3.1.5),
// SubscribeToTask (§3.1.6), version negotiation (§3.6), the error codes
// and HTTP statuses (§5.4, §9.5, §11.6), bad parameters (§3.3.2) and the
// push config operations an agent without push notifications refuses
// (§3.3.4); and the planner as a client of the other two, waiting
// upstream in AUTH_REQUIRED (§7.6.2) until its cancelation cancels the
// deploy. A generic client's arbitrary text must never make an agent
// act: it asks or refuses.
//
// Where a MUST fails because of a2a-go v2.4.0, which the kit wraps, the
// test asserts what a2a-go does instead, through the pin of that
// deviation (deviations_test.go: TestPins, TestPinErrorMapping). A pin
// that no longer holds fails and says to update the README's "Known
// deviations of a2a-go v2.4.0" and the checker rule that flags it; a
// conformance test that meets the spec's answer instead accepts it. No
// test is skipped. TestCheckerSeesDeviations records the pins' traffic
// through the recording proxy (package record) and holds the checker to
// it: each deviation flagged under its rule as the SDK's, and no other
// rule of the agents' broken.
//
// The package has no code of its own; it runs in go test ./... in a
// fraction of a second.
package conformance
