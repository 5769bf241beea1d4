package generate

import (
	"fmt"
	"strings"
)

// Message is one turn of a conversation.
type Message struct {
	Role    string // "system", "user" or "assistant"
	Content string
}

// Template is a chat format zincc renders itself. The formats and their
// recognition follow llama.cpp's built-in (non-Jinja) chat templates
// (src/llama-chat.cpp: llm_chat_detect_template, llm_chat_apply_template):
// a GGUF's tokenizer.chat_template is a Jinja program, which zincc does
// not run; it is recognised by the markers it contains, and the matching
// format is written here in Go. None of the formats writes BOS: the
// tokenizer adds it when the first turn is encoded with special tokens.
type Template string

// The formats zincc renders.
const (
	ChatML          Template = "chatml"            // <|im_start|>role\n…<|im_end|>\n (Qwen and others)
	Llama3          Template = "llama3"            // <|start_header_id|>role<|end_header_id|>\n\n…<|eot_id|>
	Llama2          Template = "llama2"            // [INST] … [/INST]…</s>, system text folded into the first turn
	Llama2Sys       Template = "llama2-sys"        // as llama2, system text between <<SYS>> and <</SYS>>
	Llama2SysBOS    Template = "llama2-sys-bos"    // as llama2-sys, <s> before each later [INST]
	Llama2SysStrip  Template = "llama2-sys-strip"  // as llama2-sys, every message trimmed
	MistralV1       Template = "mistral-v1"        // " [INST] …"
	MistralV3       Template = "mistral-v3"        // "[INST] …[/INST] …</s>", assistant text trimmed
	MistralV3Tekken Template = "mistral-v3-tekken" // as v3 with no spaces
	MistralV7       Template = "mistral-v7"        // [SYSTEM_PROMPT] … [/SYSTEM_PROMPT][INST] …[/INST]
)

// rendered lists the formats Render implements; a template name (GGUF
// files may hold one instead of Jinja text) is looked up here first.
var rendered = map[Template]bool{
	ChatML: true, Llama3: true, Llama2: true, Llama2Sys: true, Llama2SysBOS: true, Llama2SysStrip: true,
	MistralV1: true, MistralV3: true, MistralV3Tekken: true, MistralV7: true,
}

// detectors are llama.cpp's marker tests in its order, first match wins,
// including the families zincc recognises but does not render (so a
// template is never taken for a later family whose markers it also holds).
var detectors = []struct {
	name string
	test func(has func(string) bool, t string) Template
}{
	{"chatml", func(has func(string) bool, _ string) Template {
		switch {
		case !has("<|im_start|>"):
			return ""
		case has("<|im_sep|>"):
			return "phi4"
		case has("<end_of_utterance>"):
			return "smolvlm"
		}
		return ChatML
	}},
	{"mistral", func(has func(string) bool, t string) Template {
		if !strings.HasPrefix(t, "mistral") && !has("[INST]") {
			return ""
		}
		switch {
		case has("[SYSTEM_PROMPT]"):
			return MistralV7
		case has("' [INST] ' + system_message") || has("[AVAILABLE_TOOLS]"):
			switch {
			case has(" [INST]"):
				return MistralV1
			case has(`"[INST]"`):
				return MistralV3Tekken
			}
			return MistralV3
		case has("content.strip()"):
			return Llama2SysStrip
		case has("bos_token + '[INST]"):
			return Llama2SysBOS
		case has("<<SYS>>"):
			return Llama2Sys
		}
		return Llama2
	}},
	{"phi3", both("<|assistant|>", "<|end|>", "phi3")},
	{"chatglm4", one("[gMASK]<sop>", "chatglm4")},
	{"falcon3/glmedge", func(has func(string) bool, _ string) Template {
		if !has("<|assistant|>") || !has("<|user|>") {
			return ""
		}
		if has("</s>") {
			return "falcon3"
		}
		return "glmedge"
	}},
	{"glmedge", both("<|{{ item['role'] }}|>", "<|begin_of_image|>", "glmedge")},
	{"zephyr", both("<|user|>", "<|endoftext|>", "zephyr")},
	{"monarch", one("bos_token + message['role']", "monarch")},
	{"gemma", one("<start_of_turn>", "gemma")},
	{"orion", one(`'\n\nAssistant: ' + eos_token`, "orion")},
	{"openchat", one("GPT4 Correct ", "openchat")},
	{"vicuna", both("USER: ", "ASSISTANT: ", "vicuna")},
	{"deepseek", both("### Instruction:", "<|EOT|>", "deepseek")},
	{"command-r", both("<|START_OF_TURN_TOKEN|>", "<|USER_TOKEN|>", "command-r")},
	{"llama3", both("<|start_header_id|>", "<|end_header_id|>", Llama3)},
}

func one(marker string, t Template) func(func(string) bool, string) Template {
	return func(has func(string) bool, _ string) Template {
		if has(marker) {
			return t
		}
		return ""
	}
}

