/// The runtime's pending phase crossings: for every attached animation that has not stopped, the exact
/// media time of its next didStart or didStop (Docs/semantics.md §13.2), in a binary min-heap ordered
/// by time, then by the order the animations were added.
///
/// An entry is never updated in place: when an animation's crossing changes (its layer's clock changed,
/// it started) or it is removed, the runtime gives it a new stamp and, if it still has a crossing, pushes a
/// new entry; an entry whose stamp no longer matches its animation's is stale and is dropped when it
/// reaches the top (``AnimationRuntime`` checks). Stale entries are at most the number of pushes since
/// the last ``retain(_:)``, which the runtime calls when they outnumber the live ones.
///
/// Costs: ``push(_:)`` and ``removeFirst()`` O(log n) for n entries, ``first`` O(1), ``retain(_:)`` O(n).
struct CrossingQueue: Sendable {
    /// A pending crossing.
    struct Entry: Sendable {
        /// The media time of the crossing: the first double at which sampling sees the new phase.
        var time: Double
        /// The animation's add order (`AttachedAnimation.sequence`).
        var sequence: Int
        /// The layer's index.
        var layer: Int
        /// The stamp the animation held when the entry was pushed.
        var stamp: Int

        /// Earlier time first; at equal times, the animation added first (`AnimationEvent.ordered`).
        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []

    /// The number of entries, stale ones included.
    var count: Int { heap.count }

    /// The earliest entry.
    var first: Entry? { heap.first }

    /// Adds an entry.
    mutating func push(_ entry: Entry) {
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// Removes the earliest entry (the queue must not be empty).
    mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// Keeps only the entries for which `isLive` holds (heapified again in O(n)).
    mutating func retain(_ isLive: (Entry) -> Bool) {
        heap.removeAll { !isLive($0) }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(index)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }
}
