// txpipe's optional native part: JSON Lines pruning (see docs/ARCHITECTURE.md, "Native pruning").
//
// prune(buf, ranges, count, pruner, out, status) reads `count` lines of `buf` (ranges holds each
// line's [start, end) byte offsets) and writes to `out` one JSON array text, `[v1,v2,...]`, with
// one value per line: the line's JSON value with every object member that is not on one of the
// pruner's paths left out (a path's value is copied byte for byte; objects on the way to a path
// are pruned in turn). JSON.parse of that text gives, at every path, exactly what JSON.parse of
// the whole line gives there, duplicate keys and all (members are copied in order).
//
// A line is pruned only when it is certainly JSON: status[i] is 0 then. Anything else (not JSON,
// a key with an escape on a pruned object, nesting over MAX_DEPTH) gets status 1 and a `0` in
// the array, and the caller reads that line the ordinary way. This file validates the JSON
// grammar exactly (RFC 8259, as V8's JSON.parse applies it to the decoded text); bytes >= 0x80
// are allowed only inside strings, as UTF-8 decoding can only turn them into characters that a
// JSON string may hold.

#include <node_api.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int kMaxDepth = 512;

// One object level of the paths: named members, each either taken whole or pruned in turn.
struct PathNode {
  struct Member {
    std::string key;
    bool whole;
    std::unique_ptr<PathNode> node;
  };
  std::vector<Member> members;

  PathNode::Member* find(const uint8_t* k, size_t n) {
    for (auto& m : members)
      if (m.key.size() == n && std::memcmp(m.key.data(), k, n) == 0) return &m;
    return nullptr;
  }

  void add(const std::string& path) {
    size_t dot = path.find('.');
    std::string head = dot == std::string::npos ? path : path.substr(0, dot);
    Member* m = find(reinterpret_cast<const uint8_t*>(head.data()), head.size());
    if (m == nullptr) {
      members.push_back(Member{head, false, nullptr});
      m = &members.back();
    }
    if (m->whole) return;
    if (dot == std::string::npos) {
      m->whole = true;
      m->node.reset();
      return;
    }
    if (!m->node) m->node = std::make_unique<PathNode>();
    m->node->add(path.substr(dot + 1));
  }
};

