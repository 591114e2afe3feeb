// The JSON pruner of txpipe's native part (docs/ARCHITECTURE.md, "Native part"): no Node here.
//
// pruneLine() writes a line's JSON value with every object member that is not on one of the
// paths left out: a path's value is copied byte for byte, and objects on the way to a path are
// pruned in turn. JSON.parse of what it writes gives, at every path, exactly what JSON.parse of
// the whole line gives there, duplicate keys and all (members are copied in order).
//
// A line is pruned only when it is certainly JSON. Anything else (not JSON, a key with an escape
// on a pruned object, nesting over kMaxDepth) is refused, and the caller reads that line the
// ordinary way. The JSON grammar is checked exactly (RFC 8259, as V8's JSON.parse applies it to
// the decoded text); bytes >= 0x80 are allowed only inside strings, where UTF-8 decoding can only
// turn them into characters a JSON string may hold.
#pragma once

#if defined(__SSE2__) && !defined(TXPIPE_NO_SIMD)
#include <emmintrin.h>
#endif

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace txpipe {

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

  // After a container's opening byte (p_ on it): steps in; true for an empty container, which
  // is then stepped out of too.
  bool open(uint8_t close) {
    p_++;
    ws();
    if (p_ < end_ && *p_ == close) {
      p_++;
      return true;
    }
    return false;
  }

  enum class After { kMore, kClosed, kBad };

  // After a member or an element: a comma (more follow) or the container's closing byte.
  After after(uint8_t close) {
    ws();
    if (p_ >= end_) return After::kBad;
    if (*p_ == ',') {
      p_++;
      ws();
      return After::kMore;
    }
    if (*p_ == close) {
      p_++;
      return After::kClosed;
    }
    return After::kBad;
  }

  // A member's key and colon (p_ at the key); `escaped` tells whether the key has an escape.
  bool key(const uint8_t** ks, const uint8_t** ke, bool* escaped) {
    if (p_ >= end_ || *p_ != '"') return false;
    *ks = p_;
    if (!string(escaped)) return false;
    *ke = p_;
    ws();
    if (p_ >= end_ || *p_ != ':') return false;
    p_++;
    ws();
    return true;
  }

  // An object on the paths (p_ at '{'): members on a path are copied, the others checked only.
  bool object(PathNode* node, int depth) {
    if (depth >= kMaxDepth) return false;
    out_->push_back('{');
    if (open('}')) {
      out_->push_back('}');
      return true;
    }
    bool first = true;
    for (;;) {
      const uint8_t* ks;
      const uint8_t* ke;
      bool escaped = false;
      if (!key(&ks, &ke, &escaped)) return false;
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
      After a = after('}');
      if (a == After::kBad) return false;
      if (a == After::kClosed) {
        out_->push_back('}');
        return true;
      }
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
    if (open('}')) return true;
    for (;;) {
      const uint8_t* ks;
      const uint8_t* ke;
      if (!key(&ks, &ke, nullptr) || !value(depth + 1)) return false;
      After a = after('}');
      if (a != After::kMore) return a == After::kClosed;
    }
  }

  bool skipArray(int depth) {
    if (depth >= kMaxDepth) return false;
    if (open(']')) return true;
    for (;;) {
      if (!value(depth + 1)) return false;
      After a = after(']');
      if (a != After::kMore) return a == After::kClosed;
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
#if defined(__SSE2__) && !defined(TXPIPE_NO_SIMD)
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

// Appends line [s, e) pruned to `root` to `out` and returns true, or leaves `out` as it was and
// returns false when the line is to be read the ordinary way.
inline bool pruneLine(const uint8_t* s, const uint8_t* e, PathNode* root, std::string* out) {
  size_t mark = out->size();
  Scanner sc(s, e, out);
  if (sc.line(root)) return true;
  out->resize(mark);
  return false;
}

}  // namespace txpipe
