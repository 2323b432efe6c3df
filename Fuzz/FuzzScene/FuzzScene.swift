// Fuzz target "scene": arbitrary bytes through the scene decoder and, when it accepts them, the runner.
// Structure-aware inputs come from the seeds (Examples/*.json in Fuzz/corpus/scene) mutated by libFuzzer
// with the scene-format dictionary Fuzz/scene.dict (keys, types, huge and tiny numbers, nesting).
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
@main struct FuzzSceneReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzScene", run: fuzzOne) }
}
#endif
