// P6 of Docs/performance.md: one frame of the disc-player scene through the C API: the QQ Music disc player's
// player (2 discs, the artwork rotation, the change-disc group, the fade-in, the background cross-fade)
// and the Douyin album (the turning cover, 3 notes along their curve). A frame = advance both to the
// frame's time, read both states, take the queued events (as a C caller would).
//
// Heap allocations are counted by the harness's counting allocator (alloc_count.hpp). A "steady" frame is one
// with no input and no event; the row fails (SkipWithError) if a steady frame allocates: that checks the
// library, not the timing. Counters: n = 1 (per frame), allocs_per_frame (steady frames),
// allocs_per_event_frame (frames with an input or an event: not a target), event_frames (their share).
#include <benchmark/benchmark.h>
#include "alloc_count.hpp"
#include "mediatiming.h"
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>

namespace {

struct Scene {
  mt_disc_player *player = nullptr;
  mt_album *album = nullptr;
  mt_disc_state disc{};
  mt_album_state notes{};
  mt_disc_event disc_events[64];
  mt_album_event album_events[64];
  bool ok = true;

  Scene() {
    mt_status st;
    player = mt_disc_player_create(nullptr, nullptr, 0, 0, 812, 0, &st);
    album = mt_album_create(0, &st);
    ok = player && album && mt_disc_player_send(player, MT_DISC_PLAY_PAUSE, 0) == MT_OK &&
         mt_album_start(album, 3, 0) == MT_OK;
  }
  ~Scene() { mt_disc_player_destroy(player); mt_album_destroy(album); }

  // One frame at time t; returns the number of events it produced (-1 on an error).
  long frame(double t) {
    if (mt_disc_player_advance(player, t) != MT_OK || mt_album_advance(album, t) != MT_OK) return -1;
    if (mt_disc_player_get_state(player, &disc) != MT_OK || mt_album_get_state(album, &notes) != MT_OK) return -1;
    ptrdiff_t a = 0, b = 0;
    if (mt_disc_player_take_events(player, disc_events, 64, &a) != MT_OK) return -1;
    if (mt_album_take_events(album, album_events, 64, &b) != MT_OK) return -1;
    benchmark::DoNotOptimize(disc);
    benchmark::DoNotOptimize(notes);
    return long(a + b);
  }
};

// Runs frames; `input_at(frame, t)` sends the inputs of a frame (returns true if it sent any).
template <class Inputs> void run_frames(benchmark::State &s, double dt, double t0, Inputs inputs) {
  Scene scene;
  if (!scene.ok) { s.SkipWithError("scene set-up failed"); return; }
  // Warm-up (not measured): the first frames of each kind size the runtime's buffers.
  double t = 0;
  long frame = 0;
  while (t < t0) { scene.frame(t); t += 1.0 / 60; }
  scene.frame(t);
  long steady = 0, steady_allocs = 0, event_frames = 0, event_allocs = 0;
  bool failed = false;
  for (auto _ : s) {
    t += dt;
    alloc_count::start();
    const bool sent = inputs(scene, frame, t);
    const long events = scene.frame(t);
    const long allocs = alloc_count::stop().allocations;
    if (events < 0) failed = true;
    if (sent || events != 0) { event_frames++; event_allocs += allocs; } else { steady++; steady_allocs += allocs; }
    frame++;
  }
  if (failed) { s.SkipWithError("a frame returned an error status"); return; }
  s.counters["n"] = 1;
  s.counters["allocs_per_frame"] = steady ? double(steady_allocs) / double(steady) : 0;
  s.counters["allocs_per_event_frame"] = event_frames ? double(event_allocs) / double(event_frames) : 0;
  s.counters["event_frames"] = double(event_frames) / double(std::max(frame, 1L));
  if (steady_allocs != 0) {
    static std::string message;
    message = "steady-state frames allocated: " + std::to_string(steady_allocs) + " allocations in " +
              std::to_string(steady) + " frames (P6 requires 0)";
    s.SkipWithError(message.c_str());
  }
}

// P6/scene_60fps: frames at 60 fps of a 2 s loop: a "next" at the start of each loop (the change-disc
// group, the fade-in and the cross-fade run for 0.8 s / 1 s, then the discs swap), the new disc turning,
// the album's cover and notes running throughout. Time per frame averages every frame of the loop.
void p6_scene_60fps(benchmark::State &s) {
  run_frames(s, 1.0 / 60, 3.0, [](Scene &scene, long frame, double t) {
    if (frame % 120 != 0) return false;
    return mt_disc_player_send(scene.player, MT_DISC_NEXT, t) == MT_OK;
  });
}

// P6/frame_changing: every frame is inside a change (the heaviest frame: 4 animations on the player's
// layers, 4 on the album's): a "next" at 3 s, then frames 1e-7 s apart, so the 0.8 s change lasts 8e6
// frames.
void p6_frame_changing(benchmark::State &s) {
  bool tapped = false;
  run_frames(s, 1e-7, 3.0, [&tapped](Scene &scene, long, double t) {
    if (tapped) return false;
    tapped = true;
    return mt_disc_player_send(scene.player, MT_DISC_NEXT, t) == MT_OK;
  });
}

const int registered = [] {
  benchmark::RegisterBenchmark("P6/scene_60fps/mt", p6_scene_60fps);
  benchmark::RegisterBenchmark("P6/frame_changing/mt", p6_frame_changing);
  return 0;
}();

}  // namespace
