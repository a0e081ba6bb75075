// Package check tells where a transcript departs from the A2A v1.0
// specification: a blocking SendMessage that returns while the task still
// works, an answer to INPUT_REQUIRED that misses the task, a stream that
// goes on after its task finished, a timestamp with an offset.
//
//	findings := check.Check(t) // t from replay.Parse, or a HAR import
//	for _, f := range findings {
//		fmt.Printf("%s:%d: %s\n", name, f.Line, f) // file:12: §3.2.2: ...
//	}
//
// Each [Finding] names its rule (one of [Rules]), the section of the
// specification the rule comes from, the exchange and frame, and the line
// of the transcript file: the line of the offending JSON member when it
// can be told. [Severity] separates violations (a MUST broken) from
// warnings (a SHOULD, or a MUST with an exception a capture cannot show,
// like the out-of-band agreement that excuses AUTH_REQUIRED without a
// status message). By says whether the client's request or the agent's
// answer departs from the rule. [StepOf] finds the step of
// replay.Steps a finding belongs to, for a page that shows findings on
// the diagram.
//
// # What is checked
//
// Per exchange, for the JSON-RPC binding (§9) and the HTTP+JSON binding
// (§11): the JSON-RPC envelope and method names; Content-Type; the
// A2A-Version header (§3.6.1); the data model's shapes: Task, Message and
// Part members (§4.1), enum spellings (§5.5) and UTC timestamps
// (§5.6.1).
//
// Across exchanges, from the task states the replies and frames report in
// time order: a blocking SendMessage returns at a terminal or interrupted
// state (§3.2.2); a message that continues a task carries its taskId and
// contextId (§3.4.3); a terminal task takes no message (§3.1.1) and
// reports no later state (§4.1.3); a stream starts with its Task and ends
// at the terminal state (§3.1.2); SubscribeToTask starts with the Task
// snapshot and serves any task not terminal (§3.1.6); AUTH_REQUIRED
// explains itself and the agent keeps listening (§7.6.1).
//
// What a transcript cannot show is not guessed: a stream's end is what
// the capture recorded (@end), never inferred from a task state, and a
// task the transcript never showed has no known state.
//
// # a2a-go
//
// The kit's agents run on a2a-go v2.4.0, which departs from the
// specification in a few measured places: SubscribeToTask on a task that
// waits in INPUT_REQUIRED or has completed answers -32001 task not found;
// a message to a terminal task answers -32602 instead of -32004; a
// message to a task in AUTH_REQUIRED is refused as "already in
// progress". Check reports these like any other departure and says in the
// finding's text that it is a known a2a-go deviation, so the lessons can
// show them honestly.
//
// # Section numbers
//
// Sections are those of the A2A specification v1.0.1 (a2aproject/A2A,
// docs/specification.md). Check is pure Go without I/O and runs in the
// browser too, where the playground shows findings on their steps.
package check
