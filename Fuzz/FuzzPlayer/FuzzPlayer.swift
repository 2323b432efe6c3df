// Fuzz target "player": random operation sequences on a LayerTree (pause/resume at arbitrary times and
// speeds, first byte even) or on the disc player (first byte odd).
// LayerTree invariants: a typed error or continuity: every layer's local time just after a pause or a
// resume equals its local time just before, bit for bit, except below a layer resumed at speed 1 (QA1673's
// `beginTime = S − P` rounds), where it moves by at most a bound derived from the roundings
// (resumeBound); a paused layer reads its timeOffset, and its subtree is frozen.
// DiscPlayer invariants (Docs/disc-player.md): typed errors for bad times and discs; buttons enabled iff
// no change in flight; outside a change the glyph matches the play state and the front disc is at
// opacity 1, the other at 0; the front angle never decreases and grows at most 2π/30 per second while
// the front disc stays; at most four animations; the same script gives a bit-identical trace.
import FuzzSupport
import MediaTiming
import DiscPlayer
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlayerEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    if input.u8() & 1 == 0 { fuzzLayerTree(&input) } else { fuzzDiscPlayer(&input) }
    return 0
}

/// A time step from one byte: 0, tiny, fractional, whole seconds, or an arbitrary double.
func step(_ input: inout FuzzBytes) -> Double {
    let b = input.u8()
    switch b >> 6 {
    case 0: return 0
    case 1: return Double(b & 63) * 1e-9
    case 2: return Double(b & 63) / 16
    default: return b == 255 ? input.double() : Double(b & 63)
    }
}

/// The layers from `top` down to `layer` (both included), or nil when `layer` is not in `top`'s subtree.
func path(in tree: LayerTree, from top: LayerID, to layer: LayerID) -> [LayerID]? {
    var chain: [LayerID] = [layer]
    var current = layer
    while current != top {
        guard let parent = (try? tree.parent(of: current)) ?? nil else { return nil }
        chain.append(parent)
        current = parent
    }
    return chain.reversed()
}

/// A bound on how far a local time may move when `chain[0]`, paused at `P = pausedTime`, resumes at speed 1
/// with QA1673's recipe, derived from the roundings of the operations (round to nearest: the error of
/// one operation is at most half an ulp of its result; `TimeSpace.localTime(fromParent:)` computes
/// `fl(fl(fl(t − b)·s) + o)`, and LayerTree.resume sets `b' = fl(S − P)`, speed 1, offset 0).
///
/// - The resumed layer: before, it reads `P` exactly (`(S − b)·0 + P`); after, `fl(S − b')`. With
///   `b' = S − P + e₁`, `|e₁| ≤ ulp(b')/2`, and `fl(S − b') = S − b' + e₂`, `|e₂| ≤ ulp(fl(S − b'))/2`:
///   `|after − P| ≤ (ulp(b') + ulp(after))/2`. (With S = −8.6e9 and P = 6.9e10, b' ≈ −7.7e10: one ulp
///   of b' is 1.5e-5, far above the ulps of S that an earlier bound allowed.)
/// - A sublayer `(b, s, o)` whose superlayer moved by at most `d` (from `p` to `p'`): the exact map moves by
///   at most `|s|·d`, and each of the two evaluations (before and after) rounds three times, by at most
///   `(|s|·ulp(p − b) + ulp((p − b)·s) + ulp((p − b)·s + o))/2`; the bound adds all of them.
/// - The bound itself is evaluated in floating point: its terms are non-negative, so each of its few
///   operations per layer (at most 12) lowers it by a relative 2⁻⁵³ at most; the factor `1 + 2⁻⁴⁰` covers
///   chains of up to 2¹² layers. The bound may overflow to +∞ (a resume at S = −5e305 loses P = 1 entirely,
///   half an ulp of S is 5e289, and a sublayer's speed of 1e24 scales it past the largest double): it then
///   accepts any move. The readings of a finite layer's chain are finite, so the roundings are too.
func resumeBound(_ tree: LayerTree, chain: [LayerID], pausedTime: Double, before: [Double?], after: [Double?],
                 ids: [LayerID]) -> Double? {
    func reading(_ readings: [Double?], _ layer: LayerID) -> Double? { readings[ids.firstIndex(of: layer)!] }
    guard let resumed = reading(after, chain[0]), let space = try? tree.timeSpace(of: chain[0]) else { return nil }
    var bound = (space.beginTime.ulp + resumed.ulp) / 2
    for (parent, layer) in zip(chain, chain.dropFirst()) {
        guard let p = reading(before, parent), let q = reading(after, parent),
              let space = try? tree.timeSpace(of: layer) else { return nil }
        let s = space.rate
        func roundings(_ t: Double) -> Double {
            let r1 = t - space.beginTime, r2 = r1 * s, r3 = r2 + space.timeOffset
            return (s.magnitude * r1.ulp + r2.ulp + r3.ulp) / 2
        }
        // A paused layer (s = 0) reads its offset whatever its superlayer does: nothing propagates.
        bound = (s == 0 ? 0 : s.magnitude * bound) + roundings(p) + roundings(q)
    }
    bound *= 1 + 0x1p-40
    return bound.isNaN ? nil : bound
}

