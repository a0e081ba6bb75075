package agents

import _ "embed"

// SampleDiff is a small, realistic change to payments-api: a refund limit
// check, with a debug print and a TODO left in it. The capture scenarios
// and the playground send it to the code-reviewer.
//
//go:embed testdata/payments-api.diff
var SampleDiff string

// Values the capture scenarios and the playground use with SampleDiff.
const (
	SampleRepository  = "payments-api"
	SampleBase        = "main"
	SampleBuild       = "2026.10.06-1"
	SampleEnvironment = "staging"
)
