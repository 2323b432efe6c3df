/// A growable buffer of elements for the frame plan's tables (`FramePlan.Tables`): an array without
/// reference counting or uniqueness checks on access, read per frame through ``base`` (benchmark P6).
///
/// It is not a value: copies share the storage, and exactly one owner (a `FramePlan.Tables` object)
/// calls ``release()`` once, in its `deinit`. ``append(_:)`` is amortised O(1) and may move the storage,
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
