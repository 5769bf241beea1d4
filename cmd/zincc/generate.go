package main

import (
	"bufio"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"zincc/exec"
	"zincc/frontend"
	"zincc/generate"
	"zincc/ir"
)

func init() {
	register(&command{
		name: "generate",
		args: "-m model.gguf [-p text | -f file | stdin] [-n 128] [-tier=T] [-temp T] [-top-k K] [-top-p P] [-min-p P] " +
			"[-repeat-penalty R] [-seed S] [-chat] [-i] [-json] [-no-parse-special] [-graph g.zir]",
		summary: "continue a text prompt with a GGUF model: streamed text on stdout, timing on stderr",
		run:     runGenerate,
	})
}

// maxPromptBytes bounds a prompt read from a file or standard input.
const maxPromptBytes = 16 << 20

// generateFlags are zincc generate's flags.
type generateFlags struct {
	model, prompt, file, graph, tier string
	n, ctx, topK, lastN, threads     int
	temp, topP, minP, repeat         float64
	seed                             int64
	chat, interactive, asJSON        bool
	noParseSpecial, verbose          bool
}

func (g *generateFlags) register(fs *flag.FlagSet, defTier string) {
	d := generate.DefaultSampler()
	fs.StringVar(&g.model, "m", "", "the GGUF model file (tokenizer, weights, architecture)")
	fs.StringVar(&g.prompt, "p", "", "the prompt (default: -f, else standard input)")
	fs.StringVar(&g.file, "f", "", "read the prompt from this file")
	fs.IntVar(&g.n, "n", 128, "tokens to generate at most (-1: until an end token or a full context)")
	fs.IntVar(&g.ctx, "ctx", 0, "KV-cache positions of the imported step (0: the model's context length, at most 4096)")
	fs.StringVar(&g.tier, "tier", defTier, "where to run: "+tierNames()+"; $ZINCC_TIER sets the default")
	fs.IntVar(&g.threads, "threads", 0, "cpu tier: goroutines a matvec's rows are spread over (0: one per CPU)")
	fs.Float64Var(&g.temp, "temp", d.Temp, "temperature; 0 is greedy (the step's own argmax)")
	fs.IntVar(&g.topK, "top-k", d.TopK, "keep the K most likely tokens (0: all)")
	fs.Float64Var(&g.topP, "top-p", d.TopP, "keep the most likely tokens up to this probability mass (1: off)")
	fs.Float64Var(&g.minP, "min-p", d.MinP, "keep tokens at least this fraction as likely as the best (0: off)")
	fs.Float64Var(&g.repeat, "repeat-penalty", d.RepeatPenalty, "penalise tokens among the last -repeat-last-n (1: off)")
	fs.IntVar(&g.lastN, "repeat-last-n", d.RepeatLastN, "how many recent tokens the repetition penalty looks at")
	fs.Int64Var(&g.seed, "seed", -1, "seed of the sampler's random draws (-1: a random seed, printed on stderr)")
	fs.BoolVar(&g.chat, "chat", false, "wrap the prompt in the model's chat template (tokenizer.chat_template)")
	fs.BoolVar(&g.interactive, "i", false, "interactive: after the reply, read the next turn from standard input (one line a turn), keeping the KV cache")
	fs.BoolVar(&g.asJSON, "json", false, "print one JSON object (text and timing) per reply instead of streaming")
	fs.BoolVar(&g.noParseSpecial, "no-parse-special", false, "treat special tokens written in the prompt as plain text")
	fs.StringVar(&g.graph, "graph", "", "run this .zir decode step instead of importing the model's (weights gguf(\"name\") read -m)")
	fs.BoolVar(&g.verbose, "v", false, "say which tier runs and, with -tier=auto, why each better tier was refused")
}

