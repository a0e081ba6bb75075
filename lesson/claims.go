package lesson

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/a2aplay/a2aplay/binding"
	"github.com/a2aplay/a2aplay/replay"
)

// A figure's caption and claim often name its steps: "Steps 2 to 4 and
// 7 to 9 are the six frames of one stream. Steps 5 and 6 are plain HTTP
// outside A2A." Such a sentence is checked against the drawing: the
// steps it names must be drawn, and be of the kind it says. What does not
// hold is a finding: shown beside the figure and returned in
// [Info].Findings, not an error, because the figure itself is right; it
// is the text that needs a look.
//
// The sentence's words that are checked:
//
//   - "frame" or "frames": every step named is a stream frame;
//   - "one stream", "the same stream", "a single stream": all of them
//     are frames of one stream;
//   - a number word before frames, steps, requests or replies ("the six
//     frames"): that many steps are named;
//   - "outside A2A", "plain HTTP", "out-of-band": every step is plain
//     HTTP outside A2A;
//   - an A2A method in backquotes ("the first `SendMessage`"): every
//     step belongs to an exchange of that method;
//   - "its reply" or "its response": the steps are one exchange's
//     request and reply;
//   - "the same task" or "one task": the steps concern one task.

var (
	// stepsRE finds "step 3", "steps 2 to 4 and 7 to 9", "steps 5, 6".
	stepsRE    = regexp.MustCompile(`(?i)\bsteps?\s+(\d{1,6}(?:\s*(?:to|through|–|-|and|,)\s*\d{1,6})*)`)
	sentenceRE = regexp.MustCompile(`\.(\s+|$)`)
	rangeSepRE = regexp.MustCompile(`\s*(?:to|through|–|-)\s*`)
	listSepRE  = regexp.MustCompile(`\s*(?:and|,)\s*`)
	countRE    = regexp.MustCompile(`\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:\w+\s+)?(frames|steps|requests|replies|arrows)\b`)
	codeRE     = regexp.MustCompile("`([A-Za-z]+)`")

	framesRE    = regexp.MustCompile(`\bframes?\b`)
	oneStreamRE = regexp.MustCompile(`\b(one|the same|a single) stream\b`)
	outsideRE   = regexp.MustCompile(`outside a2a|plain http|out-of-band|out of band`)
	itsReplyRE  = regexp.MustCompile(`\bits (reply|response|answer)\b`)
	oneTaskRE   = regexp.MustCompile(`\b(the same|one|a single) task\b`)
)

var numberWords = map[string]int{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}

// a2aMethod reports whether a backquoted word in a caption names an A2A
// method: an operation of the binding table, or GetAgentCard, the name
// a step of an agent card's fetch carries.
func a2aMethod(word string) bool {
	return word == "GetAgentCard" || binding.Known(word)
}

// maxNamedSteps bounds the steps one sentence may name ("steps 1 to
// 999999" names none of them one by one).
const maxNamedSteps = 1000

// checkClaims checks the sentences of a caption or claim that name
// steps against the drawn steps (from..to, 1-based, inclusive) and
// returns what does not hold.
func checkClaims(text string, steps []replay.Step, from, to int) []string {
	var out []string
	for _, sentence := range sentences(text) {
		ms := stepsRE.FindAllStringSubmatchIndex(sentence, -1)
		for i, m := range ms {
			end := len(sentence)
			if i+1 < len(ms) {
				end = ms[i+1][0]
			}
			named, ok := parseStepList(sentence[m[2]:m[3]])
			if !ok {
				continue
			}
			what := strings.TrimSpace(sentence[m[1]:end])
			said := strings.TrimSpace(strings.ReplaceAll(sentence[m[0]:end], "`", ""))
			said = strings.TrimSuffix(strings.TrimRight(said, ",; "), " and")
			said = strings.TrimRight(said, ",; ")
			for _, p := range checkNamed(named, what, steps, from, to) {
				out = append(out, quoteMsg(said)+": "+p)
			}
		}
	}
	return out
}

