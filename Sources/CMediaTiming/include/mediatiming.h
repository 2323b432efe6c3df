/*
 * mediatiming.h: the C API of MediaTiming (implemented in Swift with @c, static library MediaTimingC).
 *
 * Conventions
 * - Only C types cross the boundary. Objects are opaque handles (pointers to the incomplete-looking
 *   structs below: never dereference them) created by *_create / *_load and released by *_destroy.
 *   Destroying NULL is a no-op. A handle must not be used after its destroy, nor from two threads at
 *   once while one of them mutates it (layer trees: add/pause/resume).
 * - Every function that can fail returns an mt_status. Bad arguments (NULL pointers, negative counts,
 *   non-finite times, out-of-range indices) return a status and never trap; outputs are left unchanged
 *   unless the function says otherwise, and the objects stay usable.
 * - Creation functions return NULL on failure and store the reason in *status when status is not NULL.
 * - Counts are ptrdiff_t. Buffers are caller-owned.
 */
#ifndef MEDIATIMING_H
#define MEDIATIMING_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/** Result of every fallible call. */
typedef enum mt_status {
  MT_OK = 0,
  MT_ERR_NULL = 1,          /**< a required pointer argument is NULL */
  MT_ERR_COUNT = 2,         /**< a count or capacity is negative */
  MT_ERR_TIME = 3,          /**< a time argument is NaN or infinite */
  MT_ERR_INVALID = 4,       /**< an invalid field (timing, control point, path data, layer name...) */
  MT_ERR_OVERFLOW = 5,      /**< a computed time overflowed double */
  MT_ERR_RANGE = 6,         /**< an index (layer, event, sample) is out of range */
  MT_ERR_CAPACITY = 7,      /**< a caller buffer is too small; the needed count is reported */
  MT_ERR_PARSE = 8          /**< a scene document did not decode or run; see its error text */
} mt_status;

/** Fill modes (CAMediaTimingFillMode). */
typedef enum mt_fill_mode { MT_FILL_REMOVED = 0, MT_FILL_FORWARDS = 1, MT_FILL_BACKWARDS = 2, MT_FILL_BOTH = 3 } mt_fill_mode;

/** Phases of a timing evaluation. */
typedef enum mt_phase { MT_PHASE_BEFORE = 0, MT_PHASE_ACTIVE = 1, MT_PHASE_AFTER = 2 } mt_phase;

/* Opaque handles. Never dereference. */
typedef struct mt_curve { char opaque_; } mt_curve;       /**< a prepared cubic timing function */
typedef struct mt_layers { char opaque_; } mt_layers;     /**< a layer tree */
typedef struct mt_path { char opaque_; } mt_path;         /**< a measured path */
typedef struct mt_scene { char opaque_; } mt_scene;       /**< a decoded scene with its last sample */

/** The timing fields of an animation (CAMediaTiming). speed and repeat_count are floats, as in Core
 *  Animation. duration <= 0 means the default duration passed to the evaluation. */
typedef struct mt_timing {
  double begin_time;
  double duration;
  float speed;
  float repeat_count;
  double time_offset;
  double repeat_duration;
  int32_t autoreverses;     /**< 0 or 1 (any non-zero counts as 1) */
  int32_t fill_mode;        /**< an mt_fill_mode; other values give MT_ERR_INVALID */
} mt_timing;

/** The result of one timing evaluation (Docs/semantics.md §6-§8). */
typedef struct mt_evaluation {
  int32_t phase;            /**< an mt_phase */
  int32_t applies;          /**< 1 when the object contributes at this time */
  int64_t iteration;        /**< completed cycles */
  double active_time;
  double basic_time;
  double unit_time;         /**< before the timing function */
  double progress;          /**< after the timing function (== unit_time when linear) */
} mt_evaluation;

/** Struct-of-arrays input of a batch: n animations, every array of length n. curves may be NULL
 *  (all linear) and its entries may be NULL (linear). */
typedef struct mt_timing_batch {
  const double *begin_time;
  const double *duration;
  const float *speed;
  const float *repeat_count;
  const double *time_offset;
  const double *repeat_duration;
  const uint8_t *autoreverses;
  const uint8_t *fill_mode;
  const mt_curve *const *curves;
} mt_timing_batch;

/** Outputs of a batch; any pointer may be NULL to skip that output. Failed items get progress NaN,
 *  phase -1, applies 0, and their status in status[i]. */
typedef struct mt_batch_results {
  double *progress;
  double *unit_time;
  int8_t *phase;
  uint8_t *applies;
  int64_t *iteration;
  int32_t *status;
} mt_batch_results;

/** A point (2-D). */
typedef struct mt_point { double x, y; } mt_point;

/** A position on a path: the point, the unit-free tangent (derivative), and the distance. */
typedef struct mt_path_position { double x, y, tangent_x, tangent_y, distance; } mt_path_position;

/** One animation event of a scene run. */
typedef struct mt_scene_event {
  double time;
  int32_t is_start;         /**< 1: animationDidStart, 0: animationDidStop */
  int32_t finished;         /**< for stops: 1 finished, 0 interrupted; -1 for starts */
} mt_scene_event;

/* ---------- Boundary ---------- */

/** Returns x. Measures the cost of crossing the C boundary (benchmark P8). */
double mt_identity(double x);

/* ---------- Timing evaluation ---------- */

/** Evaluates one timing at parent time parent_time. curve may be NULL (linear). default_duration
 *  replaces a duration <= 0 (0.25 s in Core Animation; must be > 0, +inf allowed).
 *  Errors: MT_ERR_NULL (timing/out), MT_ERR_TIME (parent_time not finite), MT_ERR_INVALID (a field or
 *  default_duration), MT_ERR_OVERFLOW. *out is written only on MT_OK. */
