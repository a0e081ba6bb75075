package web

import "fmt"

// WorkerScript is the script of the worker name ("live-worker.js",
// "check-worker.js"), as the site serves it: worker-start.js, the start
// both workers share (startGoWorker), then the worker's own file. The
// offline page puts wasm_exec.js before it.
func WorkerScript(name string) ([]byte, error) {
	start, err := sources.ReadFile("worker-start.js")
	if err != nil {
		return nil, err
	}
	own, err := sources.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("no worker %q: %w", name, err)
	}
	return append(append(start, '\n'), own...), nil
}
