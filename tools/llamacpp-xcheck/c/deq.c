// deq: for each tensor of a GGUF file, dequantised by ggml's own to_float,
// print its name, the sum of its values, its first and last value (the
// lines main.go -dequant prints with zincc's dequantisers). Not part of the
// test suite; see README.md.
#include "ggml.h"
#include "gguf.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    struct ggml_context *meta = NULL;
    struct gguf_init_params p = { .no_alloc = false, .ctx = &meta };
    struct gguf_context *g = gguf_init_from_file(argv[1], p);
    if (!g) return 1;
    for (int i = 0; i < gguf_get_n_tensors(g); i++) {
        const char *name = gguf_get_tensor_name(g, i);
        struct ggml_tensor *t = ggml_get_tensor(meta, name);
        int64_t n = ggml_nelements(t);
        float *out = malloc(n * sizeof(float));
        const struct ggml_type_traits *tr = ggml_get_type_traits(t->type);
        if (t->type == GGML_TYPE_F32) for (int64_t j = 0; j < n; j++) out[j] = ((float*)t->data)[j];
        else tr->to_float(t->data, out, n);
        double s = 0;
        for (int64_t j = 0; j < n; j++) s += out[j];
        printf("%s %.17g %.9g %.9g\n", name, s, out[0], out[n-1]);
        free(out);
    }
    return 0;
}
