// Fuzz target "scene": arbitrary bytes through the scene decoder and, when it accepts them, the runner.
// Structure-aware inputs come from the seeds (Examples/*.json in Fuzz/corpus/scene) mutated by the custom
// mutator in SceneMutator.swift (JSON structure), falling back to libFuzzer's byte mutations with the
// scene-format dictionary Fuzz/scene.dict (keys, types, huge and tiny numbers, nesting).
// Invariants: a typed error (SceneErrors with at least one error, each with a message) or a result;
// time and memory are bounded by libFuzzer's -timeout and -rss_limit_mb (Fuzz/run.sh sets them).
import FuzzSupport
import MediaTiming
import MediaTimingScene
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scene: Scene
    do { scene = try SceneDecoder.decode(bytes: bytes) } catch {
        precondition(!error.errors.isEmpty, "decoder threw an empty error list")
        precondition(error.errors.allSatisfy { !$0.message.isEmpty }, "decoder error without a message")
        return 0
    }
    do {
        let result = try SceneRunner.run(scene)
        _ = result
    } catch {
        precondition(!error.errors.isEmpty, "runner threw an empty error list")
    }
    return 0
}

#if !FUZZING
/// Plain builds: `FuzzScene FILE|DIR…` replays inputs; `FuzzScene --mutate N FILE|DIR…` also runs N
/// structural mutations of each input (seeds 1…N, without libFuzzer) through the harness and prints a
/// hash of the mutants, which must be the same on every run (the mutator is deterministic).
@main struct FuzzSceneReplay {
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        guard arguments.first == "--mutate", arguments.count >= 2, let rounds = UInt32(arguments.dropFirst().first!) else {
            replayFiles(arguments, name: "FuzzScene", run: fuzzOne)
            return
        }
        arguments = arguments.dropFirst(2)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325, mutants = 0, parsed = 0
        replayFiles(arguments, name: "FuzzScene") { data, size in
            let input = Array(UnsafeBufferPointer(start: data, count: size))
            for seed in 1...max(rounds, 1) {
                var random = SplitMix64(state: UInt64(seed) &* 0x2545_F491_4F6C_DD1D)
                guard let mutant = SceneMutator.mutate(input, maxSize: 8192, random: &random) else { continue }
                mutants += 1
                if (try? JSONParser().parse(bytes: mutant)) != nil { parsed += 1 }
                for byte in mutant { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                _ = mutant.withUnsafeBufferPointer { fuzzOne($0.baseAddress!, $0.count) }
            }
            return fuzzOne(data, size)
        }
        print("FuzzScene: \(mutants) mutant(s), \(parsed) still valid JSON, hash \(String(hash, radix: 16))")
    }
}
#endif
