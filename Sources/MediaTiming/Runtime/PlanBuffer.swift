/// A growable buffer of elements for the frame plan's tables (`FramePlan.Tables`): an array without
/// reference counting or uniqueness checks on access, read per frame through ``base`` (benchmark P6).
///
/// It is not a value: copies share the storage, and exactly one owner calls ``release()`` once (a
/// `FramePlan.Tables` object in its `deinit`, or the reading that builds a layer's records outside the
/// plan, when it is done with them). ``append(_:)`` is amortised O(1) and may move the storage,
/// so pointers from ``base`` are valid until the next append.
struct PlanBuffer<Element>: @unchecked Sendable {
    /// The first element (nil before the first append).
    private(set) var base: UnsafeMutablePointer<Element>? = nil
    /// The number of elements.
    private(set) var count = 0
    private var capacity = 0

    /// The elements, as a buffer.
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    /// The element at `index` (`0 ..< count`).
    subscript(index: Int) -> Element {
        get { base![index] }
        nonmutating set { base![index] = newValue }
    }

    /// Appends an element, doubling the capacity when full.
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: Swift.max(16, 2 * capacity)) }
        (base! + count).initialize(to: element)
        count += 1
    }

    /// Appends the elements of `elements`.
    mutating func append(contentsOf elements: some Collection<Element>) {
        if count + elements.count > capacity { grow(to: Swift.max(16, 2 * capacity, count + elements.count)) }
        for element in elements {
            (base! + count).initialize(to: element)
            count += 1
        }
    }

    /// Removes the last element.
    mutating func removeLast() {
        count -= 1
        (base! + count).deinitialize(count: 1)
    }

    /// Keeps only the elements of `ranges` (disjoint ranges of this buffer, one per owner; empty ones are
    /// ignored): each range's elements move down, in their order in the buffer, the other elements are
    /// deinitialized, and `ranges` is updated to the new positions. O(count + ranges), with one temporary
    /// array of `count` indices; the capacity is kept.
    mutating func compact(keeping ranges: PlanBuffer<Range<Int>>) {
        guard let base, count > 0 else { return }
        // The owner of each range, at the range's first position.
        var owners = [Int](repeating: -1, count: count)
        for owner in 0..<ranges.count where !ranges[owner].isEmpty { owners[ranges[owner].lowerBound] = owner }
        // Invariant: `0 ..< kept` holds the kept elements, `kept ..< read` nothing (moved out or
        // deinitialized), `read ..< count` the elements not visited yet.
        var kept = 0, read = 0
        while read < count {
            let owner = owners[read]
            if owner >= 0 {
                let length = ranges[owner].count
                if kept != read { (base + kept).moveInitialize(from: base + read, count: length) }
                ranges[owner] = kept..<(kept + length)
                kept += length
                read += length
            } else {
                (base + read).deinitialize(count: 1)
                read += 1
            }
        }
        count = kept
    }

    /// Frees the storage (the buffer is empty afterwards).
    mutating func release() {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
        base = nil
        count = 0
        capacity = 0
    }

    private mutating func grow(to newCapacity: Int) {
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            storage.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = storage
        capacity = newCapacity
    }
}
