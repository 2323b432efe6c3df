// Fuzz target "runtime": AnimationRuntime against the brute-force reference runtime (Tests/RuntimeReference),
// over sequences of runtime operations decoded from the bytes by the same generator as the property tests
// (OperationGenerator): layers in random chains with random time spaces, animations of every kind added,
// replaced and removed, pause and resume, time-space and model changes, background and foreground, layers
// removed with their subtrees, inserted back and moved (and changes of the tree both must refuse), advances
// (tiny, arbitrary, or exactly on an animation's begin or end in media time), look-aheads, presentation
// passes and slot registrations. The first byte bounds the number of layers (1…16) and picks the start time
// and the transaction duration. Invariant, after every
// operation: the events returned, whether each layer is in the tree, and every reading (local times, timing
// states, presentation values by all three reading paths; for a layer outside the tree, the same error) are
// bit-identical to the reference's (DifferentialRun). `precondition` here only signals a violated invariant.
import FuzzSupport
import MediaTiming
import RuntimeReference

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuntimeEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    return fuzzOne(data, size)
}

/// The most operations one input runs (about 28 bytes make an operation: `-max_len=4096` gives about 150).
let maximumSteps = 400

func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzBytes(data, size)
    let first = input.u8()
    let layers = 1 + Int(first % 16)
    // The start time and the transaction duration from the first byte's high bits.
    let startTime = [0, 0, 4096.3, -250.125][Int(first >> 4) & 3]
    let transactionDuration = first & 0x40 == 0 ? 0.25 : 0.4
    var generator = OperationGenerator(source: input, maximumLayerCount: layers)
    var run = DifferentialRun(startTime: startTime, transactionDuration: transactionDuration)
    for _ in 0..<maximumSteps {
        guard let step = generator.nextStep(for: run.reference) else { break }
        let differences = run.perform(step)
        precondition(
            differences.isEmpty,
            "runtime and reference differ after step \(run.log.count - 1), \(step):\n" + differences.prefix(8).joined(separator: "\n")
                + "\nsteps:\n" + run.log.map(\.description).joined(separator: "\n"))
    }
    return 0
}

#if !FUZZING
@main struct FuzzRuntimeReplay {
    static func main() { replayFiles(CommandLine.arguments.dropFirst(), name: "FuzzRuntime", run: fuzzOne) }
}
#endif