func runGenerate(e *env, args []string) int {
	c := commands["generate"]
	fs := newFlags(c, e)
	defTier := "cpu"
	if t := e.getenv("ZINCC_TIER"); t != "" {
		defTier = t
	}
	var g generateFlags
	g.register(fs, defTier)
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zincc generate: "+format+"\n", a...)
		return exitInput
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "zincc generate: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case len(pos) > 0:
		return usage("unexpected argument %q (the prompt goes in -p)", pos[0])
	case g.model == "":
		return usage("-m model.gguf is required")
	case g.prompt != "" && g.file != "":
		return usage("-p and -f both give the prompt; use one")
	case !knownTier(g.tier):
		return usage("unknown tier %q (known: %s)", g.tier, tierNames())
	case g.n == 0 || g.n < -1:
		return fail("-n %d: the number of tokens to generate must be positive (or -1 for no limit)", g.n)
	case g.ctx < 0:
		return fail("-ctx %d must not be negative", g.ctx)
	case g.threads < 0:
		return usage("-threads %d must not be negative", g.threads)
	case g.seed < -1 || g.seed > 1<<32-1:
		return fail("-seed %d must be in [0, 4294967295], or -1 for a random seed", g.seed)
	}
	seed := uint64(g.seed)
	if g.seed == -1 {
		var b [4]byte
		if _, err := crand.Read(b[:]); err != nil {
			return fail("no random seed: %v", err)
		}
		seed = uint64(binary.LittleEndian.Uint32(b[:]))
	}
	cfg := generate.SamplerConfig{Temp: g.temp, TopK: g.topK, TopP: g.topP, MinP: g.minP,
		RepeatPenalty: g.repeat, RepeatLastN: g.lastN, Seed: seed}
	if err := cfg.Check(); err != nil {
		return fail("%v", err)
	}

	// The first prompt: -p, -f, or standard input (not with -i, whose
	// turns come from standard input).
	prompt, havePrompt := g.prompt, g.prompt != ""
	stdin := bufio.NewReader(e.stdin)
	switch {
	case g.file != "":
		data, err := readFileLimit(g.file, maxPromptBytes)
		if err != nil {
			return fail("%v", err)
		}
		prompt, havePrompt = string(data), true
	case !havePrompt && !g.interactive:
		data, err := io.ReadAll(io.LimitReader(stdin, maxPromptBytes+1))
		if err != nil {
			return fail("reading the prompt from standard input: %v", err)
		}
		if len(data) > maxPromptBytes {
			return fail("the prompt on standard input is longer than %d bytes", maxPromptBytes)
		}
		prompt, havePrompt = string(data), true
	}
	if havePrompt {
		if err := checkUTF8(prompt); err != nil {
			return fail("%v", err)
		}
	}

	var graphSrc []byte
	if g.graph != "" {
		var err error
		if graphSrc, err = readFileLimit(g.graph, frontend.MaxSourceBytes); err != nil {
			return fail("%v", err)
		}
	}
	var progress func(string, int64, int64)
	if isTerminal(e.stderr) && !g.asJSON {
		progress = terminalProgress(e.stderr)
	}
	start := time.Now()
	md, err := generate.Load(generate.LoadOptions{
		Model: g.model, Graph: g.graph, GraphSource: graphSrc, Ctx: g.ctx,
		Logits:    !cfg.Greedy(),
		MaxMemory: exec.DefaultMemoryLimit(),
		Open: func(m *ir.Module, w *exec.Weights) (exec.Ring, error) {
			r, err := openTier(e, g.tier, g.threads, g.verbose, m, w)
			if err != nil {
				return nil, fmt.Errorf("tier %s: %w", g.tier, err)
			}
			return r, nil
		},
		Progress: progress,
	})
	if err != nil {
		return fail("%v", err)
	}
	defer md.Close()

	opts := generate.Options{MaxTokens: g.n, Sampler: cfg, ParseSpecial: !g.noParseSpecial}
	if g.chat {
		text, ok := md.Tok.ChatTemplate()
		if opts.Chat, err = generate.DetectTemplate(text, ok); err != nil {
			return fail("%v", err)
		}
		if !ok {
			fmt.Fprintf(e.stderr, "zincc generate: the model has no chat template; using ChatML, as llama.cpp does\n")
		}
	}
	sess, err := generate.NewSession(md, opts)
	if err != nil {
		return fail("%v", err)
	}
	if !cfg.Greedy() {
		fmt.Fprintf(e.stderr, "zincc generate: sampler seed: %d\n", seed)
	}

	var total generate.Timing
	var last generate.Result
	turn := func(text string) error {
		emit := func(b []byte) error {
			if g.asJSON {
				return nil
			}
			_, err := e.stdout.Write(b)
			return err
		}
		var res generate.Result
		var err error
		if g.chat {
			res, err = sess.Chat(text, emit)
		} else {
			res, err = sess.Generate(text, emit)
		}
		if err != nil {
			return err
		}
		total.Add(res.Timing)
		last = res
		if g.asJSON {
			return writeGenerateJSON(e.stdout, md, res, seed, cfg)
		}
		if g.interactive {
			fmt.Fprintln(e.stdout)
		}
		return nil
	}
	if havePrompt {
		if err := turn(prompt); err != nil {
			return fail("%v", err)
		}
	}
	for g.interactive && last.Stop != generate.StopContext {
		fmt.Fprint(e.stderr, "> ")
		line, err := stdin.ReadString('\n')
		if line == "" && err != nil {
			if err != io.EOF {
				return fail("reading standard input: %v", err)
			}
			break
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if err := checkUTF8(line); err != nil {
			return fail("%v", err)
		}
		if err := turn(line); err != nil {
			return fail("%v", err)
		}
	}
	if !g.asJSON {
		printTiming(e.stderr, md, total, time.Since(start), last.Stop, g.n)
	}
	return exitOK
}

