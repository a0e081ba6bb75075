package replay

// WebhookParticipant is the name captures and "a2aplay record -webhooks"
// give the participant that stands for the client's webhook (see "Push
// notifications" in the package documentation). A transcript that
// declares it recorded the webhook's side, so a reader (the checker)
// may expect the agent's notifications in it.
const WebhookParticipant = "client-webhook"

// pushStep reads the request of a push notification (an exchange on
// [ChannelPush]): the agent's POST of a task's event to a webhook. Its
// body is read as a StreamResponse, so the step carries the event, the
// task and its state as a frame of a stream would; a body that says
// nothing A2A defines leaves the step labelled "push" with the body's
// first line as its detail.
func pushStep(ex *Exchange) Step {
	s := Step{Kind: KindPush, From: ex.From, To: ex.To, At: ex.Request.At}
	var w wire
	if decode(ex.Request.Body, &w) {
		readPayload(&s, &w)
	}
	if s.Label == "" {
		s.Label = "push"
		s.Detail = firstLine(ex.Request.Body)
	} else {
		s.Label = "push " + s.Label
	}
	return s
}
