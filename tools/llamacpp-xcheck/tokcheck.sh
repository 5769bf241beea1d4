#!/usr/bin/env bash
# Compare zincc's tokenizers with llama.cpp's, id for id.
# usage: tools/llamacpp-xcheck/tokcheck.sh LLAMA_CPP_SOURCE_DIR [WORK_DIR]
# Builds libllama (CPU, static) in LLAMA_CPP_SOURCE_DIR/build-xcheck if needed;
# uses LLAMA_CPP_SOURCE_DIR/models/ggml-vocab-*.gguf (or $VOCABS/ggml-vocab-*.gguf)
# when they are there: llama.cpp's own vocabularies and their expected ids.
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
g++ -O1 -std=c++17 "$here/c/tokenize.cpp" -I"$src/include" -I"$src/ggml/include" $libs -o "$work/tokenize"
vocabs=()
vdir=${VOCABS:-$src/models}
if ls "$vdir"/ggml-vocab-gpt-2.gguf >/dev/null 2>&1; then vocabs=(-vocabs "$(cd "$vdir" && pwd)"); fi
(cd "$here/../.." && go run ./tools/llamacpp-xcheck/tokcheck -dir "$work" "${vocabs[@]}" write)
for m in "$work"/tok-*.gguf; do
	"$work/tokenize" "$m" "$work/strings.hex" >"${m%.gguf}.llama"
done
(cd "$here/../.." && go run ./tools/llamacpp-xcheck/tokcheck -dir "$work" "${vocabs[@]}" compare)