func fuzzLayerTree(_ input: inout FuzzBytes) {
    var tree = LayerTree()
    var ids: [LayerID] = []
    let layerCount = 1 + Int(input.u8() % 4)
    for n in 0..<layerCount {
        let parentByte = Int(input.u8())
        let parent = n > 0 && parentByte % 2 == 1 ? ids[parentByte / 2 % ids.count] : nil
        // Mostly tame time spaces, sometimes arbitrary bits.
        let wild = input.u8()
        let space = wild == 255
            ? TimeSpace(beginTime: input.double(), speed: input.float(), timeOffset: input.double())
            : TimeSpace(beginTime: Double(wild % 16), speed: Float(Int(wild / 16) - 4) / 2, timeOffset: Double(wild % 7))
        do { ids.append(try tree.addLayer(named: "l\(n)", parent: parent, timeSpace: space)) } catch { return }
    }
    var now = Double(input.u8())
    var count = 0
    while !input.isAtEnd && count < 64 {
        count += 1
        now += step(&input)
        let op = input.u8()
        let target = ids[Int(op >> 2) % ids.count]
        let before = ids.map { try? tree.localTime(of: $0, atMediaTime: now) }
        let wasPaused = (try? tree.isPaused(target)) ?? false
        let pausedTime = (try? tree.timeSpace(of: target))?.timeOffset ?? .nan
        if wasPaused, let p = before[ids.firstIndex(of: target)!] {
            // A paused layer reads its timeOffset: (S − b)·0 + P = P exactly.
            precondition(p == pausedTime, "paused layer reads \(p), timeOffset \(pausedTime)")
        }
        do {
            switch op & 3 {
            case 0: try tree.pause(target, atMediaTime: now)
            case 1: try tree.resume(target, atMediaTime: now)
            case 2: try tree.resume(target, atMediaTime: now, speed: nil)
            default:
                let s = input.u8()
                try tree.resume(target, atMediaTime: now, speed: s == 255 ? input.float() : Float(Int(s) - 128) / 16)
            }
        } catch {
            continue  // a typed error (LayerError)
        }
        let after = ids.map { try? tree.localTime(of: $0, atMediaTime: now) }
        if getenv("FUZZ_VERBOSE") != nil {
            print("t=\(now) op=\(op & 3) target=\(target) before=\(before) after=\(after) spaces=\(ids.map { try? tree.timeSpace(of: $0) }) parents=\(ids.map { try? tree.parent(of: $0) })")
            fflush(nil)
        }
        // Continuity (Docs/semantics.md §14.2): exact, except below a layer resumed at speed 1, where the bound
        // is derived from the recipe's roundings (resumeBound).
        let resumedAtSpeed1 = wasPaused && (try? tree.isPaused(target)) == false && (try? tree.timeSpace(of: target))?.speed == 1
        for (index, (a, b)) in zip(before, after).enumerated() {
            guard let a, let b, a != b else { continue }
            let chain = resumedAtSpeed1 ? path(in: tree, from: target, to: ids[index]) : nil
            let bound = chain.flatMap { resumeBound(tree, chain: $0, pausedTime: pausedTime, before: before, after: after, ids: ids) }
            precondition(bound.map { abs(a - b) <= $0 } ?? false,
                         "local time jumped from \(a) to \(b) at \(now) (op \(op & 3), paused \(wasPaused), bound \(String(describing: bound)))")
        }
        // A paused layer's subtree is frozen.
        if (try? tree.isPaused(target)) == true, let later = try? tree.localTime(of: target, atMediaTime: now + 1),
           let current = after[ids.firstIndex(of: target)!] {
            precondition(later == current, "paused layer moves: \(current) → \(later)")
        }
    }
}

