// Package conformance drives the kit's agents as an outside client would.
package conformance