mt_status mt_timing_evaluate(const mt_timing *timing, double default_duration, double parent_time,
                             const mt_curve *curve, int32_t removed_on_completion, mt_evaluation *out);

/** Evaluates n animations at one parent time (a frame), struct-of-arrays in, results out. Item i
 *  gives exactly (bit for bit) what mt_timing_evaluate gives for the same fields.
 *  Returns MT_ERR_NULL (in/out, or a NULL input array when n > 0), MT_ERR_COUNT (n < 0),
 *  MT_ERR_TIME (parent_time not finite, nothing written), MT_ERR_INVALID (default_duration), or
 *  the status of the first failed item (the others are still evaluated), else MT_OK. */
mt_status mt_timing_evaluate_batch(const mt_timing_batch *in, ptrdiff_t n, double default_duration,
                                   double parent_time, int32_t removed_on_completion,
                                   const mt_batch_results *out);

/* ---------- Prepared timing curves ---------- */

/** Prepares the cubic timing function (0,0) (x1,y1) (x2,y2) (1,1). Control points are rounded to
 *  float as in Core Animation and x1, x2 are clamped to [0,1]. A NaN, infinite or beyond-float
 *  coordinate gives NULL with MT_ERR_INVALID. Maximum error of evaluation: 1e-7. Cost: a custom curve
 *  is prepared into a 2 KB table in a bounded amount of work (a few microseconds); the control points of
 *  a named curve share its table, prepared once. */
mt_curve *mt_curve_create(double x1, double y1, double x2, double y2, mt_status *status);

/** Prepares a named curve: 0 linear, 1 easeIn, 2 easeOut, 3 easeInEaseOut, 4 default.
 *  Other names: NULL with MT_ERR_INVALID. */
mt_curve *mt_curve_create_named(int32_t name, mt_status *status);

/** y = TF(x), x clamped to [0,1] (NaN counts as 0). Sentinel: returns NaN when curve is NULL. */
double mt_curve_evaluate(const mt_curve *curve, double x);

/** out[i] = TF(x[i]) for i < n, bit for bit equal to mt_curve_evaluate. MT_ERR_NULL, MT_ERR_COUNT. */
mt_status mt_curve_evaluate_batch(const mt_curve *curve, const double *x, double *out, ptrdiff_t n);

/** Releases a curve (NULL: no-op). */
void mt_curve_destroy(mt_curve *curve);

/* ---------- Layer trees ---------- */

/** Creates an empty layer tree (NULL only if status reports an error, which cannot happen today). */
mt_layers *mt_layers_create(mt_status *status);

/** Adds a layer named name (UTF-8, NUL-terminated, unique) under parent (-1: a root layer) with the
 *  time space (begin_time, speed, time_offset). Writes its index (0, 1, 2... in order) to *index.
 *  Errors: MT_ERR_NULL, MT_ERR_RANGE (parent), MT_ERR_INVALID (duplicate name, non-finite field,
 *  too many layers). */
mt_status mt_layers_add(mt_layers *tree, const char *name, int64_t parent, double begin_time, float speed,
                        double time_offset, int64_t *index);

/** Number of layers (sentinel -1 when tree is NULL). */
ptrdiff_t mt_layers_count(const mt_layers *tree);

/** The local time of layer at media time. MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_TIME, MT_ERR_OVERFLOW. */
mt_status mt_layers_local_time(const mt_layers *tree, int64_t layer, double media_time, double *out);

/** Every layer's local time at media time in one forward pass into times[0..capacity). Needs
 *  capacity >= count (else MT_ERR_CAPACITY). Overflowed entries are left non-finite. */
mt_status mt_layers_local_times(const mt_layers *tree, double media_time, double *times, ptrdiff_t capacity);

/** The local times of layer at count media times: out[i] is, bit for bit, what mt_layers_local_time gives
 *  for media_times[i] (out may be media_times: converted in place). The layer's chain is walked once and
 *  each level maps all times in turn (benchmark P4). MT_ERR_NULL (tree, or media_times / out when
 *  count > 0), MT_ERR_COUNT (count < 0), MT_ERR_RANGE, MT_ERR_TIME (a non-finite media time: out is
 *  unchanged), MT_ERR_OVERFLOW (every entry of out is written, the overflowing ones non-finite). */
mt_status mt_layers_local_time_batch(const mt_layers *tree, int64_t layer, const double *media_times, double *out,
                                     ptrdiff_t count);

/** convertTime: from layer `from` to layer `to` (-1: absolute media time for either).
 *  MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_TIME, MT_ERR_OVERFLOW. */
mt_status mt_layers_convert_time(const mt_layers *tree, double time, int64_t from, int64_t to, double *out);

/** Pauses layer at media time (QA1673); pausing a paused layer changes nothing. */
mt_status mt_layers_pause(mt_layers *tree, int64_t layer, double media_time);

/** Resumes a paused layer at media time with speed (> 0 finite; or NaN: the speed before the
 *  pause); resuming a running layer changes nothing. */
mt_status mt_layers_resume(mt_layers *tree, int64_t layer, double media_time, float speed);

/** Writes 1 to *paused when the layer is paused (speed 0), else 0. */
mt_status mt_layers_is_paused(const mt_layers *tree, int64_t layer, int32_t *paused);

/** Releases a tree (NULL: no-op). */
void mt_layers_destroy(mt_layers *tree);

/* ---------- Paths (lines, quadratic and cubic Béziers) ---------- */

/** Measures a path given as SVG path data (length bytes of UTF-8; need not be NUL-terminated).
 *  NULL with MT_ERR_NULL / MT_ERR_COUNT / MT_ERR_INVALID (syntax, or nothing but moves). */
mt_path *mt_path_create_svg(const char *data, ptrdiff_t length, mt_status *status);

/** Measures a single quadratic Bézier start, control, end. NULL with MT_ERR_NULL / MT_ERR_INVALID. */
mt_path *mt_path_create_quadratic(const mt_point *points3, mt_status *status);