func fuzzDiscPlayer(_ input: inout FuzzBytes) {
    let playlistCount = 1 + Int(input.u8() % 4)
    let playlist = (0..<playlistCount).map { Track(title: "t\($0)", artist: "a", artwork: "w\($0)") }
    var script: [TimedInput] = []
    var now = 0.0
    while !input.isAtEnd && script.count < 48 {
        let delta = step(&input)
        now += delta >= 0 ? delta : 0  // a valid script: non-decreasing times (bad times are checked below)
        let which = input.u8()
        guard now.isFinite && abs(now) < 1e9 else { break }
        script.append(TimedInput(DiscInput.allCases[Int(which) % DiscInput.allCases.count], at: now))
    }
    guard var player = try? DiscPlayer(playlist: playlist, startIndex: 0) else { preconditionFailure("init failed") }
    // Hostile readings: typed errors, never traps.
    for disc in [-1, 2, Int.max, Int.min] {
        precondition((try? player.angle(ofDisc: disc)) == nil && (try? player.opacity(ofDisc: disc)) == nil
                     && (try? player.translation(ofDisc: disc)) == nil)
    }
    precondition((try? player.advance(to: .nan)) == nil && (try? player.advance(to: -1)) == nil)
    var previous: (front: Int, angle: Double, time: Double)?
    for (k, entry) in script.enumerated() {
        do { try player.handle(entry.input, at: entry.time) } catch {
            preconditionFailure("valid script refused: \(error)")
        }
        check(player, previous: &previous)
        // Sample between this input and the next as well.
        let next = k + 1 < script.count ? script[k + 1].time : entry.time + 2
        do { try player.advance(to: entry.time + (next - entry.time) / 2) } catch { preconditionFailure("advance refused: \(error)") }
        check(player, previous: &previous)
    }
    // Determinism: the same script again gives a bit-identical trace.
    guard var again = try? DiscPlayer(playlist: playlist, startIndex: 0) else { preconditionFailure() }
    for (k, entry) in script.enumerated() {
        let next = k + 1 < script.count ? script[k + 1].time : entry.time + 2
        try? again.handle(entry.input, at: entry.time)
        try? again.advance(to: entry.time + (next - entry.time) / 2)
    }
    precondition(again.trace == player.trace, "trace not deterministic")
    precondition((try? again.frontAngle())?.bitPattern == (try? player.frontAngle())?.bitPattern)
}

