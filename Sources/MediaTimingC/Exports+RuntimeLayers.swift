// Removing, inserting and moving the layers of an animation runtime (mt_runtime_remove_layer,
// mt_runtime_insert_layer, mt_runtime_move_layer, mt_runtime_is_in_tree): the C face of
// `AnimationRuntime.removeLayer(_:at:)` and its siblings (Docs/semantics.md §18). Their events join the
// handle's queue like those of every other runtime operation.
import CMediaTiming
import MediaTiming

extension RuntimeHandle {
    /// Whether a C parent index names a parent: -1 (none: a root) or a layer index in range.
    @inline(__always)
    func isParent(_ index: Int64) -> Bool { index == -1 || layer(index) != nil }
}

@c(mt_runtime_remove_layer)
public func mtRuntimeRemoveLayer(_ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ time: Double) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        return h.perform { runtime throws(RuntimeError) in try runtime.removeLayer(id, at: time) }
    }
}

@c(mt_runtime_insert_layer)
public func mtRuntimeInsertLayer(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ parent: Int64, _ time: Double
) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer), h.isParent(parent) else { return MT_ERR_RANGE }
        let parentID = h.layer(parent)
        return h.perform { runtime throws(RuntimeError) in try runtime.insertLayer(id, parent: parentID, at: time) }
    }
}

@c(mt_runtime_move_layer)
public func mtRuntimeMoveLayer(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ parent: Int64, _ time: Double
) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer), h.isParent(parent) else { return MT_ERR_RANGE }
        let parentID = h.layer(parent)
        return h.perform { runtime throws(RuntimeError) in try runtime.moveLayer(id, to: parentID, at: time) }
    }
}

@c(mt_runtime_is_in_tree)
public func mtRuntimeIsInTree(
    _ rt: UnsafePointer<mt_runtime>?, _ layer: Int64, _ inTree: UnsafeMutablePointer<Int32>?
) -> mt_status {
    guard let rt, let inTree else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        guard let id = h.layer(layer) else { return MT_ERR_RANGE }
        do throws(RuntimeError) {
            inTree.pointee = try h.runtime.isInTree(id) ? 1 : 0
            return MT_OK
        } catch {
            return h.fail(error)
        }
    }
}
