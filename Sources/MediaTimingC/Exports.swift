// The C API of mediatiming.h, implemented with `@c` exports, one file per area (Exports+Timing.swift,
// +Curves, +Layers, +Paths, +Scene, +Players, +TimingSet, +Springs, +Runtime); `Tests/c/run.sh` checks the
// header against them. Every function checks its arguments and reports failures through `mt_status` or a
// documented sentinel; nothing here traps on bad input. Objects are Swift classes passed as opaque
// `Unmanaged` pointers. This file holds what the areas share: handles, boxes, status codes, text copies.
import CMediaTiming
import MediaTiming

@inline(__always)
func box<T: AnyObject>(_ pointer: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
}

@inline(__always)
func handle<T: AnyObject, H>(_ object: T, as: H.Type) -> UnsafeMutablePointer<H> {
    Unmanaged.passRetained(object).toOpaque().assumingMemoryBound(to: H.self)
}

@inline(__always)
func report(_ status: UnsafeMutablePointer<mt_status>?, _ value: mt_status) {
    status?.pointee = value
}

/// Copies `text` as NUL-terminated UTF-8, truncated to `capacity` bytes.
func copyText(_ text: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    var written = 0
    for byte in text.utf8 {
        guard written < capacity - 1 else { break }
        buffer[written] = CChar(bitPattern: byte)
        written += 1
    }
    buffer[written] = 0
}

func string(_ bytes: UnsafePointer<CChar>, length: Int) -> String {
    bytes.withMemoryRebound(to: UInt8.self, capacity: length) { pointer in
        String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// The object behind a handle whose value is mutated in place (`mt_disc_player`, `mt_album`, `mt_runtime`).
/// The value lives at an address the box owns, reached through unsafe addressors: a class's stored `var` is
/// checked for exclusive access at run time on every call (benchmark P6), and the C API serialises calls
/// per handle by contract.
final class HandleBox<Value> {
    let storage: UnsafeMutablePointer<Value>
    var value: Value {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }

    init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}

/// Runs `body` on the value behind a handle in place, borrowing the box without retaining it (the
/// per-frame calls, benchmark P6).
@inline(__always)
func withHandle<Value, R>(_ handle: UnsafeRawPointer, as: Value.Type, _ body: (inout Value) -> R) -> R {
    Unmanaged<HandleBox<Value>>.fromOpaque(handle)._withUnsafeGuaranteedRef { body(&$0.storage.pointee) }
}

func status(_ error: RuntimeError) -> mt_status {
    switch error {
    case .invalidTime, .timeWentBackwards: return MT_ERR_TIME
    case let .layer(layerError): return status(layerError)
    case .animation, .evaluation, .model, .invalidTransactionDuration: return MT_ERR_INVALID
    }
}

// MARK: Boundary

@c(mt_identity)
public func mtIdentity(_ x: Double) -> Double { x }