/** Measures a single cubic Bézier start, control1, control2, end. NULL with MT_ERR_NULL / MT_ERR_INVALID. */
mt_path *mt_path_create_cubic(const mt_point *points4, mt_status *status);

/** Arc length of one quadratic Bézier (points3: start, control, end), closed form, a few ulps.
 *  Sentinel NaN when points3 is NULL or a coordinate is not finite. Allocates nothing. */
double mt_quadratic_length(const mt_point *points3);

/** Arc length of one cubic Bézier (points4), adaptive Gauss quadrature (relative error ~1e-14).
 *  Sentinel NaN when points4 is NULL or a coordinate is not finite. */
double mt_cubic_length(const mt_point *points4);

/** Total arc length (sentinel NaN when path is NULL). */
double mt_path_length(const mt_path *path);

/** The position at arc-length distance (clamped to [0, length], NaN counts as 0). MT_ERR_NULL. */
mt_status mt_path_position_at(const mt_path *path, double distance, mt_path_position *out);

/** count positions at distances uniformly spaced from 0 to length inclusive (count 1: distance 0).
 *  Allocates nothing. MT_ERR_NULL, MT_ERR_COUNT. */
mt_status mt_path_uniform_positions(const mt_path *path, mt_path_position *out, ptrdiff_t count);

/** Releases a path (NULL: no-op). */
void mt_path_destroy(mt_path *path);

/* ---------- Springs (CASpringAnimation, Docs/semantics.md §12) ---------- */

/** A spring's parameters: mass > 0, stiffness > 0, damping >= 0 (finite), initial_velocity (finite, in
 *  fractions of the distance per second, positive towards the target), allows_overdamping 0 or 1 (any
 *  non-zero counts as 1; with 0 a damping ratio above 1 moves as 1, critically damped). Functions given
 *  other values return MT_ERR_INVALID. */
typedef struct mt_spring {
  double mass;
  double stiffness;
  double damping;
  double initial_velocity;
  int32_t allows_overdamping;
} mt_spring;

/** CASpringAnimation(perceptualDuration:bounce:) (§12.4): writes mass 1, stiffness (2π/d)², damping
 *  4π(1 − b)/d for b >= 0 and 4π/(d·(1 + b)) for b < 0, initial_velocity 0 and allows_overdamping 1 to
 *  *out (d = perceptual_duration, b = bounce). MT_ERR_NULL; MT_ERR_INVALID (d not finite or <= 0, b not
 *  finite or outside (-1, 1], or a stiffness that overflows or vanishes). *out is written only on MT_OK. */
mt_status mt_spring_from_perceptual(double perceptual_duration, double bounce, mt_spring *out);

/** Reads a spring back in perceptual terms (§12.4): the perceptual duration 2π·sqrt(m/k) and the bounce,
 *  1 − ζ for a damping ratio ζ = c/(2·sqrt(km)) <= 1 and 1/ζ − 1 above (ζ of the stored damping, whatever
 *  allows_overdamping says). Either output may be NULL. MT_ERR_NULL (spring), MT_ERR_INVALID. */
mt_status mt_spring_perceptual(const mt_spring *spring, double *perceptual_duration, double *bounce);

/** settlingDuration (§12.3), in seconds: +inf for an undamped spring, and +inf for a critically damped
 *  or overdamped spring that has not settled when the 0.1 s steps stop growing (t + 0.1 == t, from
 *  2^50 s on). MT_ERR_NULL, MT_ERR_INVALID.
 *  Cost: O(1) below critical damping; otherwise a bisection (at most about 2,400 evaluations of an
 *  exponential envelope) and at most about 200 steps. */
mt_status mt_spring_settling_duration(const mt_spring *spring, double *out);

/** The normalised displacement x(time) of the spring (§12.2): 0 at the start, 1 at rest, above 1 while
 *  overshooting; time in seconds of basic local time, 0 for time <= 0. MT_ERR_NULL, MT_ERR_TIME (time
 *  not finite), MT_ERR_INVALID. */
mt_status mt_spring_displacement(const mt_spring *spring, double time, double *out);

/* ---------- Scenes (mediatiming-scene/1 JSON documents) ---------- */

/** Decodes a scene document (length bytes of UTF-8). On failure returns NULL with MT_ERR_PARSE (or
 *  MT_ERR_NULL / MT_ERR_COUNT) and copies the error text, NUL-terminated and truncated to
 *  error_capacity bytes, into error (which may be NULL when error_capacity is 0). */
mt_scene *mt_scene_load(const char *json, ptrdiff_t length, mt_status *status, char *error, ptrdiff_t error_capacity);

/** Number of probes of the scene (its "probes", or the default ones); sentinel -1 for NULL. */
ptrdiff_t mt_scene_probe_count(const mt_scene *scene);

/** Plays the scene up to media time and samples its probes at that time (the same numbers as
 *  `mediatiming sample` with that single time). The values are flattened into
 *  values[0..capacity), probe after probe: a number gives 1 value, a point/size/rect/color/transform
 *  its components, a phase text 0 before / 1 active / 2 after / -1 absent, null gives NaN.
 *  *count receives the number of values (also on MT_ERR_CAPACITY, where nothing is written).
 *  The events up to time are kept for mt_scene_event_count / mt_scene_event_at.
 *  MT_ERR_NULL, MT_ERR_TIME, MT_ERR_COUNT, MT_ERR_CAPACITY, MT_ERR_PARSE (the run failed; the error
 *  text is available from mt_scene_error). Cost: the scene keeps the session of its last sample (as
 *  mt_scene_session_*): a time at or after the last sample's applies only the operations and advances only
 *  the interval in between; an earlier time (or the first sample) plays the scene from its start. */
mt_status mt_scene_sample(mt_scene *scene, double time, double *values, ptrdiff_t capacity, ptrdiff_t *count);

