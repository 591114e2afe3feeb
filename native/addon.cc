// txpipe's optional native part, the N-API glue (docs/ARCHITECTURE.md, "Native part"):
// createPruner(paths) and prune(...) over json-prune.h, indexOf(...) over find.h.
//
// prune(buf, ranges, count, pruner, status) reads `count` lines of `buf` (ranges holds each
// line's [start, end) byte offsets) and returns one JSON array text, `[v1,v2,...]`, with one value
// per line: the line pruned (json-prune.h) with status[i] = 0, or a `0` with status[i] = 1 for a
// line the caller must read the ordinary way.

#include <node_api.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "find.h"
#include "json-prune.h"

namespace {

using txpipe::PathNode;

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
    if (txpipe::pruneLine(buf + s, buf + e, root, &out)) {
      status[i] = 0;
    } else {
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
  if (to < 0) to = 0;
  int64_t at = -1;
  if (n == 0) {
    at = from < to ? from : to;  // as Buffer#indexOf of an empty needle: where the search starts
  } else if (from < to) {
    if (n == 1) {
      const void* p = std::memchr(hay + from, needle[0], size_t(to - from));
      at = p == nullptr ? -1 : static_cast<const uint8_t*>(p) - hay;
    } else {
      int64_t r = txpipe::find(hay + from, size_t(to - from), needle, n);
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
