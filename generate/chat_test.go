package generate

import (
	"strings"
	"testing"
)

// conversation is the exchange the expected renderings below are written
// for, from each format's definition (llama.cpp's built-in templates).
var conversation = []Message{
	{"system", "You are terse."},
	{"user", "Hi"},
	{"assistant", "Hello."},
	{"user", "Bye"},
}

func TestRender(t *testing.T) {
	for _, tc := range []struct {
		t    Template
		want string
	}{
		{ChatML, "<|im_start|>system\nYou are terse.<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello.<|im_end|>\n<|im_start|>user\nBye<|im_end|>\n<|im_start|>assistant\n"},
		{Llama3, "<|start_header_id|>system<|end_header_id|>\n\nYou are terse.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nHello.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nBye<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"},
		{Llama2, "[INST] You are terse.\nHi [/INST]Hello.</s>[INST] Bye [/INST]"},
		{Llama2Sys, "[INST] <<SYS>>\nYou are terse.\n<</SYS>>\n\nHi [/INST]Hello.</s>[INST] Bye [/INST]"},
		{Llama2SysBOS, "[INST] <<SYS>>\nYou are terse.\n<</SYS>>\n\nHi [/INST]Hello.</s><s>[INST] Bye [/INST]"},
		{MistralV1, " [INST] You are terse.\n\nHi [/INST] Hello.</s> [INST] Bye [/INST]"},
		{MistralV3, "[INST] You are terse.\n\nHi[/INST] Hello.</s>[INST] Bye[/INST]"},
		{MistralV3Tekken, "[INST]You are terse.\n\nHi[/INST]Hello.</s>[INST]Bye[/INST]"},
		{MistralV7, "[SYSTEM_PROMPT] You are terse.[/SYSTEM_PROMPT][INST] Hi[/INST] Hello.</s>[INST] Bye[/INST]"},
	} {
		got, err := tc.t.Render(conversation, true)
		if err != nil {
			t.Errorf("%s: %v", tc.t, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.t, got, tc.want)
		}
	}
}

// TestRenderTrims: Llama 3 trims every message; Mistral v3 the
// assistant's; llama2-sys-strip every message; ChatML nothing.
func TestRenderTrims(t *testing.T) {
	msgs := []Message{{"user", "  Hi \n"}, {"assistant", " Yo "}}
	for _, tc := range []struct {
		t    Template
		want string
	}{
		{Llama3, "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nYo<|eot_id|>"},
		{MistralV3, "[INST]   Hi \n[/INST] Yo</s>"},
		{Llama2SysStrip, "[INST] Hi [/INST]Yo</s>"},
		{ChatML, "<|im_start|>user\n  Hi \n<|im_end|>\n<|im_start|>assistant\n Yo <|im_end|>\n"},
	} {
		if got, _ := tc.t.Render(msgs, false); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.t, got, tc.want)
		}
	}
}

// Jinja excerpts of real templates (the parts with the markers).
const (
	qwenJinja    = "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
	llama3Jinja  = "{% set loop_messages = messages %}{% for message in loop_messages %}{% set content = '<|start_header_id|>' + message['role'] + '<|end_header_id|>\\n\\n'+ message['content'] | trim + '<|eot_id|>' %}{{ content }}{% endfor %}"
	mistralJinja = "{{ bos_token }}{% for message in messages %}{% if message['role'] == 'user' %}{{ '[INST] ' + message['content'] + ' [/INST]' }}{% else %}{{ message['content'] + eos_token}}{% endif %}{% endfor %}"
	mistralV3    = "{%- if messages[0][\"role\"] == \"system\" %}…{%- for message in loop_messages %}{%- if message[\"role\"] == \"user\" %}{%- if tools is not none and (message == user_messages[-1]) %}{{- \"[AVAILABLE_TOOLS] [\" }}{%- endif %}{{- \"[INST] \" + message[\"content\"] + \"[/INST]\" }}{%- endif %}{%- endfor %}"
	gemmaJinja   = "{{ bos_token }}{% for message in messages %}{{ '<start_of_turn>' + role + '\\n' + message['content'] | trim + '<end_of_turn>\\n' }}{% endfor %}"
)

func TestDetectTemplate(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       Template
	}{
		{"qwen", qwenJinja, ChatML},
		{"llama3", llama3Jinja, Llama3},
		{"mistral instruct v0.1 (llama2 format)", mistralJinja, Llama2},
		{"mistral v3 (tools)", mistralV3, MistralV3},
		{"name chatml", "chatml", ChatML},
		{"name llama3", "llama3", Llama3},
		{"name mistral-v7", "mistral-v7", MistralV7},
		{"chatml wins over llama3 markers", "<|im_start|> <|start_header_id|><|end_header_id|>", ChatML},
		{"llama2 with <<SYS>>", "[INST] <<SYS>>", Llama2Sys},
	} {
		got, err := DetectTemplate(tc.text, true)
		if err != nil || got != tc.want {
			t.Errorf("%s: got %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	if got, err := DetectTemplate("", false); err != nil || got != ChatML {
		t.Errorf("no template: got %q, %v; want chatml as llama.cpp", got, err)
	}
	// A family zincc recognises but does not render is refused by name,
	// with the first line.
	_, err := DetectTemplate(gemmaJinja, true)
	if err == nil || !strings.Contains(err.Error(), "gemma") || !strings.Contains(err.Error(), "{{ bos_token }}") {
		t.Errorf("gemma: %v", err)
	}
	// An unknown one is refused with its first non-blank line.
	_, err = DetectTemplate("\n  {% for m in messages %}<<weird>>{{ m.content }}\n{% endfor %}", true)
	if err == nil || !strings.Contains(err.Error(), `"{% for m in messages %}<<weird>>{{ m.content }}"`) {
		t.Errorf("unknown template: %v", err)
	}
}

// TestRenderExtends: the rendering without the assistant opening is a
// prefix of the next turn's, which Session.Chat relies on to feed only the
// new end.
func TestRenderExtends(t *testing.T) {
	for tmpl := range rendered {
		for i := 1; i <= len(conversation); i++ {
			past, _ := tmpl.Render(conversation[:i-1], false)
			full, _ := tmpl.Render(conversation[:i], true)
			if !strings.HasPrefix(full, past) {
				t.Errorf("%s: %q does not extend %q", tmpl, full, past)
			}
		}
	}
}
