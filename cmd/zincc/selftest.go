package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"zincc/exec/selftest"
)

func init() {
	register(&command{
		name:    "selftest",
		args:    "[-tier=auto|cs|kfd|umq] [-fake] [-o report.json]",
		summary: "bring a GPU up stage by stage (probe, smoke, kernels, tiny_llama, timed step) and report the first failure",
		run:     runSelftest,
	})
}

func runSelftest(e *env, args []string) int {
	c := commands["selftest"]
	fs := newFlags(c, e)
	tierName := fs.String("tier", "auto", "GPU tier to test: auto, cs, kfd or umq")
	useFake := fs.Bool("fake", false, "run every stage against the in-process fake driver (emulated GPU, no hardware)")
	out := fs.String("o", "", "also write the report as JSON to this file")
	timeout := fs.Duration("timeout", 10*time.Second, "how long one GPU step may take")
	pos, status := parseFlags(fs, args)
	if status >= 0 {
		return status
	}
	if len(pos) != 0 {
		fmt.Fprintf(e.stderr, "zincc selftest: takes no arguments, got %q\n", pos)
		return exitUsage
	}
	switch *tierName {
	case "auto", "cs", "kfd", "umq":
	default:
		fmt.Fprintf(e.stderr, "zincc selftest: -tier must be auto, cs, kfd or umq, got %q\n", *tierName)
		return exitUsage
	}
	rep := selftest.Run(selftest.Options{Tier: *tierName, Fake: *useFake, Config: gpuConfig, Timeout: *timeout, Log: e.stdout})
	if rep.Emulated {
		fmt.Fprintln(e.stdout, "selftest: EMULATED: the fake driver's GPU is the emulator; nothing here is a hardware result")
	}
	for _, s := range rep.Stages {
		if s.OK {
			if s.Detail != "" {
				fmt.Fprintf(e.stdout, "selftest: %s: %s\n", s.Name, s.Detail)
			}
			continue
		}
		fmt.Fprintf(e.stdout, "selftest: stopped at stage %q on tier %s\n", s.Name, orNone(rep.Tier))
		if s.Step != "" {
			fmt.Fprintf(e.stdout, "  step:   %s\n", s.Step)
		}
		if s.Errno != "" {
			fmt.Fprintf(e.stdout, "  errno:  %s\n", s.Errno)
		}
		if s.Packet != "" {
			fmt.Fprintf(e.stdout, "  packet: %s at IB dword %d\n", s.Packet, s.Offset)
		}
		if len(s.Dmesg) > 0 {
			fmt.Fprintf(e.stdout, "  dmesg:  sudo dmesg | grep -iE '%s'\n", strings.Join(s.Dmesg, "|"))
		}
	}
	if *out != "" {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err == nil {
			err = os.WriteFile(*out, append(b, '\n'), 0o644)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "zincc selftest: %v\n", err)
			return exitInput
		}
	}
	if !rep.OK {
		return exitInput
	}
	fmt.Fprintln(e.stdout, "selftest: all stages passed")
	return exitOK
}
