// The counting allocator of alloc_count.hpp. Defining malloc and friends here replaces glibc's for the whole
// binary (the Swift runtime's allocations included); outside a window they only forward.
#include "alloc_count.hpp"
#include <atomic>
#include <cerrno>
#include <cstddef>
#include <malloc.h>

extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void __libc_free(void *);
void *__libc_memalign(size_t, size_t);
}

namespace {
std::atomic<bool> g_counting{false};
std::atomic<long> g_allocations{0};
std::atomic<long long> g_bytes{0};

inline bool counting() { return g_counting.load(std::memory_order_relaxed); }
inline void count_block(void *p) {
  if (!counting()) return;
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (p) g_bytes.fetch_add((long long)malloc_usable_size(p), std::memory_order_relaxed);
}
}  // namespace

namespace alloc_count {
void start() {
  g_allocations.store(0, std::memory_order_relaxed);
  g_bytes.store(0, std::memory_order_relaxed);
  g_counting.store(true, std::memory_order_relaxed);
}
Window stop() {
  g_counting.store(false, std::memory_order_relaxed);
  return {g_allocations.load(std::memory_order_relaxed), g_bytes.load(std::memory_order_relaxed)};
}
}  // namespace alloc_count

extern "C" {
void *malloc(size_t n) { void *p = __libc_malloc(n); count_block(p); return p; }
void *calloc(size_t a, size_t b) { void *p = __libc_calloc(a, b); count_block(p); return p; }
void *realloc(void *p, size_t n) {
  long long old = (p && counting()) ? (long long)malloc_usable_size(p) : 0;
  void *q = __libc_realloc(p, n);
  if (counting()) {
    g_bytes.fetch_sub(old, std::memory_order_relaxed);
    count_block(q);
  }
  return q;
}
void free(void *p) {
  if (p && counting()) g_bytes.fetch_sub((long long)malloc_usable_size(p), std::memory_order_relaxed);
  __libc_free(p);
}
void *memalign(size_t align, size_t n) { void *p = __libc_memalign(align, n); count_block(p); return p; }
void *aligned_alloc(size_t align, size_t n) { void *p = __libc_memalign(align, n); count_block(p); return p; }
int posix_memalign(void **out, size_t align, size_t n) {
  void *p = __libc_memalign(align, n);
  count_block(p);
  if (!p) return ENOMEM;
  *out = p;
  return 0;
}
}