// checkUTF8 refuses text that is not valid UTF-8, naming the first bad
// byte.
func checkUTF8(s string) error {
	if utf8.ValidString(s) {
		return nil
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return fmt.Errorf("the prompt is not valid UTF-8 (byte %d is 0x%02X)", i, s[i])
		}
		i += n
	}
	return errors.New("the prompt is not valid UTF-8")
}

// printTiming writes the timing lines as llama.cpp's llama_perf_context_print
// does, with the per-token latency percentiles and the stop reason.
func printTiming(w io.Writer, md *generate.Model, t generate.Timing, wall time.Duration, stop generate.StopReason, n int) {
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	per := func(d time.Duration, k int) float64 {
		if k == 0 {
			return 0
		}
		return ms(d) / float64(k)
	}
	const p = "zincc generate: "
	fmt.Fprintf(w, "\n%s       load time = %10.2f ms\n", p, ms(md.LoadTime))
	fmt.Fprintf(w, "%s   sampling time = %10.2f ms / %5d tokens (%8.2f ms per token, on the host)\n",
		p, ms(t.SampleTime), t.GenTokens, per(t.SampleTime, t.GenTokens))
	fmt.Fprintf(w, "%sprompt eval time = %10.2f ms / %5d tokens (%8.2f ms per token, %8.2f tokens per second)\n",
		p, ms(t.PromptTime), t.PromptTokens, per(t.PromptTime, t.PromptTokens), t.PromptRate())
	fmt.Fprintf(w, "%s       eval time = %10.2f ms / %5d tokens (%8.2f ms per token, %8.2f tokens per second)\n",
		p, ms(t.GenTime), t.GenTokens, per(t.GenTime, t.GenTokens), t.GenRate())
	if len(t.Latencies) > 0 {
		fmt.Fprintf(w, "%s   token latency = p50 %.2f ms, p99 %.2f ms (%d tokens after the first)\n",
			p, ms(t.Percentile(50)), ms(t.Percentile(99)), len(t.Latencies))
	}
	fmt.Fprintf(w, "%s      total time = %10.2f ms / %5d tokens\n", p, ms(wall), t.PromptTokens+t.GenTokens)
	if stop != "" {
		fmt.Fprintf(w, "%sstopped by %s on tier %s\n", p, stop.Describe(n, md.Ctx), md.Ring.Tier())
	}
}

// generateJSON is the -json output of one reply.
type generateJSON struct {
	Text   string     `json:"text"`
	Tokens []uint32   `json:"tokens"`
	Stop   string     `json:"stop"`
	Tier   string     `json:"tier"`
	Seed   *uint64    `json:"seed,omitempty"`
	Timing timingJSON `json:"timing"`
	Ctx    int        `json:"context"`
	Used   int        `json:"context_used"`
}

type timingJSON struct {
	LoadMS       float64 `json:"load_ms"`
	PromptTokens int     `json:"prompt_tokens"`
	PromptMS     float64 `json:"prompt_ms"`
	PromptTPS    float64 `json:"prompt_tokens_per_second"`
	GenTokens    int     `json:"generated_tokens"`
	GenSteps     int     `json:"generation_steps"`
	GenMS        float64 `json:"generation_ms"`
	GenTPS       float64 `json:"generated_tokens_per_second"`
	SampleMS     float64 `json:"sampling_ms"`
	P50MS        float64 `json:"latency_p50_ms"`
	P99MS        float64 `json:"latency_p99_ms"`
}

func writeGenerateJSON(w io.Writer, md *generate.Model, r generate.Result, seed uint64, cfg generate.SamplerConfig) error {
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	t := r.Timing
	out := generateJSON{
		Text: r.Text, Tokens: r.Tokens, Stop: string(r.Stop), Tier: md.Ring.Tier(), Ctx: md.Ctx, Used: md.Pos(),
		Timing: timingJSON{
			LoadMS: ms(md.LoadTime), PromptTokens: t.PromptTokens, PromptMS: ms(t.PromptTime), PromptTPS: t.PromptRate(),
			GenTokens: t.GenTokens, GenSteps: t.GenSteps, GenMS: ms(t.GenTime), GenTPS: t.GenRate(), SampleMS: ms(t.SampleTime),
			P50MS: ms(t.Percentile(50)), P99MS: ms(t.Percentile(99)),
		},
	}
	if out.Tokens == nil {
		out.Tokens = []uint32{}
	}
	if !cfg.Greedy() {
		out.Seed = &seed
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// terminalProgress shows load progress on one rewritten line.
func terminalProgress(w io.Writer) func(string, int64, int64) {
	return func(stage string, done, total int64) {
		switch {
		case stage == "":
			fmt.Fprint(w, "\r\033[K")
		case total > 0:
			fmt.Fprintf(w, "\r\033[Kloading: %s %3d%% (%s of %s)", stage, done*100/total,
				exec.FormatBytes(uint64(done)), exec.FormatBytes(uint64(total)))
		default:
			fmt.Fprintf(w, "\r\033[Kloading: %s", stage)
		}
	}
}