func check(_ player: DiscPlayer, previous: inout (front: Int, angle: Double, time: Double)?) {
    let state = player.state
    precondition(player.playlist.indices.contains(state.index), "index \(state.index)")
    precondition(state.front == 0 || state.front == 1, "front \(state.front)")
    precondition(state.buttonsEnabled == !state.isChanging, "buttons \(state.buttonsEnabled), changing \(state.isChanging)")
    precondition(player.attachedAnimationCount <= 4, "\(player.attachedAnimationCount) animations attached")
    guard let angle = try? player.frontAngle() else { preconditionFailure("front angle unreadable") }
    precondition(angle.isFinite)
    if !state.isChanging {
        precondition(state.glyph == (state.isPlaying ? .pause : .play), "glyph \(state.glyph), playing \(state.isPlaying)")
        let front = (try? player.opacity(ofDisc: state.front)) ?? -1
        let back = (try? player.opacity(ofDisc: 1 - state.front)) ?? -1
        precondition(front == 1 && back == 0, "opacities front \(front), back \(back)")
    }
    let t = player.currentTime
    if let p = previous, p.front == state.front, !state.isChanging {
        let rate = 2 * Double.pi / 30
        let slack = angleSlack(angles: (p.angle, angle), time: t, rate: rate)
        precondition(angle >= p.angle - slack, "front angle decreased \(p.angle) → \(angle)")
        precondition(angle - p.angle <= rate * (t - p.time) + slack,
                     "front angle grew too fast \(p.angle) → \(angle) in \(t - p.time) s")
    }
    previous = state.isChanging ? nil : (state.front, angle, t)
    // The per-frame update (the registered readings only, typed where it can) reads what the readings
    // computed on demand read, bit for bit.
    var updated = player
    do { try updated.updatePresentation() } catch { preconditionFailure("update refused: \(error)") }
    for disc in 0..<2 {
        precondition(readings(player, disc: disc) == readings(updated, disc: disc), "disc \(disc) reads differently after the update")
    }
}

/// How far two consecutive readings of the front disc's angle may stray from the exact motion (angle
/// `(2π/30)·τ` for a turning time τ that never decreases and grows at most as fast as the media time),
/// derived from the operations that compute them. All the times involved (media time, begin times, time
/// offsets, paused times, the rotation's base) lie in [0, t] for a script of non-decreasing times from 0, so
/// each rounding of a time is at most half an ulp of `T = max(t, 1)`.
/// - One reading: the artwork's local time `fl(fl(t − b) + o)` (its superlayer is a root with the identity
///   map) and the rotation's active time `fl(fl(L − begin) + timeOffset)`: 4 roundings, at most 2 ulp(T)
///   of turning time. The cycle and its remainder are exact (Model W); the unit time `basic/30` and
///   `2π·unit` round by at most 2⁻⁵⁴·2π and 2⁻⁵¹; `2π·i` and the cumulative sum by half an ulp of the
///   angle A each. Per reading: `(2π/30)·2·ulp(T) + ulp(A) + 2⁻⁵⁰`.
/// - One input between the readings: a pause is exact; QA1673's resume moves the clock by at most
///   `(ulp(b′) + ulp(L′))/2 ≤ ulp(T)` (resumeBound), the player's fallback resume is exact; the foreground
///   re-adds the rotation with `timeOffset = fl(L − base)`, which differs from the removed rotation's active
///   time by at most three roundings (1.5 ulp(T)). At most `2·ulp(T)` of turning time.
/// - The check itself: `t − p.time` rounds by half an ulp of T, and `2π/30` and its product by one ulp of
///   the angle between them.
/// Together: `(2π/30)·6.5·ulp(T) + 3·ulp(A) + 2⁻⁴⁹`, with A the larger angle; 7 ulps of T are used.
func angleSlack(angles: (Double, Double), time t: Double, rate: Double) -> Double {
    let a = max(abs(angles.0), abs(angles.1))
    return rate * 7 * max(abs(t), 1).ulp + 3 * a.ulp + 0x1p-49
}

/// The bits of a disc's readings (angle, opacity, translation; NaN where unreadable).
func readings(_ player: DiscPlayer, disc: Int) -> [UInt64] {
    let angle: Double = (try? player.angle(ofDisc: disc)) ?? .nan
    let opacity: Double = (try? player.opacity(ofDisc: disc)) ?? .nan
    let move: Size = (try? player.translation(ofDisc: disc)) ?? Size(width: .nan, height: .nan)
    return [angle.bitPattern, opacity.bitPattern, move.width.bitPattern, move.height.bitPattern]
}

#if !FUZZING
@main struct FuzzPlayerReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzPlayer", run: fuzzOne) }
}
#endif