/** Number of events up to the time of the last mt_scene_sample (0 before any, and after a failed one);
 *  sentinel -1 for NULL. */
ptrdiff_t mt_scene_event_count(const mt_scene *scene);

/** Event `index` of the last sample. Its layer id and animation key are copied (NUL-terminated,
 *  truncated) into layer / key when their capacities are > 0. MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_COUNT. */
mt_status mt_scene_event_at(const mt_scene *scene, ptrdiff_t index, mt_scene_event *out,
                            char *layer, ptrdiff_t layer_capacity, char *key, ptrdiff_t key_capacity);

/** Copies the last run error text of the scene (empty if none), like mt_scene_load. Returns the full
 *  length of the text in bytes; sentinel -1 for a NULL scene or a negative capacity. */
ptrdiff_t mt_scene_error(const mt_scene *scene, char *error, ptrdiff_t error_capacity);

/** Releases a scene (NULL: no-op). */
void mt_scene_destroy(mt_scene *scene);

/** A scene played forwards on demand: its layers built once, its script applied up to the time of each
 *  advance, its probes read at the current time (SceneSession). Sampling at ascending times never replays
 *  the script; the numbers and events are those of `mediatiming sample` at the same times. */
typedef struct mt_scene_session { char opaque_; } mt_scene_session;

/** Starts a session of a loaded scene (which may be destroyed afterwards): layers and model values set, no
 *  operation applied, the clock at the earliest of start_time, 0 and the script's earliest time. On failure
 *  returns NULL with MT_ERR_NULL, MT_ERR_COUNT, MT_ERR_TIME (start_time not finite) or MT_ERR_PARSE (a layer
 *  failed) and copies the error text into error as mt_scene_load does. Cost: building the layers. */
mt_scene_session *mt_scene_session_create(const mt_scene *scene, double start_time, mt_status *status, char *error,
                                          ptrdiff_t error_capacity);

/** Applies the operations with at <= time not applied yet, in order, then advances to time, recording the
 *  events. MT_ERR_NULL, MT_ERR_TIME (not finite, or before the session's current time: nothing changes),
 *  MT_ERR_PARSE (an operation failed: see mt_scene_session_error; the session stays where it failed).
 *  Cost: the operations applied and the runtime's advance over the interval. */
mt_status mt_scene_session_advance(mt_scene_session *session, double time);

/** The session's current media time (sentinel NaN for NULL). */
double mt_scene_session_current_time(const mt_scene_session *session);

/** Samples the probes at the current time, flattened as by mt_scene_sample (same count and capacity
 *  rules). MT_ERR_NULL, MT_ERR_COUNT, MT_ERR_CAPACITY, MT_ERR_PARSE (a probe could not be read). */
mt_status mt_scene_session_sample(mt_scene_session *session, double *values, ptrdiff_t capacity, ptrdiff_t *count);

/** Number of events so far (every didStart and didStop up to the current time); sentinel -1 for NULL. */
ptrdiff_t mt_scene_session_event_count(const mt_scene_session *session);

/** Event `index` so far (ordered by time, then by the order of the adds), like mt_scene_event_at.
 *  MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_COUNT. */
mt_status mt_scene_session_event_at(const mt_scene_session *session, ptrdiff_t index, mt_scene_event *out,
                                    char *layer, ptrdiff_t layer_capacity, char *key, ptrdiff_t key_capacity);

/** Copies the error text of the last failed advance or sample (empty if none), like mt_scene_error. */
ptrdiff_t mt_scene_session_error(const mt_scene_session *session, char *error, ptrdiff_t error_capacity);

/** Releases a session (NULL: no-op). */
void mt_scene_session_destroy(mt_scene_session *session);

/* ---------- The disc player and the album (Docs/disc-player.md) ----------
 * mt_disc_player is the QQ Music disc player (DiscPlayer): two discs whose artwork turns, a change-disc
 * group, a background cross-fade. mt_album is the Douyin album (DouyinAlbum): a turning cover
 * and three notes rising along a curve. Both only move forwards in media time: a send/advance/start/
 * reset at a time before the object's current time, or at a non-finite time, returns MT_ERR_TIME and
 * changes nothing. What happened is queued as event values that the caller takes into its buffers.
 * A frame with no input and no event (advance, read the state, take the empty queues) allocates nothing
 * once the first frames have sized the buffers (benchmark P6). */

typedef struct mt_disc_player { char opaque_; } mt_disc_player; /**< a QQ Music disc player */
typedef struct mt_album { char opaque_; } mt_album;             /**< a Douyin album */

/** The player's inputs (DiscInput). */
typedef enum mt_disc_input {
  MT_DISC_PLAY_PAUSE = 0,   /**< a tap on play/pause */
  MT_DISC_NEXT = 1,         /**< a tap on next */
  MT_DISC_PREVIOUS = 2,     /**< a tap on previous */
  MT_DISC_BACKGROUND = 3,   /**< the app leaves the foreground */
  MT_DISC_FOREGROUND = 4    /**< the app returns to the foreground */
} mt_disc_input;

/** What a player event is (TraceEntry.Event). */
typedef enum mt_disc_event_kind {
  MT_DISC_EVENT_INPUT = 0,      /**< an input was acted upon */
  MT_DISC_EVENT_IGNORED = 1,    /**< an input was ignored; see reason */
  MT_DISC_EVENT_DID_START = 2,  /**< animationDidStart of (layer, key) */
  MT_DISC_EVENT_DID_STOP = 3,   /**< animationDidStop of (layer, key); see finished */
  MT_DISC_EVENT_SWAPPED = 4     /**< the change completed: the discs swapped (front is the new front disc) */
} mt_disc_event_kind;