// sentences splits text at full stops followed by a space or the end.
func sentences(text string) []string {
	var out []string
	for _, s := range sentenceRE.Split(text, -1) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// parseStepList reads "2 to 4 and 7 to 9" as 2, 3, 4, 7, 8, 9.
func parseStepList(s string) ([]int, bool) {
	var out []int
	for _, item := range listSepRE.Split(strings.TrimSpace(s), -1) {
		ends := rangeSepRE.Split(item, -1)
		if len(ends) > 2 {
			return nil, false
		}
		a, err1 := strconv.Atoi(ends[0])
		b, err2 := a, error(nil)
		if len(ends) == 2 {
			b, err2 = strconv.Atoi(ends[1])
		}
		if err1 != nil || err2 != nil || a < 1 || b < a || len(out)+b-a >= maxNamedSteps {
			return nil, false
		}
		for k := a; k <= b; k++ {
			out = append(out, k)
		}
	}
	return out, len(out) > 0
}

// checkNamed checks what a sentence says (what) of the steps it names.
func checkNamed(named []int, what string, steps []replay.Step, from, to int) []string {
	if from == 0 {
		from, to = 1, len(steps)
	}
	var missing []int
	var drawn []*replay.Step
	for _, k := range named {
		if k < from || k > to || k > len(steps) {
			missing = append(missing, k)
			continue
		}
		drawn = append(drawn, &steps[k-1])
	}
	var out []string
	if len(missing) > 0 {
		out = append(out, fmt.Sprintf("the figure has no %s: it draws steps %d to %d", stepWords(missing), from, min(to, len(steps))))
	}
	lower := strings.ToLower(what)

	if m := countRE.FindStringSubmatch(lower); m != nil && numberWords[m[1]] != len(named) {
		out = append(out, fmt.Sprintf("it says %s %s but names %d steps", m[1], m[2], len(named)))
	}
	if framesRE.MatchString(lower) {
		for _, s := range drawn {
			if s.Kind != replay.KindFrame {
				out = append(out, fmt.Sprintf("step %d is %s, not a frame", s.Index, describeStep(s)))
			}
		}
	}
	if oneStreamRE.MatchString(lower) {
		if ex := distinct(drawn, func(s *replay.Step) int { return s.Exchange }); len(ex) > 1 {
			out = append(out, fmt.Sprintf("the steps belong to %d exchanges (%s), not one stream", len(ex), joinInts(ex)))
		}
	}
	if outsideRE.MatchString(lower) {
		for _, s := range drawn {
			if !s.OutOfBand {
				out = append(out, fmt.Sprintf("step %d is %s, an A2A step, not plain HTTP outside A2A", s.Index, describeStep(s)))
			}
		}
	}
	methods := map[int]string{} // exchange -> method, from its request
	for i := range steps {
		if steps[i].Kind == replay.KindRequest {
			methods[steps[i].Exchange] = steps[i].Method
		}
	}
	for _, m := range codeRE.FindAllStringSubmatch(what, -1) {
		method := m[1]
		if !a2aMethod(method) {
			continue
		}
		for _, s := range drawn {
			if methods[s.Exchange] != method {
				out = append(out, fmt.Sprintf("step %d is %s, not part of a %s", s.Index, describeStep(s), method))
			}
		}
	}
	if itsReplyRE.MatchString(lower) {
		if ex := distinct(drawn, func(s *replay.Step) int { return s.Exchange }); len(ex) > 1 {
			for _, s := range drawn[1:] {
				if s.Exchange != drawn[0].Exchange {
					out = append(out, fmt.Sprintf("step %d is %s, not the request of step %d or its reply", s.Index, describeStep(s), drawn[0].Index))
					break
				}
			}
		}
	}
	if oneTaskRE.MatchString(lower) {
		tasks := map[string]bool{}
		for _, s := range drawn {
			if s.TaskID != "" {
				tasks[s.TaskID] = true
			}
		}
		if len(tasks) > 1 {
			out = append(out, fmt.Sprintf("the steps concern %d tasks, not one", len(tasks)))
		}
	}
	return out
}

// describeStep says what a step is: "a request SendMessage of exchange 2".
func describeStep(s *replay.Step) string {
	kind := string(s.Kind)
	if s.Kind == replay.KindFrame {
		kind = fmt.Sprintf("frame %d", s.Frame)
	}
	name := s.Method
	if name == "" {
		name = s.Label
	}
	if name != "" {
		name = " (" + clip(name, 40) + ")"
	}
	return fmt.Sprintf("the %s of exchange %d%s", kind, s.Exchange, name)
}

func distinct(steps []*replay.Step, key func(*replay.Step) int) []int {
	var out []int
	seen := map[int]bool{}
	for _, s := range steps {
		if k := key(s); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func joinInts(l []int) string {
	s := make([]string, len(l))
	for i, v := range l {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ", ")
}

// stepWords writes step numbers as "step 5" or "steps 5 to 9" (runs
// joined with "and").
func stepWords(l []int) string {
	var runs []string
	for i := 0; i < len(l); {
		j := i
		for j+1 < len(l) && l[j+1] == l[j]+1 {
			j++
		}
		if i == j {
			runs = append(runs, strconv.Itoa(l[i]))
		} else {
			runs = append(runs, fmt.Sprintf("%d to %d", l[i], l[j]))
		}
		i = j + 1
	}
	word := "steps "
	if len(l) == 1 {
		word = "step "
	}
	return word + strings.Join(runs, " and ")
}
