// Command a2aplay captures, checks, draws and serves A2A transcripts.
//
// Usage:
//
//	a2aplay <command> [flags] [args]
//
// Run "a2aplay help" for the list of commands.
package main
