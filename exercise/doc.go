// Package exercise decides whether a session did what an exercise asks:
// a learner's task ("answer the reviewer on the same task", "approve the
// deploy without holding a stream") is written as predicates over the
// session's steps, the same [replay.Step]s the diagram draws, and the
// wrong roads it knows are written the same way, each with a hint.
//
//	exercise block (package lesson) -> Parse* -> Exercise
//	session .http -> replay.Parse -> replay.Steps -> Evaluate -> Result
//
// One evaluator serves the page (the check worker works out each
// exercise's state as the learner plays) and `a2aplay check -exercises`
// (a teacher grades the sessions a class saved). The page carries the
// exercises as text ([ToPage], into onpage.Exercise); the worker parses
// them back ([FromPage]) and answers an onpage.Verdict each ([Judge]): the
// page's own module does not link this package.
//
// # Predicates
//
// A condition is one predicate or several joined by "and", each of which
// may be preceded by "not":
//
//	reached COMPLETED after INPUT_REQUIRED
//	closed-in AUTH_REQUIRED and approved and not reached COMPLETED after AUTH_REQUIRED
//
// The learner is the session's client: the participant that sent its
// first A2A request. "answered", "message-on-task" and "called" are
// about the learner's requests only: in a planner's session, the
// planner's own calls to the agents below it are not the learner's.
//
// A STATE is a task state, short (INPUT_REQUIRED) or as it travels
// (TASK_STATE_INPUT_REQUIRED), or one of two classes: "interrupted"
// (INPUT_REQUIRED, AUTH_REQUIRED) and "terminal" (COMPLETED, FAILED,
// CANCELED, REJECTED). A METHOD is an A2A method of v1.0 (SendMessage,
// GetTask, …). "A task is in STATE" means the last state the session
// showed for it, at that point of the session.
//
//	reached STATE              a step reported a task in STATE
//	reached STATE after S2     a task was reported in S2 and later in STATE
//	all-reached STATE after S2 every task reported in S2 was later
//	                           reported in STATE (and there was one)
//	answered STATE             a message named a task in STATE by its
//	                           taskId, and the task then left STATE: the
//	                           agent took it as the answer (§3.4.3 lets
//	                           the client leave out the contextId)
//	message-on-task STATE      a message named, by its taskId, a task that
//	                           was in STATE (whatever the agent made of it)
//	new-task-while STATE       a new task appeared while another task was
//	                           in STATE, and that task never left it
//	called METHOD              the session made a call of METHOD
//	called METHOD while STATE  … on a task that was in STATE
//	approved                   an operator's POST /approve/{taskId}, out of
//	                           band, was answered 2xx
//	refused                    the same for POST /refuse/{taskId}
//	stream-through STATE       one stream reported STATE and then carried
//	                           more frames: it stayed open through it
//	closed-in STATE            the client closed a stream while its task
//	                           was in STATE
//	pushed STATE               a push notification (an agent's POST to a
//	                           webhook) reported a task in STATE
//	unheard STATE              the operator decided (approve or refuse,
//	                           answered 2xx) a task of the client's in
//	                           STATE while nothing of the client's could
//	                           hear it resume: no stream of its open on
//	                           the task, no webhook given for it (a push
//	                           config in its message, or
//	                           CreateTaskPushNotificationConfig), and no
//	                           GetTask of it since it was in STATE
//
//	asked AGENT                the client sent an A2A request to the
//	                           participant AGENT (a setup's own agent:
//	                           "planner" for the planner's chain)
//
//	heard STATE                the same decision while something of the
//	                           client's could hear it: a stream, a
//	                           webhook, or a GetTask since STATE
//
// A task of the client's is one a step between the client and an agent
// names: a task an agent runs for a planner is the planner's to hear.
// "unheard" judges the moment of the decision: a client that polls but
// had not asked yet when the operator decided is unheard until an ask
// finds the task resumed, which "reached" then shows.
//
// A wrong road is written "CONDITION => HINT". The hint may name what the
// condition matched: {task} (the task it is about, short id), {other}
// (a second task, for new-task-while), {step} (the step where it
// matched) and {state}. A hint is computed from the session: it is shown
// only when its condition holds, and says what the session did.
//
// # Results
//
// [Evaluate] gives an exercise's [Status]: NotTried for a session with
// no steps; Done when every "done" condition holds (at the step where the
// last of them first held); Missed when a wrong road's condition holds
// and the exercise is not done, with the first such road's hint;
// InProgress otherwise, saying which condition is still to come.
//
// Parsing never panics: a predicate that is unknown, or has a missing or
// bad argument, is an error that names it.
//
// # A growing session
//
// Each predicate is a scanner (scan.go): it reads the steps one at a
// time, in order, and keeps only what it needs of them; one whose match
// depends on what comes later (a request's reply, a task's last state)
// keeps its candidates and settles them when asked. [Evaluate] and
// [Judge] run them over every step. A [Judger] judges a live session as
// it grows, at a cost that does not grow with it: it keeps what the
// predicates read of the steps and works it out again from the first
// step that changed, and keeps for each predicate a scanner that has
// read the steps of the settled exchanges (those before the first step
// of an exchange that may still change); its [Judger.Judge] reads the
// rest on a copy. [Judge] is a Judger fed once. A test holds a Judger's
// verdicts to Evaluate's at every event of the corpus's transcripts
// grown with streams left open (judger_test.go).
package exercise