// True for a byte of a 64-bit word equal to `c` (the classic has-zero-byte trick).
inline uint64_t bytesEqual(uint64_t w, uint64_t c) {
  uint64_t x = w ^ (c * 0x0101010101010101ULL);
  return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

// True for a byte below 0x20 (a byte >= 0x80 never is: `& ~w` clears its high bit).
inline uint64_t bytesBelowSpace(uint64_t w) {
  return (w - 0x2020202020202020ULL) & ~w & 0x8080808080808080ULL;
}

class Scanner {
 public:
  Scanner(const uint8_t* p, const uint8_t* end, std::string* out) : p_(p), end_(end), out_(out) {}

  // The whole line: one value between optional whitespace.
  bool line(PathNode* root) {
    ws();
    if (p_ < end_ && *p_ == '{') {
      if (!object(root, 0)) return false;
    } else {
      const uint8_t* s = p_;
      if (!value(0)) return false;
      out_->append(reinterpret_cast<const char*>(s), p_ - s);
    }
    ws();
    return p_ == end_;
  }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
  std::string* out_;

  void ws() {
    while (p_ < end_ && (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) p_++;
  }

  // An object on the paths (p_ at '{'): members on a path are copied, the others checked only.
  bool object(PathNode* node, int depth) {
    if (depth >= kMaxDepth) return false;
    p_++;
    out_->push_back('{');
    ws();
    if (p_ < end_ && *p_ == '}') {
      p_++;
      out_->push_back('}');
      return true;
    }
    bool first = true;
    for (;;) {
      if (p_ >= end_ || *p_ != '"') return false;
      const uint8_t* ks = p_;
      bool escaped = false;
      if (!string(&escaped)) return false;
      const uint8_t* ke = p_;
      ws();
      if (p_ >= end_ || *p_ != ':') return false;
      p_++;
      ws();
      // A key with an escape could spell a path's key: such a line is read the ordinary way.
      if (escaped) return false;
      PathNode::Member* m = node->find(ks + 1, ke - ks - 2);
      if (m != nullptr) {
        if (!first) out_->push_back(',');
        first = false;
        out_->append(reinterpret_cast<const char*>(ks), ke - ks);
        out_->push_back(':');
        if (!m->whole && p_ < end_ && *p_ == '{') {
          if (!object(m->node.get(), depth + 1)) return false;
        } else {
          const uint8_t* vs = p_;
          if (!value(depth + 1)) return false;
          out_->append(reinterpret_cast<const char*>(vs), p_ - vs);
        }
      } else if (!value(depth + 1)) {
        return false;
      }
      ws();
      if (p_ >= end_) return false;
      if (*p_ == ',') {
        p_++;
        ws();
        continue;
      }
      if (*p_ == '}') {
        p_++;
        out_->push_back('}');
        return true;
      }
      return false;
    }
  }

  // Any value, checked and skipped.
  bool value(int depth) {
    if (p_ >= end_) return false;
    switch (*p_) {
      case '"':
        return string(nullptr);
      case '{':
        return skipObject(depth);
      case '[':
        return skipArray(depth);
      case 't':
        return literal("true", 4);
      case 'f':
        return literal("false", 5);
      case 'n':
        return literal("null", 4);
      default:
        return number();
    }
  }

  bool skipObject(int depth) {
    if (depth >= kMaxDepth) return false;
    p_++;
    ws();
    if (p_ < end_ && *p_ == '}') {
      p_++;
      return true;
    }
    for (;;) {
      if (p_ >= end_ || *p_ != '"' || !string(nullptr)) return false;
      ws();
      if (p_ >= end_ || *p_ != ':') return false;
      p_++;
      ws();
      if (!value(depth + 1)) return false;
      ws();
      if (p_ >= end_) return false;
      if (*p_ == ',') {
        p_++;
        ws();
        continue;
      }
      if (*p_ == '}') {
        p_++;
        return true;
      }
      return false;
    }
  }

  bool skipArray(int depth) {
    if (depth >= kMaxDepth) return false;
    p_++;
    ws();
    if (p_ < end_ && *p_ == ']') {
      p_++;
      return true;
    }
    for (;;) {
      if (!value(depth + 1)) return false;
      ws();
      if (p_ >= end_) return false;
      if (*p_ == ',') {
        p_++;
        ws();
        continue;
      }
      if (*p_ == ']') {
        p_++;
        return true;
      }
      return false;
    }
  }

  // A string (p_ at its opening quote): no raw control character, only JSON's escapes.
  bool string(bool* escaped) {
    p_++;
    for (;;) {
      skipPlain();
      if (p_ >= end_) return false;
      uint8_t c = *p_;
      if (c == '"') {
        p_++;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\') {
        if (escaped != nullptr) *escaped = true;
        if (end_ - p_ < 2) return false;
        uint8_t e = p_[1];
        if (e == 'u') {
          if (end_ - p_ < 6) return false;
          for (int i = 2; i < 6; i++)
            if (!isHex(p_[i])) return false;
          p_ += 6;
        } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' ||
                   e == 'r' || e == 't') {
          p_ += 2;
        } else {
          return false;
        }
        continue;
      }
      p_++;
    }
  }

  // Moves p_ to the next quote, backslash or control byte (or near the end): the bytes between
  // are plain string content.
  void skipPlain() {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i below = _mm_set1_epi8(0x1f);
    while (end_ - p_ >= 16) {
      __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p_));
      __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                 _mm_cmpeq_epi8(_mm_min_epu8(x, below), x));
      int mask = _mm_movemask_epi8(hit);
      if (mask != 0) {
        p_ += __builtin_ctz(static_cast<unsigned>(mask));
        return;
      }
      p_ += 16;
    }
