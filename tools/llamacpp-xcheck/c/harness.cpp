// harness: decode the given token ids one at a time with llama.cpp (f32 KV
// cache, no flash attention, one thread) and print each step's logits as a
// line of text. Not part of the test suite; see README.md.
#include "llama.h"
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: harness model.gguf tok...\n"); return 2; }
    llama_backend_init();
    auto mp = llama_model_default_params();
    llama_model *model = llama_model_load_from_file(argv[1], mp);
    if (!model) { fprintf(stderr, "load failed\n"); return 1; }
    auto cp = llama_context_default_params();
    cp.n_ctx = 64; cp.n_batch = 1; cp.n_ubatch = 1; cp.n_threads = 1; cp.n_threads_batch = 1;
    cp.type_k = GGML_TYPE_F32; cp.type_v = GGML_TYPE_F32; cp.flash_attn = false;
    llama_context *ctx = llama_init_from_model(model, cp);
    if (!ctx) { fprintf(stderr, "ctx failed\n"); return 1; }
    int nv = llama_vocab_n_tokens(llama_model_get_vocab(model));
    for (int i = 2; i < argc; i++) {
        llama_token t = atoi(argv[i]);
        if (llama_decode(ctx, llama_batch_get_one(&t, 1))) { fprintf(stderr, "decode failed\n"); return 1; }
        float *l = llama_get_logits_ith(ctx, -1);
        for (int j = 0; j < nv; j++) printf("%.9g%c", l[j], j + 1 < nv ? ' ' : '\n');
    }
    return 0;
}