/** Why an input was ignored. */
typedef enum mt_disc_ignore_reason {
  MT_DISC_IGNORED_IN_BACKGROUND = 0,       /**< a tap while in the background */
  MT_DISC_IGNORED_BUTTONS_DISABLED = 1,    /**< a tap while a change is in flight */
  MT_DISC_IGNORED_ALREADY_BACKGROUND = 2,  /**< background while in the background */
  MT_DISC_IGNORED_ALREADY_FOREGROUND = 3   /**< foreground while in the foreground */
} mt_disc_ignore_reason;

/** The player's layers: 0 background, 1 disc0, 2 disc1, 3 disc0.artwork, 4 disc1.artwork.
 *  Animation keys: 0 rotation, 1 change, 2 fadeIn, 3 crossFade. */
typedef enum mt_disc_layer {
  MT_DISC_LAYER_BACKGROUND = 0, MT_DISC_LAYER_DISC0 = 1, MT_DISC_LAYER_DISC1 = 2,
  MT_DISC_LAYER_DISC0_ARTWORK = 3, MT_DISC_LAYER_DISC1_ARTWORK = 4
} mt_disc_layer;
typedef enum mt_disc_key {
  MT_DISC_KEY_ROTATION = 0, MT_DISC_KEY_CHANGE = 1, MT_DISC_KEY_FADE_IN = 2, MT_DISC_KEY_CROSS_FADE = 3
} mt_disc_key;

/** The player's state now (DiscPlayerState and the presentation values). */
typedef struct mt_disc_state {
  double time;              /**< the player's current media time */
  int64_t index;            /**< the playlist index of the current song (moves at the tap) */
  int32_t is_playing;       /**< the user's play state (1 playing) */
  int32_t buttons_enabled;  /**< 1 unless a change is in flight */
  int32_t glyph;            /**< the play/pause button's glyph: 0 "play", 1 "pause" */
  int32_t front;            /**< the front disc, 0 or 1 (during a change: the leaving disc) */
  int32_t is_changing;      /**< 1 while the change-disc group is in flight */
  int32_t is_in_background; /**< 1 in the background */
  double angle[2];          /**< each disc's artwork transform.rotation.z (radians, not wrapped), presentation */
  double opacity[2];        /**< each disc's opacity, presentation */
  double translation[2][2]; /**< each disc's transform.translation (x, y), presentation */
  double change_progress;   /**< the change group's progress 0..1 while is_changing, else -1 */
  int32_t attached_animations; /**< animations attached to the player's layers (at most 4) */
  int32_t reserved_;        /**< 0 */
} mt_disc_state;

/** One player event, with the state right after it. */
typedef struct mt_disc_event {
  double time;              /**< the media time (animation events: the exact crossing) */
  int32_t kind;             /**< an mt_disc_event_kind */
  int32_t input;            /**< INPUT / IGNORED: the mt_disc_input; else -1 */
  int32_t reason;           /**< IGNORED: the mt_disc_ignore_reason; else -1 */
  int32_t layer;            /**< DID_START / DID_STOP: the mt_disc_layer; else -1 */
  int32_t key;              /**< DID_START / DID_STOP: the mt_disc_key; else -1 */
  int32_t finished;         /**< DID_STOP: 1 finished, 0 removed before; else -1 */
  int64_t index;            /**< the state right after: playlist index */
  int32_t is_playing, buttons_enabled, glyph, front, is_changing, is_in_background; /**< as in mt_disc_state */
  double front_angle;       /**< the front disc's angle right after */
} mt_disc_event;

/** Creates a player showing song start_index, paused, disc 0 in front, at media time start_time.
 *  The playlist is count songs titles[i] / artists[i] (NUL-terminated UTF-8); count 0 uses the built-in
 *  three-song sample playlist (titles and artists are then not read). screen_height (812 on the original app's
 *  phone) is how far the leaving disc moves up. NULL with MT_ERR_COUNT (count < 0), MT_ERR_NULL (a NULL
 *  array or entry when count > 0), MT_ERR_RANGE (start_index), MT_ERR_INVALID (screen_height NaN,
 *  infinite or <= 0), MT_ERR_TIME (start_time not finite). */
mt_disc_player *mt_disc_player_create(const char *const *titles, const char *const *artists, ptrdiff_t count,
                                      int64_t start_index, double screen_height, double start_time,
                                      mt_status *status);

/** Handles an input (an mt_disc_input) at media time `time`, after consuming the events up to it. An input
 *  the player ignores (a tap during a change or in the background, background twice...) is MT_OK and
 *  queued as an IGNORED event. MT_ERR_NULL, MT_ERR_INVALID (unknown input code), MT_ERR_TIME (not finite,
 *  or before the player's current time). */
mt_status mt_disc_player_send(mt_disc_player *player, int32_t input, double time);

/** Consumes the events up to media time `time` (inclusive), acting on each at its exact time (the
 *  change completing swaps the discs). MT_ERR_NULL, MT_ERR_TIME. */
mt_status mt_disc_player_advance(mt_disc_player *player, double time);

/** Writes the state at the player's current time to *out. MT_ERR_NULL; MT_ERR_INVALID if an animation
 *  cannot be evaluated (a bug if it happens; *out is then unchanged). */
mt_status mt_disc_player_get_state(mt_disc_player *player, mt_disc_state *out);

/** Copies the current title ("title — artist", NUL-terminated UTF-8, truncated to capacity bytes) into
 *  title (which may be NULL when capacity is 0). Returns the full length in bytes; sentinel -1 for a
 *  NULL player or a negative capacity. */
ptrdiff_t mt_disc_player_title(const mt_disc_player *player, char *title, ptrdiff_t capacity);

/** Number of events queued and not yet taken; sentinel -1 for NULL. */
ptrdiff_t mt_disc_player_event_count(const mt_disc_player *player);

