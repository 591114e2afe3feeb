{
  "targets": [
    {
      "target_name": "txpipe_native",
      "sources": ["native/addon.cc"],
      "cflags_cc": ["-O3", "-std=c++17"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}
