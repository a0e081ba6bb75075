//go:build js && wasm

package main

import (
	"encoding/json"

	"github.com/a2aplay/a2aplay/wasm/dom"
)

// A finding is one of check.Check's findings on a shipped transcript, as
// the data block carries it. The site builder works them out: the check
// package would make this module 15% larger. A file the learner opens
// has none here ("a2aplay check FILE" finds them).
type finding struct {
	Step int    `json:"step"` // 1-based; 0 for the transcript as a whole
	Text string `json:"text"` // "§3.1.6: …", "§7.6.1: warning: …"
}

// findings are the shipped transcripts' findings by name, read from the
// data block when first needed.
var findings map[string][]finding

// findingsAt returns the findings on position k of d (0, the overview,
// holds those about the whole transcript).
func findingsAt(d *doc, k int) []string {
	if findings == nil {
		findings = map[string][]finding{}
		var data struct {
			Transcripts []struct {
				Name     string    `json:"name"`
				Findings []finding `json:"findings"`
			} `json:"transcripts"`
		}
		if err := json.Unmarshal([]byte(dom.ByID("a2aplay-data").Get("textContent").String()), &data); err == nil {
			for _, t := range data.Transcripts {
				findings[t.Name] = t.Findings
			}
		}
	}
	if d == nil || d.local {
		return nil
	}
	var out []string
	for _, f := range findings[d.name] {
		if f.Step == k {
			out = append(out, f.Text)
		}
	}
	return out
}