#endif
    while (end_ - p_ >= 8) {
      uint64_t w;
      std::memcpy(&w, p_, 8);
      if (bytesEqual(w, '"') | bytesEqual(w, '\\') | bytesBelowSpace(w)) return;
      p_ += 8;
    }
  }

  static bool isHex(uint8_t c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  bool digits() {
    const uint8_t* s = p_;
    while (p_ < end_ && *p_ >= '0' && *p_ <= '9') p_++;
    return p_ > s;
  }

  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  bool number() {
    if (p_ < end_ && *p_ == '-') p_++;
    if (p_ >= end_) return false;
    if (*p_ == '0') {
      p_++;
    } else if (*p_ >= '1' && *p_ <= '9') {
      digits();
    } else {
      return false;
    }
    if (p_ < end_ && *p_ == '.') {
      p_++;
      if (!digits()) return false;
    }
    if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
      p_++;
      if (p_ < end_ && (*p_ == '+' || *p_ == '-')) p_++;
      if (!digits()) return false;
    }
    return true;
  }

  bool literal(const char* word, size_t n) {
    if (static_cast<size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0) return false;
    p_ += n;
    return true;
  }
};

void deletePaths(napi_env, void* data, void*) { delete static_cast<PathNode*>(data); }

napi_value fail(napi_env env, const char* message) {
  napi_throw_type_error(env, "ERR_TXPIPE_NATIVE", message);
  return nullptr;
}

// createPruner(paths: string[]): an opaque pruner for prune().
napi_value CreatePruner(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  bool isArray = false;
  if (argc < 1 || napi_is_array(env, argv[0], &isArray) != napi_ok || !isArray)
    return fail(env, "createPruner: paths must be an array of strings");
  uint32_t n = 0;
  napi_get_array_length(env, argv[0], &n);
  auto root = std::make_unique<PathNode>();
  for (uint32_t i = 0; i < n; i++) {
    napi_value el;
    napi_get_element(env, argv[0], i, &el);
    size_t len = 0;
    if (napi_get_value_string_utf8(env, el, nullptr, 0, &len) != napi_ok)
      return fail(env, "createPruner: paths must be an array of strings");
    std::string path(len, '\0');
    napi_get_value_string_utf8(env, el, path.data(), len + 1, &len);
    if (path.empty()) return fail(env, "createPruner: a path is empty");
    root->add(path);
  }
  napi_value external;
  napi_create_external(env, root.get(), deletePaths, nullptr, &external);
  root.release();
  return external;
}

bool bytesOf(napi_env env, napi_value v, uint8_t** data, size_t* len) {
  bool is = false;
  if (napi_is_typedarray(env, v, &is) != napi_ok || !is) return false;
  napi_typedarray_type type;
  size_t length;
  void* ptr;
  napi_value ab;
  size_t offset;
  if (napi_get_typedarray_info(env, v, &type, &length, &ptr, &ab, &offset) != napi_ok) return false;
  if (type != napi_uint8_array) return false;
  *data = static_cast<uint8_t*>(ptr);
  *len = length;
  return true;
}

// prune(buf: Uint8Array, ranges: Int32Array, count: number, pruner, status: Uint8Array): Buffer
napi_value Prune(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  if (argc < 5) return fail(env, "prune: 5 arguments expected");
  uint8_t* buf;
  size_t bufLen;
  if (!bytesOf(env, argv[0], &buf, &bufLen)) return fail(env, "prune: buf must be a Uint8Array");
  bool is = false;
  napi_typedarray_type type;
  size_t rangesLen;
  void* rangesPtr;
  napi_value ab;
  size_t offset;
  if (napi_is_typedarray(env, argv[1], &is) != napi_ok || !is ||
      napi_get_typedarray_info(env, argv[1], &type, &rangesLen, &rangesPtr, &ab, &offset) !=
          napi_ok ||
      type != napi_int32_array)
    return fail(env, "prune: ranges must be an Int32Array");
  const int32_t* ranges = static_cast<const int32_t*>(rangesPtr);
  uint32_t count;
  if (napi_get_value_uint32(env, argv[2], &count) != napi_ok || 2 * size_t(count) > rangesLen)
    return fail(env, "prune: count must fit ranges");
  PathNode* root;
  if (napi_get_value_external(env, argv[3], reinterpret_cast<void**>(&root)) != napi_ok)
    return fail(env, "prune: pruner must come from createPruner");
  uint8_t* status;
  size_t statusLen;
  if (!bytesOf(env, argv[4], &status, &statusLen) || statusLen < count)
    return fail(env, "prune: status must be a Uint8Array of count bytes");

  std::string out;
  out.reserve(4096);
  out.push_back('[');
  for (uint32_t i = 0; i < count; i++) {
    int32_t s = ranges[2 * i];
    int32_t e = ranges[2 * i + 1];
    if (i > 0) out.push_back(',');
    if (s < 0 || e < s || size_t(e) > bufLen) return fail(env, "prune: a range is outside buf");
    size_t mark = out.size();
    Scanner sc(buf + s, buf + e, &out);
    if (sc.line(root)) {
      status[i] = 0;
    } else {
      out.resize(mark);
      out.push_back('0');
      status[i] = 1;
    }
  }
  out.push_back(']');
  napi_value result;
  void* copy;
  if (napi_create_buffer_copy(env, out.size(), out.data(), &copy, &result) != napi_ok)
    return fail(env, "prune: out of memory");
  return result;
}

