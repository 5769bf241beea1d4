#!/usr/bin/env bash
# Cross-check zincc's cpu tier with llama.cpp on zincc's test models.
# usage: tools/llamacpp-xcheck/run.sh LLAMA_CPP_SOURCE_DIR [WORK_DIR]
# Builds libllama (CPU, static) in LLAMA_CPP_SOURCE_DIR/build-xcheck if needed.
set -euo pipefail
src=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
b=$src/build-xcheck
if [ ! -f "$b/src/libllama.a" ]; then
	cmake -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF -DGGML_NATIVE=OFF \
		-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_COMMON=OFF >/dev/null
	cmake --build "$b" -j "$(nproc)" --target llama >/dev/null
fi
libs="$b/src/libllama.a $b/ggml/src/libggml.a $b/ggml/src/libggml-cpu.a $b/ggml/src/libggml-base.a -lstdc++ -lm -lpthread -lgomp"
g++ -O1 -std=c++17 "$here/c/harness.cpp" -I"$src/include" -I"$src/ggml/include" $libs -o "$work/harness"
gcc -O1 "$here/c/deq.c" -I"$src/ggml/include" $libs -o "$work/deq"
(cd "$here/../.." && go run ./tools/llamacpp-xcheck -dir "$work" ${PASSES:+-passes "$PASSES"})
for m in llama3 qwen2 qwen3 bias legacy q4km half; do
	echo "== $m"
	if ! "$work/harness" "$work/$m.gguf" $(cat "$work/$m.toks") >"$work/$m.llama" 2>"$work/$m.err"; then
		echo "llama.cpp refused it: $(grep -i error "$work/$m.err" | tail -1)"
		continue
	fi
	python3 "$here/compare.py" "$work/$m.zincc" "$work/$m.llama" | tail -1
	"$work/deq" "$work/$m.gguf" >"$work/$m.deq.ggml"
	(cd "$here/../.." && go run ./tools/llamacpp-xcheck -dequant "$work/$m.gguf") >"$work/$m.deq.zincc"
	if cmp -s "$work/$m.deq.ggml" "$work/$m.deq.zincc"; then echo "dequantisation: identical to ggml's"; else echo "dequantisation: DIFFERS (diff $work/$m.deq.*)"; fi
done
