// The harness's counting allocator (alloc_count.cpp): malloc, calloc, realloc, free, posix_memalign,
// aligned_alloc and memalign for the whole harness binary, forwarding to glibc's __libc_* entry points. While
// a window is open it counts the allocation calls and the net growth of the live heap in bytes (each block
// counted at its malloc_usable_size, so a block freed in the window subtracts what it occupied).
#pragma once

namespace alloc_count {

struct Window {
  long allocations;  // allocation calls (malloc, calloc, realloc, the aligned forms)
  long long bytes;   // net live bytes: allocated minus freed, usable sizes
};

void start();   // opens a window (counters from 0)
Window stop();  // closes it and returns its counts

}  // namespace alloc_count