/** Moves the queued events, oldest first, into events[0..capacity) and removes them from the queue.
 *  *count receives the number of queued events; when it exceeds capacity the result is MT_ERR_CAPACITY
 *  and nothing is written or removed. MT_ERR_NULL (player, count, or events when events are queued),
 *  MT_ERR_COUNT. */
mt_status mt_disc_player_take_events(mt_disc_player *player, mt_disc_event *events, ptrdiff_t capacity,
                                     ptrdiff_t *count);

/** Releases a player (NULL: no-op). */
void mt_disc_player_destroy(mt_disc_player *player);

/** The album's state now. */
typedef struct mt_album_state {
  double time;              /**< the album's current media time */
  double rate;              /**< |rate| of the last start; 0 when stopped (created or reset) */
  double cover_angle;       /**< the cover's transform.rotation.z (radians, not wrapped), presentation */
  mt_point note_position[3]; /**< each note's position, presentation (NaN if unavailable) */
  double note_opacity[3];   /**< each note's opacity, presentation */
  int32_t attached_animations; /**< animations attached (4 while running, 0 when stopped) */
  int32_t reserved_;        /**< 0 */
} mt_album_state;

/** One album event: an animation of the cover (layer 0, key 0 "cover") or of note n (layer n, key 1
 *  "notes", n = 1..3). */
typedef struct mt_album_event {
  double time;
  int32_t layer;            /**< 0 album (the cover), 1..3 note1..note3 */
  int32_t key;              /**< 0 cover, 1 notes */
  int32_t is_start;         /**< 1: animationDidStart, 0: animationDidStop */
  int32_t finished;         /**< for stops: 1 finished, 0 removed; -1 for starts */
} mt_album_event;

/** Creates a stopped album at media time start_time. NULL with MT_ERR_TIME (not finite). */
mt_album *mt_album_create(double start_time, mt_status *status);

/** Resets, then starts the cover and the notes at `time` with |rate| (a note's group lasts |rate|/4 s).
 *  MT_ERR_NULL, MT_ERR_INVALID (rate 0 or not finite; nothing changes), MT_ERR_TIME. */
mt_status mt_album_start(mt_album *album, double rate, double time);

/** Removes every animation at `time` and the note layers from the layer tree, as the app does (mt_album_start
 *  inserts them again). MT_ERR_NULL, MT_ERR_TIME. */
mt_status mt_album_reset(mt_album *album, double time);

/** Advances to `time`, queueing the events on the way. MT_ERR_NULL, MT_ERR_TIME. */
mt_status mt_album_advance(mt_album *album, double time);

/** Writes the state at the album's current time to *out. MT_ERR_NULL; MT_ERR_INVALID if an animation
 *  cannot be evaluated (a bug if it happens; *out is then unchanged). */
mt_status mt_album_get_state(mt_album *album, mt_album_state *out);

/** Number of events queued and not yet taken; sentinel -1 for NULL. */
ptrdiff_t mt_album_event_count(const mt_album *album);

/** Like mt_disc_player_take_events, for the album. */
mt_status mt_album_take_events(mt_album *album, mt_album_event *events, ptrdiff_t capacity, ptrdiff_t *count);

/** Releases an album (NULL: no-op). */
void mt_album_destroy(mt_album *album);

/* ---------- Resolved timing sets (batch timing, resolved once) ---------- */

/** n animations' timings resolved once (validation, derived durations, shared fields gathered), for
 *  evaluating all of them at one parent time per frame without per-item set-up (benchmark P3). */
typedef struct mt_timing_set { char opaque_; } mt_timing_set;

/** Resolves n animations given as struct-of-arrays (as for mt_timing_evaluate_batch; curves may be NULL
 *  and its entries NULL: linear). The set keeps its own reference to each curve's tables: the curve
 *  handles may be destroyed afterwards. Items with an invalid field (or fill mode) are kept and fail at
 *  every evaluation with MT_ERR_INVALID. NULL with MT_ERR_NULL (in, or a NULL input array when n > 0),
 *  MT_ERR_COUNT (n < 0), MT_ERR_INVALID (default_duration not > 0, or NaN). */
mt_timing_set *mt_timing_set_create(const mt_timing_batch *in, ptrdiff_t n, double default_duration,
                                    mt_status *status);

/** Number of animations of the set (sentinel -1 when set is NULL). */
ptrdiff_t mt_timing_set_count(const mt_timing_set *set);

/** Evaluates every animation of the set at parent_time. Item i gives exactly (bit for bit) what
 *  mt_timing_evaluate gives for the same fields, curve and default duration; outputs and failed items
 *  as for mt_timing_evaluate_batch (every non-NULL output array needs mt_timing_set_count entries).
 *  Returns MT_ERR_NULL (set/out), MT_ERR_TIME (parent_time not finite, nothing written), or the status
 *  of the first failed item (the others are still evaluated), else MT_OK. */
mt_status mt_timing_set_evaluate(const mt_timing_set *set, double parent_time, int32_t removed_on_completion,
                                 const mt_batch_results *out);

/** Releases a set (NULL: no-op). */
void mt_timing_set_destroy(mt_timing_set *set);

/* ---------- Animation runtimes (AnimationRuntime, Docs/semantics.md §4, §13, §15) ----------
 * mt_runtime is a layer tree with model values and attached animations, driven by explicit media times
 * (no clock). Time only moves forwards: every operation takes the media time at which it happens, first
 * advances to it, then acts; an operation at a non-finite time, or before the runtime's current time,
 * returns MT_ERR_TIME and changes nothing. The didStart/didStop events of every operation are queued
 * (in order of time, then of the order the animations were added), each at the exact media time of its
 * crossing, until mt_runtime_clear_events. The runtime's errors keep their text for mt_runtime_error.
 * Layers are numbered 0, 1, 2... in the order they are added. */

typedef struct mt_runtime { char opaque_; } mt_runtime;     /**< an animation runtime */
typedef struct mt_animation { char opaque_; } mt_animation; /**< an animation, ready to be added (copied) */

