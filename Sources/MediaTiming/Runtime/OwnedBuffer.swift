extension UnsafeMutableBufferPointer {
    /// A buffer of its own holding a copy of `elements` (for an immutable table that an object owns and
    /// releases in its `deinit` with ``release()``: reading it per frame retains nothing, benchmark P6).
    static func copy(of elements: [Element]) -> Self {
        let buffer = Self.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return buffer
    }

    /// Deinitializes and frees a buffer made by ``copy(of:)``.
    func release() {
        _ = deinitialize()
        deallocate()
    }
}
