package agents

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzCheckOperator: whatever an Authorization header holds, the check
// never panics, lets through only the operator's own token, and answers
// anything else 401 with a Bearer challenge and a JSON error.
func FuzzCheckOperator(f *testing.F) {
	const token = OperatorTokenPrefix + "0123456789abcdef0123456789abcdef"
	for _, s := range []string{"", "Bearer " + token, "bearer  " + token + " ", "Basic " + token, "Bearer", "Bearer " + token + "0", "Bearer a2aop_", "Bearer \x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, auth string) {
		r := httptest.NewRequest("POST", "/approve/x", nil)
		r.Header["Authorization"] = []string{auth}
		w := httptest.NewRecorder()
		ok := checkOperator(w, r, token)
		scheme, sent, _ := strings.Cut(strings.TrimSpace(auth), " ")
		want := strings.EqualFold(scheme, "Bearer") && strings.TrimSpace(sent) == token
		if ok != want {
			t.Fatalf("Authorization %q: let through %v, want %v", auth, ok, want)
		}
		if !ok && (w.Code != http.StatusUnauthorized || !strings.HasPrefix(w.Header().Get("WWW-Authenticate"), `Bearer realm="a2aplay operator"`) || !strings.Contains(w.Body.String(), `"error"`)) {
			t.Fatalf("Authorization %q: %d %q %q, want 401 with a challenge", auth, w.Code, w.Header().Get("WWW-Authenticate"), w.Body)
		}
		if ok && w.Code != http.StatusOK || ok && w.Body.Len() != 0 {
			t.Fatalf("Authorization %q let through, but something was written", auth)
		}
	})
}