/** One queued runtime event. */
typedef struct mt_runtime_event {
  double time;              /**< the media time of the crossing (not rounded to a frame) */
  int64_t layer;            /**< the layer's index */
  int64_t sequence;         /**< the order in which the animation was added (0, 1, 2... per runtime) */
  int32_t is_start;         /**< 1: animationDidStart, 0: animationDidStop */
  int32_t finished;         /**< for stops: 1 finished, 0 removed before; -1 for starts */
} mt_runtime_event;

/** Creates an empty runtime whose clock reads start_time; transaction_duration replaces the duration of
 *  animations added with a duration <= 0 (0.25 s in Core Animation). NULL with MT_ERR_TIME (start_time
 *  not finite) or MT_ERR_INVALID (transaction_duration not finite or <= 0). */
mt_runtime *mt_runtime_create(double start_time, double transaction_duration, mt_status *status);

/** Adds a layer named name (UTF-8, NUL-terminated, unique) under parent (-1: a root layer) with the time
 *  space (begin_time, speed, time_offset), and returns its index; -1 on failure, with the reason in *status
 *  when status is not NULL: MT_ERR_NULL, MT_ERR_RANGE (parent), MT_ERR_INVALID (duplicate name, the names
 *  of removed layers included; a parent outside the tree; non-finite field; too many layers). Cost: O(1)
 *  amortised. */
int64_t mt_runtime_add_layer(mt_runtime *rt, const char *name, int64_t parent, double begin_time, float speed,
                             double time_offset, mt_status *status);

/** Number of layers (sentinel -1 when rt is NULL). */
ptrdiff_t mt_runtime_layer_count(const mt_runtime *rt);

/** Decodes one ANIMATION object of the scene format (Docs/scene-format.md; length bytes of UTF-8, need
 *  not be NUL-terminated): basic, keyframe, spring, group or transition, with the scene decoder's checks
 *  and limits. On failure returns NULL with MT_ERR_PARSE (or MT_ERR_NULL / MT_ERR_COUNT) and copies the
 *  error text (JSON paths relative to the object), NUL-terminated and truncated to error_capacity bytes,
 *  into error (which may be NULL when error_capacity is 0). */
mt_animation *mt_animation_create_json(const char *json, ptrdiff_t length, mt_status *status, char *error,
                                       ptrdiff_t error_capacity);

/** Releases an animation (NULL: no-op). Runtimes keep their own copies: destroying it changes none. */
void mt_animation_destroy(mt_animation *animation);

/** addAnimation:forKey: at `time` (Docs/semantics.md §4): adds a copy of animation to layer under key
 *  (NUL-terminated UTF-8), replacing the key's animation (didStop, not finished); a beginTime of 0 becomes
 *  the layer's local time at `time`, a duration <= 0 the transaction duration. MT_ERR_NULL, MT_ERR_RANGE
 *  (layer), MT_ERR_TIME, MT_ERR_INVALID (the animation cannot be prepared, or the layer is outside the
 *  tree: see mt_runtime_error). Cost: O(1) amortised, whatever the number of other layers and animations,
 *  plus preparing the animation (its copy and its next crossing), plus the advance to `time`. */
mt_status mt_runtime_add_animation(mt_runtime *rt, int64_t layer, const char *key, const mt_animation *animation,
                                   double time);

/** removeAnimationForKey: at `time`: didStop, not finished, unless it had already stopped; a missing key
 *  changes nothing. MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_TIME. */
mt_status mt_runtime_remove_animation(mt_runtime *rt, int64_t layer, const char *key, double time);

/** Advances the clock to `time`, queueing the events of every crossing on the way and removing the
 *  animations that completed with removedOnCompletion (Docs/semantics.md §7.4, §13.2). MT_ERR_NULL,
 *  MT_ERR_TIME. Cost: O(1) when nothing crosses, whatever the number of layers and animations; otherwise
 *  O(log n) per event for n attached animations. */
mt_status mt_runtime_advance(mt_runtime *rt, double time);

/** Pauses layer at `time` (QA1673, Docs/semantics.md §14.2); pausing a paused layer changes nothing.
 *  MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_TIME. */
mt_status mt_runtime_pause(mt_runtime *rt, int64_t layer, double time);

/** Resumes a paused layer at `time` with speed (> 0 finite; or NaN: the speed before the pause); resuming a
 *  running layer changes nothing. MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_TIME, MT_ERR_INVALID (speed). */
mt_status mt_runtime_resume(mt_runtime *rt, int64_t layer, double time, float speed);

/** Replaces layer's time space at `time` (its clock jumps at once, Docs/semantics.md §3.4). MT_ERR_NULL,
 *  MT_ERR_RANGE, MT_ERR_TIME, MT_ERR_INVALID (a non-finite field). */
mt_status mt_runtime_set_time_space(mt_runtime *rt, int64_t layer, double begin_time, float speed,
                                    double time_offset, double time);

/* Layers leave and join the tree (Docs/semantics.md §18). A layer outside the tree (removed, or under a
 * removed layer) keeps its index, name, model values and the animations it kept, but has no presentation
 * and no events: reading it (mt_runtime_presentation_scalar, its slots) or adding an animation to it
 * returns MT_ERR_INVALID, and its kept animations are frozen until it is back. Each operation checks its
 * layers before anything changes, then advances to `time` like the others; its events (and the advance's)
 * join the queue. A layer in the tree given to insert, a layer outside the tree given to remove or move,
 * an outside parent, and a parent inside the layer's own subtree (a cycle) are MT_ERR_INVALID. */

/** removeFromSuperlayer at `time` (Docs/semantics.md §18.1): takes layer and its subtree out of the tree;
 *  every animation with removedOnCompletion of every layer of the subtree is removed with didStop (not
 *  finished; none for one that had already stopped), in the order they were added; the others stay
 *  attached, frozen. MT_ERR_NULL, MT_ERR_RANGE (layer), MT_ERR_INVALID (layer outside the tree),
 *  MT_ERR_TIME. Cost: O(layers of the subtree and their animations), plus the advance to `time`. */