func both(a, b string, t Template) func(func(string) bool, string) Template {
	return func(has func(string) bool, _ string) Template {
		if has(a) && has(b) {
			return t
		}
		return ""
	}
}

// DetectTemplate recognises a model's tokenizer.chat_template: a format
// name, or Jinja text holding a format's markers. A template zincc does
// not render is refused with its first line (or the family it belongs
// to). An absent template is ChatML, as in llama.cpp.
func DetectTemplate(text string, present bool) (Template, error) {
	if !present {
		return ChatML, nil
	}
	if t := Template(strings.TrimSpace(text)); rendered[t] {
		return t, nil
	}
	has := func(s string) bool { return strings.Contains(text, s) }
	for _, d := range detectors {
		t := d.test(has, text)
		if t == "" {
			continue
		}
		if rendered[t] {
			return t, nil
		}
		return "", fmt.Errorf("the model's chat template is of the %s family, which zincc does not render (it renders ChatML, Llama 3, Llama 2 and Mistral [INST] templates); its first line: %s", t, firstLine(text))
	}
	return "", fmt.Errorf("the model's chat template is not one zincc recognises (it renders ChatML, Llama 3, Llama 2 and Mistral [INST] templates); its first line: %s", firstLine(text))
}

// firstLine is the template's first non-blank line, quoted and cut at 120
// bytes.
func firstLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if len(l) > 120 {
				l = l[:120] + "…"
			}
			return fmt.Sprintf("%q", l)
		}
	}
	return `""`
}

// trim removes ASCII white space at both ends, as llama-chat.cpp's trim
// (isspace) does.
func trim(s string) string { return strings.Trim(s, " \t\n\v\f\r") }

// Render writes the conversation in the template's format; addAssistant
// appends the opening of the assistant's turn (formats that end a user
// turn with [/INST] have none).
func (t Template) Render(msgs []Message, addAssistant bool) (string, error) {
	var b strings.Builder
	for _, m := range msgs {
		switch m.Role {
		case "system", "user", "assistant":
		default:
			return "", fmt.Errorf("chat: unknown role %q", m.Role)
		}
	}
	switch t {
	case ChatML:
		for _, m := range msgs {
			b.WriteString("<|im_start|>" + m.Role + "\n" + m.Content + "<|im_end|>\n")
		}
		if addAssistant {
			b.WriteString("<|im_start|>assistant\n")
		}
	case Llama3:
		for _, m := range msgs {
			b.WriteString("<|start_header_id|>" + m.Role + "<|end_header_id|>\n\n" + trim(m.Content) + "<|eot_id|>")
		}
		if addAssistant {
			b.WriteString("<|start_header_id|>assistant<|end_header_id|>\n\n")
		}
	case MistralV7:
		for _, m := range msgs {
			switch m.Role {
			case "system":
				b.WriteString("[SYSTEM_PROMPT] " + m.Content + "[/SYSTEM_PROMPT]")
			case "user":
				b.WriteString("[INST] " + m.Content + "[/INST]")
			default:
				b.WriteString(" " + m.Content + "</s>")
			}
		}
	case MistralV1, MistralV3, MistralV3Tekken:
		lead, trail := "", " "
		if t == MistralV1 {
			lead = " "
		}
		if t == MistralV3Tekken {
			trail = ""
		}
		inTurn := false
		for _, m := range msgs {
			if !inTurn {
				b.WriteString(lead + "[INST]" + trail)
				inTurn = true
			}
			switch m.Role {
			case "system":
				b.WriteString(m.Content + "\n\n")
			case "user":
				b.WriteString(m.Content + lead + "[/INST]")
			default:
				c := m.Content
				if t == MistralV3 {
					c = trim(c)
				}
				b.WriteString(trail + c + "</s>")
				inTurn = false
			}
		}
	case Llama2, Llama2Sys, Llama2SysBOS, Llama2SysStrip:
		inTurn := true // the first [INST] is written here, without BOS
		b.WriteString("[INST] ")
		for _, m := range msgs {
			c := m.Content
			if t == Llama2SysStrip {
				c = trim(c)
			}
			if !inTurn {
				inTurn = true
				if t == Llama2SysBOS {
					b.WriteString("<s>[INST] ")
				} else {
					b.WriteString("[INST] ")
				}
			}
			switch m.Role {
			case "system":
				if t == Llama2 {
					b.WriteString(c + "\n")
				} else {
					b.WriteString("<<SYS>>\n" + c + "\n<</SYS>>\n\n")
				}
			case "user":
				b.WriteString(c + " [/INST]")
			default:
				b.WriteString(c + "</s>")
				inTurn = false
			}
		}
	default:
		return "", fmt.Errorf("chat: zincc does not render template %q", string(t))
	}
	return b.String(), nil
}