// The first match of needle[0, n) in hay[0, len), or -1 (n >= 2). Candidates are where both the
// needle's first and last byte match, 16 positions at a time; each is then compared whole.
int64_t find(const uint8_t* hay, size_t len, const uint8_t* needle, size_t n) {
  if (n > len) return -1;
  size_t i = 0;
  const size_t last = len - n;  // the last start a match can have
#if defined(__SSE2__)
  const __m128i first = _mm_set1_epi8(static_cast<char>(needle[0]));
  const __m128i tail = _mm_set1_epi8(static_cast<char>(needle[n - 1]));
  for (; i + 16 <= last + 1; i += 16) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hay + i));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(hay + i + n - 1));
    unsigned mask = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first), _mm_cmpeq_epi8(b, tail))));
    while (mask != 0) {
      unsigned bit = static_cast<unsigned>(__builtin_ctz(mask));
      if (std::memcmp(hay + i + bit + 1, needle + 1, n - 2) == 0) return int64_t(i + bit);
      mask &= mask - 1;
    }
  }
#endif
  for (; i <= last; i++)
    if (hay[i] == needle[0] && std::memcmp(hay + i + 1, needle + 1, n - 1) == 0) return int64_t(i);
  return -1;
}

// indexOf(hay: Uint8Array, needle: Uint8Array, from: number, to: number): number
// As Buffer#indexOf(needle, from) within hay[from, to): the first match's offset, or -1.
napi_value IndexOf(napi_env env, napi_callback_info info) {
  size_t argc = 4;
  napi_value argv[4];
  napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
  uint8_t* hay;
  size_t hayLen;
  uint8_t* needle;
  size_t n;
  if (argc < 4 || !bytesOf(env, argv[0], &hay, &hayLen) || !bytesOf(env, argv[1], &needle, &n))
    return fail(env, "indexOf: hay and needle must be Uint8Arrays");
  int64_t from;
  int64_t to;
  if (napi_get_value_int64(env, argv[2], &from) != napi_ok ||
      napi_get_value_int64(env, argv[3], &to) != napi_ok)
    return fail(env, "indexOf: from and to must be numbers");
  if (from < 0) from = 0;
  if (to > int64_t(hayLen)) to = int64_t(hayLen);
  int64_t at = -1;
  if (n == 0) {
    at = from <= to ? from : -1;
  } else if (from < to) {
    if (n == 1) {
      const void* p = std::memchr(hay + from, needle[0], size_t(to - from));
      at = p == nullptr ? -1 : static_cast<const uint8_t*>(p) - hay;
    } else {
      int64_t r = find(hay + from, size_t(to - from), needle, n);
      at = r < 0 ? -1 : from + r;
    }
  }
  napi_value result;
  napi_create_int64(env, at, &result);
  return result;
}

napi_value Init(napi_env env, napi_value exports) {
  napi_value fn;
  napi_create_function(env, "indexOf", NAPI_AUTO_LENGTH, IndexOf, nullptr, &fn);
  napi_set_named_property(env, exports, "indexOf", fn);
  napi_create_function(env, "createPruner", NAPI_AUTO_LENGTH, CreatePruner, nullptr, &fn);
  napi_set_named_property(env, exports, "createPruner", fn);
  napi_create_function(env, "prune", NAPI_AUTO_LENGTH, Prune, nullptr, &fn);
  napi_set_named_property(env, exports, "prune", fn);
  return exports;
}

}  // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
