// Fuzz target "player": random operation sequences on a LayerTree (pause/resume at arbitrary times and
// speeds, first byte even) or on the disc player (first byte odd).
// LayerTree invariants: a typed error or continuity: every layer's local time just after a pause or a
// resume equals its local time just before (to rounding), and a paused layer's subtree is frozen.
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

func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
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
        // QA1673's speed-1 resume sets beginTime = S − P: exact up to an ulp of the superlayer time S
        // (a P below that ulp is lost, as in Core Animation), amplified by the speeds below the target.
        let superlayer = (try? tree.parent(of: target)) ?? nil
        let s = superlayer.map { (try? tree.localTime(of: $0, atMediaTime: now)) ?? 0 } ?? now
        let recipeError = 4 * max(abs(s), 1).ulp
        for (index, (a, b)) in zip(before, after).enumerated() {
            guard let a, let b, abs(a) < 1e12, abs(b) < 1e12 else { continue }
            var amplification = 1.0, layer: LayerID? = ids[index], below = false
            while let current = layer {
                if current == target { below = true; break }
                amplification *= Double(((try? tree.timeSpace(of: current))?.speed ?? 1).magnitude)
                layer = (try? tree.parent(of: current)) ?? nil
            }
            let tolerance = below ? recipeError * amplification : 0
            precondition(close(a, b) || abs(a - b) <= tolerance,
                         "local time jumped from \(a) to \(b) at \(now) (op \(op & 3), paused \(wasPaused))")
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
        let slack = 8 * max(abs(angle), 1).ulp + 8 * max(abs(t), 1).ulp * 2 * Double.pi / 30  // rounding
        precondition(angle >= p.angle - slack, "front angle decreased \(p.angle) → \(angle)")
        precondition(angle - p.angle <= 2 * Double.pi / 30 * (t - p.time) * (1 + 1e-9) + slack,
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
