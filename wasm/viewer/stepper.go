//go:build js && wasm

package viewer

import (
	"syscall/js"
)

// player is the stepper's playback.
type player struct {
	playing bool
	gen     int // bumped to stop a playback goroutine
	speed   float64
}

// stepperElements are the stepper's controls, the diagram and the lane.
type stepperElements struct {
	picker, source, diagram, scrub, position, speed, lane js.Value
	first, prev, play, next, last                         js.Value
}
