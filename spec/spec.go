package spec

import "strings"

// URL is the published A2A specification that citations link to.
const URL = "https://a2a-protocol.org/latest/specification/"

// titles holds the titles of the spec sections lessons cite, so
// their links can carry the anchor the published page uses. The titles
// are those of the specification's docs/specification.md; a section not
// listed links to the top of the page rather than to a guessed anchor.
var titles = map[string]string{
	"3.1.1":  "Send Message",
	"3.1.2":  "Send Streaming Message",
	"3.1.3":  "Get Task",
	"3.1.4":  "List Tasks",
	"3.1.5":  "Cancel Task",
	"3.1.6":  "Subscribe to Task",
	"3.1.7":  "Create Push Notification Config",
	"3.2.2":  "SendMessageConfiguration",
	"3.2.3":  "Stream Response",
	"3.2.4":  "History Length Semantics",
	"3.3.1":  "Idempotency",
	"3.3.2":  "Error Handling",
	"3.3.4":  "Capability Validation",
	"3.4":    "Multi-Turn Interactions",
	"3.4.1":  "Context Identifier Semantics",
	"3.4.2":  "Task Identifier Semantics",
	"3.4.3":  "Multi-Turn Conversation Patterns",
	"3.5.1":  "Overview of Update Mechanisms",
	"3.5.2":  "Streaming Event Delivery",
	"3.6":    "Versioning",
	"3.6.1":  "Client Responsibilities",
	"3.6.2":  "Server Responsibilities",
	"4.1.1":  "Task",
	"4.1.2":  "TaskStatus",
	"4.1.3":  "TaskState",
	"4.1.4":  "Message",
	"4.1.5":  "Role",
	"4.1.6":  "Part",
	"4.1.7":  "Artifact",
	"4.2.1":  "TaskStatusUpdateEvent",
	"4.2.2":  "TaskArtifactUpdateEvent",
	"4.3.3":  "Push Notification Payload",
	"4.4.1":  "AgentCard",
	"5.3":    "Method Mapping Reference",
	"5.4":    "Error Code Mappings",
	"5.5":    "JSON Field Naming Convention",
	"5.6.1":  "Timestamps",
	"5.7":    "Field Presence and Optionality",
	"7.6":    "In-Task Authorization",
	"7.6.1":  "In-Task Authorization Agent Responsibilities",
	"7.6.2":  "In-Task Authorization Client Responsibilities",
	"7.6.3":  "In-Task Authorization Security Considerations",
	"7.6.4":  "In-Task Authorization Scope",
	"9":      "JSON-RPC Protocol Binding",
	"9.1":    "Protocol Requirements",
	"9.3":    "Base Request Structure",
	"9.4.2":  "SendStreamingMessage",
	"9.5":    "Error Handling",
	"11":     "HTTP+JSON/REST Protocol Binding",
	"11.1":   "Protocol Requirements",
	"11.6":   "Error Handling",
	"11.7":   "Streaming",
	"14.2.1": "A2A-Version Header",
	"A.2.1":  "Breaking Change: Kind Discriminator Removed",
}

// SectionURL returns the link to a section ("7.6.1") of the
// specification, with the page's anchor when the section's title is
// known.
func SectionURL(section string) string {
	title, ok := titles[section]
	if !ok {
		return URL
	}
	return URL + "#" + slug(section+". "+title)
}

// slug makes an anchor the way the specification's site does: drop
// everything but letters, digits, spaces and "-", lower the case, and
// join words with "-".
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == ' ' || r == '-':
			b.WriteByte('-')
		}
	}
	out := b.String()
	for strings.Contains(out, "--") {
		out = strings.ReplaceAll(out, "--", "-")
	}
	return strings.Trim(out, "-")
}
