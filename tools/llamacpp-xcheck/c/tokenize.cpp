// tokenize: run llama.cpp's tokenizer over the strings of a file and print
// what zincc's tokenizer package must reproduce: the ids of every string
// under the four (add_special, parse_special) combinations, the text
// llama_detokenize returns for them, each token's piece, and the special
// ids and end-of-generation set. Not part of the test suite; see README.md.
//
// usage: tokenize model.gguf strings.hex   (one string a line, hex-encoded)
#include "llama.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <string>
#include <vector>

static std::string unhex(const std::string &h) {
    std::string s;
    for (size_t i = 0; i + 1 < h.size(); i += 2) s.push_back((char) strtol(h.substr(i, 2).c_str(), nullptr, 16));
    return s;
}

static void hex(const char *p, int n) {
    printf(" ");
    if (n == 0) printf("-");
    for (int i = 0; i < n; i++) printf("%02x", (unsigned char) p[i]);
}

static void silent(ggml_log_level, const char *, void *) {}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: tokenize model.gguf strings.hex\n"); return 2; }
    llama_log_set(silent, nullptr);
    llama_backend_init();
    auto mp = llama_model_default_params();
    mp.vocab_only = true;
    llama_model *model = llama_model_load_from_file(argv[1], mp);
    if (!model) { printf("LOADFAIL\n"); return 0; }
    const llama_vocab *v = llama_model_get_vocab(model);
    int n = llama_vocab_n_tokens(v);
    printf("N %d BOS %d EOS %d EOT %d ADDBOS %d ADDEOS %d\n", n, llama_vocab_bos(v), llama_vocab_eos(v),
           llama_vocab_eot(v), llama_vocab_get_add_bos(v), llama_vocab_get_add_eos(v));
    printf("G");
    for (int i = 0; i < n; i++) if (llama_vocab_is_eog(v, i)) printf(" %d", i);
    printf("\nA");
    for (int i = 0; i < n; i++) printf(" %d", (int) llama_vocab_get_attr(v, i));
    printf("\n");
    std::ifstream in(argv[2]);
    std::string line;
    std::vector<char> buf(1 << 20);
    for (int idx = 0; std::getline(in, line); idx++) {
        std::string s = unhex(line);
        for (int add = 0; add < 2; add++) for (int parse = 0; parse < 2; parse++) {
            std::vector<llama_token> ids(s.size() + 8);
            int k;
            try {
                k = llama_tokenize(v, s.data(), (int) s.size(), ids.data(), (int) ids.size(), add, parse);
                if (k < 0) { ids.resize(-k); k = llama_tokenize(v, s.data(), (int) s.size(), ids.data(), (int) ids.size(), add, parse); }
            } catch (const std::exception &e) {
                // llama.cpp throws (and a program not catching it aborts),
                // e.g. for a byte no SentencePiece token stands for.
                printf("T %d %d %d error\n", idx, add, parse);
                continue;
            }
            ids.resize(k);
            printf("T %d %d %d", idx, add, parse);
            for (auto t : ids) printf(" %d", t);
            printf("\n");
            if (add && parse) {
                for (int rs = 0; rs < 2; rs++) for (int us = 0; us < 2; us++) {
                    int m = llama_detokenize(v, ids.data(), (int) ids.size(), buf.data(), (int) buf.size(), rs, us);
                    printf("D %d %d %d", idx, rs, us);
                    hex(buf.data(), m < 0 ? 0 : m);
                    printf("\n");
                }
                printf("P %d", idx);
                for (auto t : ids) {
                    int m = llama_token_to_piece(v, t, buf.data(), (int) buf.size(), 0, true);
                    hex(buf.data(), m < 0 ? 0 : m);
                }
                printf("\n");
            }
        }
    }
    return 0;
}