mt_status mt_runtime_remove_layer(mt_runtime *rt, int64_t layer, double time);

/** addSublayer: of a layer outside the tree at `time` (Docs/semantics.md §18.2): puts layer, with its
 *  subtree, last among the sublayers of parent (-1: a root). Its local time follows the new chain from
 *  then on; its kept animations continue (their beginTime does not move) and are settled at `time`:
 *  didStart if a window has begun, didStop (finished) if one is over. MT_ERR_NULL, MT_ERR_RANGE (layer,
 *  parent), MT_ERR_INVALID (layer already in the tree, parent outside it, a cycle), MT_ERR_TIME. Cost:
 *  O(depth of parent), plus O(layers of the subtree and their animations), plus the advance to `time`. */
mt_status mt_runtime_insert_layer(mt_runtime *rt, int64_t layer, int64_t parent, double time);

/** addSublayer: of a layer of the tree at `time` (Docs/semantics.md §18.3): moves layer, with its subtree,
 *  last among the sublayers of parent (-1: a root; its own parent: last among its siblings). Its animations
 *  stay attached and are settled at `time` under the new chain, as by mt_runtime_insert_layer.
 *  MT_ERR_NULL, MT_ERR_RANGE (layer, parent), MT_ERR_INVALID (layer or parent outside the tree, a cycle),
 *  MT_ERR_TIME. Cost: O(depth of parent), plus O(layers of the subtree and their animations), plus the
 *  advance to `time`. */
mt_status mt_runtime_move_layer(mt_runtime *rt, int64_t layer, int64_t parent, double time);

/** Writes 1 to *in_tree when layer is in the tree, 0 when it (or an ancestor) was removed. MT_ERR_NULL,
 *  MT_ERR_RANGE. Cost: O(1). */
mt_status mt_runtime_is_in_tree(const mt_runtime *rt, int64_t layer, int32_t *in_tree);

/** The runtime's current media time (sentinel NaN when rt is NULL). */
double mt_runtime_current_time(const mt_runtime *rt);

/** Number of animations attached to all layers (sentinel -1 when rt is NULL). */
ptrdiff_t mt_runtime_attached_count(const mt_runtime *rt);

/** Number of queued events (sentinel -1 when rt is NULL). */
ptrdiff_t mt_runtime_event_count(const mt_runtime *rt);

/** Queued event `index` (0: the oldest). Its animation key is copied (NUL-terminated, truncated) into key
 *  when key_capacity is > 0. MT_ERR_NULL, MT_ERR_COUNT, MT_ERR_RANGE. */
mt_status mt_runtime_event_at(const mt_runtime *rt, ptrdiff_t index, mt_runtime_event *out, char *key,
                              ptrdiff_t key_capacity);

/** Removes every queued event (NULL: no-op); the queue keeps its storage (no allocation on later frames). */
void mt_runtime_clear_events(mt_runtime *rt);

/** Computes every layer's presentation values at the current time in one pass (Docs/semantics.md §15).
 *  MT_ERR_NULL; MT_ERR_INVALID if an animation cannot be evaluated (see mt_runtime_error). Cost:
 *  proportional to the animated layers and their animations (a layer without animations shows its model
 *  and costs nothing), plus the registered slots. */
mt_status mt_runtime_update_presentation(mt_runtime *rt);

/** The presentation value of a scalar key path (NUL-terminated, e.g. "opacity", "transform.rotation.z",
 *  "position.x"; another name is a custom property) of layer at the current time: read from the last
 *  mt_runtime_update_presentation when it is current, else computed. MT_ERR_NULL, MT_ERR_RANGE,
 *  MT_ERR_INVALID (a malformed key path, a key path whose value is not a number, an evaluation error, or
 *  a layer outside the tree). *out is written only on MT_OK. */
mt_status mt_runtime_presentation_scalar(const mt_runtime *rt, int64_t layer, const char *key_path, double *out);

/** Registers key_path of layer for readings repeated every frame and writes its slot number to *slot
 *  (registering the same pair again gives the same slot). MT_ERR_NULL, MT_ERR_RANGE, MT_ERR_INVALID
 *  (a malformed key path). */
mt_status mt_runtime_slot(mt_runtime *rt, int64_t layer, const char *key_path, int64_t *slot);

/** The slot's scalar, exactly what mt_runtime_presentation_scalar gives for its layer and key path; after
 *  mt_runtime_update_presentation, a copy made by that pass (no key path is parsed or searched).
 *  MT_ERR_NULL, MT_ERR_RANGE (slot), MT_ERR_INVALID (not a number, an evaluation error, or the slot's layer
 *  is outside the tree). */
mt_status mt_runtime_slot_scalar(const mt_runtime *rt, int64_t slot, double *out);

/** The slot's point (a key path such as "position"), like mt_runtime_slot_scalar. MT_ERR_INVALID when the
 *  value is not a point. */
mt_status mt_runtime_slot_point(const mt_runtime *rt, int64_t slot, mt_point *out);

/** Copies the text of the last error the runtime reported (a time, layer, animation or evaluation error;
 *  empty if none; the argument checks of this header, such as MT_ERR_NULL or an MT_ERR_RANGE index, leave
 *  it unchanged), like mt_scene_error. Returns the full length in bytes; sentinel -1 for a NULL runtime or
 *  a negative capacity. */
ptrdiff_t mt_runtime_error(const mt_runtime *rt, char *error, ptrdiff_t error_capacity);

/** Releases a runtime (NULL: no-op). */
void mt_runtime_destroy(mt_runtime *rt);

#ifdef __cplusplus
}
#endif
#endif
