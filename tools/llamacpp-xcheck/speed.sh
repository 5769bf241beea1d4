#!/usr/bin/env bash
# Decode speed of zincc's cpu tier side by side with llama.cpp's CPU backend
# on the same TinyLlama-1.1B-shaped random models (tools/tinymodel -shape
# tinyllama): q4_0, q8_0, f16 and Q4_K_M, THREADS threads (default 2),
# TOKENS decode tokens (default 32), ROUNDS rounds (default 3) alternating
# the two programs so that a slow spell of the machine hits both.
# usage: tools/llamacpp-xcheck/speed.sh LLAMA_CPP_SOURCE_DIR [WORK_DIR]
# Builds llama-bench (GGML_NATIVE=ON: the build a user makes for this
# machine) in LLAMA_CPP_SOURCE_DIR/build-bench if needed. Prints, per
# model, every round's tok/s of both and the ratio of the medians.
set -euo pipefail
src=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
threads=${THREADS:-2}
tokens=${TOKENS:-32}
rounds=${ROUNDS:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$here/../..
b=$src/build-bench
if [ ! -x "$b/bin/llama-bench" ]; then
	cmake -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF -DGGML_NATIVE=ON \
		-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=ON -DLLAMA_BUILD_SERVER=OFF >/dev/null
	cmake --build "$b" -j "$(nproc)" --target llama-bench >/dev/null
fi
(cd "$root" && go build -o "$work/zincc" ./cmd/zincc && go build -o "$work/tinymodel" ./tools/tinymodel)
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
for t in q4_0 q8_0 f16 q4_K_M; do
	m=$work/tinyllama-$t.gguf
	[ -f "$m" ] || "$work/tinymodel" -shape tinyllama -type "$t" -o "$m"
	: >"$work/$t.llama"
	: >"$work/$t.zincc"
	for ((r = 0; r < rounds; r++)); do
		"$b/bin/llama-bench" -m "$m" -t "$threads" -p 0 -n "$tokens" -r 1 -o csv 2>/dev/null |
			awk -F, 'NR>1 {gsub(/"/, "", $0); print $(NF-1)}' >>"$work/$t.llama"
		"$work/zincc" generate -threads "$threads" -m "$m" -p "The cat" -n "$tokens" -temp 0 2>&1 >/dev/null |
			grep -v 'prompt eval' | sed -n -E 's/.* eval time = .*, +([0-9.]+) tokens per second\)$/\1/p' >>"$work/$t.zincc"
	done
	l=$(median <"$work/$t.llama")
	z=$(median <"$work/$t.zincc")
	echo "$t: llama.cpp $(paste -sd' ' "$work/$t.llama") tok/s; zincc $(paste -sd' ' "$work/$t.zincc") tok/s; zincc/llama.cpp $(awk -v z="$z" -v l="$l" 'BEGIN {printf "%.2f", z / l}')x (medians)"
done
