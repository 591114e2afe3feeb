// The needle search of txpipe's native part (docs/ARCHITECTURE.md, "Native part"): no Node here.
#pragma once

#if defined(__SSE2__) && !defined(TXPIPE_NO_SIMD)
#include <emmintrin.h>
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace txpipe {

// The first match of needle[0, n) in hay[0, len), or -1 (n >= 2). Candidates are where both the
// needle's first and last byte match, 16 positions at a time; each is then compared whole.
inline int64_t find(const uint8_t* hay, size_t len, const uint8_t* needle, size_t n) {
  if (n > len) return -1;
  size_t i = 0;
  const size_t last = len - n;  // the last start a match can have
#if defined(__SSE2__) && !defined(TXPIPE_NO_SIMD)
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

}  // namespace txpipe
