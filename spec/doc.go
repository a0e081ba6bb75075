// Package spec names the A2A specification's sections: the published
// page's address, the titles of the sections the project cites, and the
// link to each. Lessons' citations (package lesson), the check command's
// reports and predict mode's rules (package view) link through it.
package spec
