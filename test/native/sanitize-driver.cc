// Runs the native part's C++ (json-prune.h, find.h) under AddressSanitizer and
// UndefinedBehaviorSanitizer on random, damaged and hostile input (test/native/sanitize.test.ts
// builds and runs it). Each input sits in a heap block of exactly its size, so a read one byte
// past it is reported. Checks, beyond "no memory error":
// - a pruned line's output is JSON the pruner takes again, unchanged (pruning is idempotent);
// - find() agrees with a plain byte-by-byte search.
// Usage: sanitize-driver <seed> <rounds>; prints "ok <pruned> <refused>" or exits non-zero.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../native/find.h"
#include "../../native/json-prune.h"

namespace {

uint64_t state;
uint64_t next() {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}
size_t below(size_t n) { return n == 0 ? 0 : next() % n; }

const char* const kKeys[] = {"type", "message", "id", "usage", "data", "output_tokens", "x", "", "\\u0074ype"};
const char* const kScalars[] = {"0",    "-0",    "12",   "-3.25",  "1e5",     "2E-2",     "1e400",
                                "true", "false", "null", "\"a\"", "\"\\u00e9\"", "\"\\\"\\\\\"", "\"\xc3\xa9\xff\""};
const char* const kSpace[] = {"", "", "", " ", "\t", "\r\n"};

void value(std::string* s, int depth) {
  size_t r = below(100);
  if (depth > 6 || r < 35) {
    s->append(kScalars[below(sizeof kScalars / sizeof *kScalars)]);
    return;
  }
  size_t n = below(5);
  bool obj = r < 80;
  s->push_back(obj ? '{' : '[');
  for (size_t i = 0; i < n; i++) {
    if (i > 0) s->push_back(',');
    s->append(kSpace[below(6)]);
    if (obj) {
      s->push_back('"');
      s->append(kKeys[below(sizeof kKeys / sizeof *kKeys)]);
      s->append("\":");
    }
    value(s, depth + 1);
    s->append(kSpace[below(6)]);
  }
  s->push_back(obj ? '}' : ']');
}

void damage(std::string* s) {
  static const char kBytes[] = "{}[]\",:\\ 0a-e.\x01tfnu\x80\xff";
  size_t at = below(s->size() + 1);
  char c = kBytes[below(sizeof kBytes - 1)];
  switch (below(4)) {
    case 0:
      if (at < s->size()) s->erase(at, 1);
      break;
    case 1:
      s->insert(at, 1, c);
      break;
    case 2:
      if (at < s->size()) (*s)[at] = c;
      break;
    default:
      s->resize(at);
  }
}

std::string input() {
  std::string s;
  switch (below(6)) {
    case 0: {  // random bytes
      size_t n = below(64);
      for (size_t i = 0; i < n; i++) s.push_back(static_cast<char>(next()));
      return s;
    }
    case 1: {  // deep nesting, closed or not
      size_t n = below(1200);
      s.append("{\"x\":");
      s.append(n, below(2) ? '[' : '{');
      if (below(2)) s.append(n, ']');
      return s;
    }
    default:
      value(&s, 0);
      for (size_t k = below(3); k > 0; k--) damage(&s);
      return s;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  state = std::strtoull(argv[1], nullptr, 10) * 2654435761u + 1;
  long rounds = std::strtol(argv[2], nullptr, 10);
  txpipe::PathNode root;
  for (const char* p : {"type", "message.id", "message.usage", "data.message.usage.output_tokens"})
    root.add(p);
  long pruned = 0;
  long refused = 0;
  for (long i = 0; i < rounds; i++) {
    std::string text = input();
    auto* exact = static_cast<uint8_t*>(std::malloc(text.size() + 1));  // +1: malloc(0)
    std::memcpy(exact, text.data(), text.size());
    std::string out;
    if (txpipe::pruneLine(exact, exact + text.size(), &root, &out)) {
      pruned++;
      auto* again = static_cast<uint8_t*>(std::malloc(out.size() + 1));
      std::memcpy(again, out.data(), out.size());
      std::string out2;
      if (!txpipe::pruneLine(again, again + out.size(), &root, &out2) || out2 != out) {
        std::fprintf(stderr, "not idempotent: %s -> %s -> %s\n", text.c_str(), out.c_str(), out2.c_str());
        return 1;
      }
      std::free(again);
    } else {
      refused++;
      if (!out.empty()) {
        std::fprintf(stderr, "a refused line left output: %s\n", text.c_str());
        return 1;
      }
    }
    // find(): the needle from the input itself or made up, against a plain search.
    size_t n = 2 + below(6);
    std::string needle = text.size() >= n && below(2) ? text.substr(below(text.size() - n + 1), n)
                                                       : std::string("usage\"").substr(0, n);
    auto* hay = static_cast<uint8_t*>(std::malloc(text.size() + 1));
    std::memcpy(hay, text.data(), text.size());
    int64_t want = -1;
    for (size_t at = 0; at + needle.size() <= text.size(); at++)
      if (std::memcmp(hay + at, needle.data(), needle.size()) == 0) {
        want = int64_t(at);
        break;
      }
    int64_t got = txpipe::find(hay, text.size(), reinterpret_cast<const uint8_t*>(needle.data()),
                               needle.size());
    if (got != want) {
      std::fprintf(stderr, "find: %lld, want %lld\n", static_cast<long long>(got),
                   static_cast<long long>(want));
      return 1;
    }
    std::free(hay);
    std::free(exact);
  }
  std::printf("ok %ld %ld\n", pruned, refused);
  return 0;
}
