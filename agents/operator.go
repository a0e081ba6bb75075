package agents

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"regexp"
	"strings"
)

// The operator's credential. Knowing a task id is not an approval: the
// ids are in every message of the task, and the agent's client, who reads
// them, is not the operator (spec §7.6.1: the approval travels outside
// A2A; §7.6.4: it authorises this task and nothing more). So the
// deployer's approve and refuse endpoints take the operator's token, a
// random value made when the deployer starts ([Agent.OperatorToken];
// "a2aplay agents" prints it), in the request's Authorization header:
//
//	Authorization: Bearer a2aop_0123456789abcdef0123456789abcdef
//
// The header is the standard one for a bearer credential (RFC 6750):
// proxies, logs and the capture know it for a credential; a browser
// never sends it by itself as it does a cookie, so no other page can
// ride on the operator's session; and it is not a CORS-safelisted
// header, so a page must pass a preflight, which only the operator's
// origins pass, before it can send one. The token never goes into an A2A
// message, card or artifact: the status message that names the approve
// URL says how to authenticate, not with what.
const (
	// OperatorTokenPrefix starts every operator token, so that a token
	// is recognised wherever it appears (the capture normalises it).
	OperatorTokenPrefix = "a2aop_"
	// OperatorRealm is the realm of the 401's WWW-Authenticate header.
	OperatorRealm = "a2aplay operator"
)

// OperatorTokenPattern matches an operator token: the prefix and 32
// lower-case hex digits (128 random bits).
var OperatorTokenPattern = regexp.MustCompile(`\b` + OperatorTokenPrefix + `[0-9a-f]{32}\b`)

// NewOperatorToken returns a fresh operator token from crypto/rand.
func NewOperatorToken() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand, Go 1.24)
	return OperatorTokenPrefix + hex.EncodeToString(b)
}

// OperatorAuthorization is the Authorization header value that carries
// token.
func OperatorAuthorization(token string) string { return "Bearer " + token }

// operatorHowTo says how an operator authenticates, without the token:
// the client of the agent reads the status messages that carry it and
// is not the operator. The planner's AUTH_REQUIRED text ends with it.
const operatorHowTo = "with a POST that sends the operator's token, which the deployer gave its operator when it started, as Authorization: Bearer."

// OperatorAuthKey is the metadata key under which the deployer's
// AUTH_REQUIRED status message says how the operator authenticates
// ([OperatorAuthText]). The message's text stays the one sentence that
// names the approve URL, which the tutorial quotes.
const OperatorAuthKey = "operatorAuthentication"

// OperatorAuthText is the value of OperatorAuthKey: how, never with what.
const OperatorAuthText = "POST the approve URL with the operator's token, which the deployer gave its operator when it started, as Authorization: Bearer; the token never travels over A2A."

// checkOperator reports whether r carries the operator's token; when not,
// it has answered 401 with a WWW-Authenticate challenge (RFC 6750). The
// comparison takes the same time whatever the token sent: both sides are
// hashed first, so not even the length of the right token leaks.
func checkOperator(w http.ResponseWriter, r *http.Request, token string) bool {
	h := r.Header.Get("Authorization")
	scheme, sent, _ := strings.Cut(strings.TrimSpace(h), " ")
	sent = strings.TrimSpace(sent)
	challenge := `Bearer realm="` + OperatorRealm + `"`
	var why string
	switch {
	case h == "":
		why = "this decision needs the operator's token: send Authorization: Bearer TOKEN, the token printed when the deployer started"
	case !strings.EqualFold(scheme, "Bearer") || sent == "":
		challenge += `, error="invalid_request"`
		why = "send the operator's token as Authorization: Bearer TOKEN"
	default:
		want, got := sha256.Sum256([]byte(token)), sha256.Sum256([]byte(sent))
		if subtle.ConstantTimeCompare(want[:], got[:]) == 1 && token != "" {
			return true
		}
		challenge += `, error="invalid_token"`
		why = "the operator's token is wrong; nothing was decided"
	}
	w.Header().Set("WWW-Authenticate", challenge)
	httpError(w, http.StatusUnauthorized, why)
	return false
}
