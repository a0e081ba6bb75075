package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are what a trace of the long file's open or of a
// navigation records: the page's tasks with what runs in them (script,
// style, layout, paint, HTML parsing), the workers', JavaScript and
// WebAssembly samples, WebAssembly's compilation and code cache, and
// the page's font look-ups.
var traceCategories = []string{
	"devtools.timeline", "disabled-by-default-devtools.timeline",
	"disabled-by-default-devtools.timeline.frame", "blink.user_timing",
	"toplevel", "v8.execute", "disabled-by-default-v8.cpu_profiler",
	"loading", "blink", "v8", "v8.wasm", "fonts",
}

// startTrace starts a Chrome trace while tab runs; the function it
// returns ends it and writes it to file, in the JSON format
// chrome://tracing and Perfetto open. The trace is the browser's, not
// only the tab's: a navigation that swaps the page into another process
// is recorded from its start.
func startTrace(tab context.Context, file string) (stop func() error, err error) {
	var events []json.RawMessage
	done := make(chan error, 1)
	_, err = chromedp.Run(tab, func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
		b := chromedp.FromContext(ctx).Browser
		// One goroutine reads both: every dataCollected comes before
		// the tracingComplete that ends them.
		data, endData := b.Subscribe(tracing.DataCollected.Method)
		complete, endComplete := b.Subscribe(tracing.TracingComplete.Method)
		go func() {
			defer endData()
			defer endComplete()
			take := func(raw []byte) error {
				var ev tracing.EventDataCollected
				if err := json.Unmarshal(raw, &ev); err != nil {
					return fmt.Errorf("reading the trace: %w", err)
				}
				for _, v := range ev.Value {
					events = append(events, json.RawMessage(v))
				}
				return nil
			}
			// drain takes the events still queued when tracing completes.
			drain := func() error {
				for {
					select {
					case raw := <-data:
						if err := take(raw); err != nil {
							return err
						}
					default:
						return nil
					}
				}
			}
			for {
				select {
				case raw := <-data:
					if err := take(raw); err != nil {
						done <- err
						return
					}
				case <-complete:
					done <- drain()
					return
				case <-tab.Done():
					done <- tab.Err()
					return
				}
			}
		}()
		_, err := cdp.Call(ctx, b, tracing.Start, tracing.StartParams{
			TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories, EnableSampling: true},
		})
		return chromedp.Void{}, err
	})
	if err != nil {
		return nil, fmt.Errorf("starting a trace: %w", err)
	}
	return func() error {
		_, err := chromedp.Run(tab, func(ctx context.Context, _ *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, chromedp.FromContext(ctx).Browser, tracing.End, cdp.Empty{})
			return chromedp.Void{}, err
		})
		if err != nil {
			return fmt.Errorf("ending the trace: %w", err)
		}
		if err := <-done; err != nil {
			return err
		}
		b, err := json.Marshal(map[string]any{"traceEvents": events})
		if err != nil {
			return err
		}
		fmt.Printf("  trace: %s (%d events)\n", file, len(events))
		return os.WriteFile(file, b, 0o644)
	}, nil
}
