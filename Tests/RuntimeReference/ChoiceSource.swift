import FuzzSupport

/// Where a generator's choices come from: a seeded generator in the property tests, the fuzzer's bytes in
/// FuzzRuntime. One generator (``OperationGenerator``) serves both.
public protocol ChoiceSource {
    /// A choice in `0..<n` (n > 0).
    mutating func draw(below n: Int) -> Int
    /// Whether the source has nothing more to give (the fuzzer's input is used up).
    var isExhausted: Bool { get }
}

extension ChoiceSource {
    /// One of `items` (not empty).
    mutating func pick<T>(_ items: [T]) -> T { items[draw(below: items.count)] }
    /// True once in `oneIn` choices.
    mutating func chance(_ oneIn: Int) -> Bool { draw(below: oneIn) == 0 }
    /// A multiple of 1/1024 in `[lower, upper)`.
    mutating func grid(_ lower: Double, _ upper: Double) -> Double {
        let steps = Int((upper - lower) * 1024)
        return lower + Double(draw(below: max(steps, 1))) / 1024
    }
    /// A double in `[lower, upper)` off any grid (53 random bits).
    mutating func anywhere(_ lower: Double, _ upper: Double) -> Double {
        let bits = Double(draw(below: 1 << 26)) * Double(1 << 27) + Double(draw(below: 1 << 27))
        return lower + (upper - lower) * (bits / 0x1p53)
    }
}

extension SplitMix64: ChoiceSource {
    public mutating func draw(below n: Int) -> Int { below(n) }
    public var isExhausted: Bool { false }
}

extension FuzzBytes: ChoiceSource {
    /// One byte for a choice among at most 256, four bytes otherwise; zeros past the end.
    public mutating func draw(below n: Int) -> Int {
        n <= 256 ? Int(u8()) % n : Int(u32() % UInt32(truncatingIfNeeded: min(n, Int(UInt32.max))))
    }
    public var isExhausted: Bool { isAtEnd }
}
