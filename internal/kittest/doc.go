// Package kittest serves the kit's agents on free loopback ports for
// tests that need them over real connections (a browser, node, a proxy).
package kittest
