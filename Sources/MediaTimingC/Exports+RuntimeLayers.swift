// Removing, inserting and moving the layers of an animation runtime (mt_runtime_remove_layer,
// mt_runtime_insert_layer, mt_runtime_move_layer, mt_runtime_is_in_tree): the C face of
// `AnimationRuntime.removeLayer(_:at:)` and its siblings (Docs/semantics.md §18). Their events join the
// handle's queue like those of every other runtime operation.
import CMediaTiming
import MediaTiming

extension RuntimeHandle {
    /// `operation` on the layer at C index `layer` with the parent at C index `parent` (-1: none, a root),
    /// its events queued: MT_ERR_RANGE when either index names no layer, else the operation's status.
    mutating func perform(
        on layer: Int64, parent: Int64,
        _ operation: (inout AnimationRuntime, LayerID, LayerID?) throws(RuntimeError) -> [AnimationEvent]
    ) -> mt_status {
        guard let id = self.layer(layer), parent == -1 || self.layer(parent) != nil else { return MT_ERR_RANGE }
        let parentID = self.layer(parent)
        return perform { runtime throws(RuntimeError) in try operation(&runtime, id, parentID) }
    }
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
        h.perform(on: layer, parent: parent) { runtime, id, parentID throws(RuntimeError) in
            try runtime.insertLayer(id, parent: parentID, at: time)
        }
    }
}

@c(mt_runtime_move_layer)
public func mtRuntimeMoveLayer(
    _ rt: UnsafeMutablePointer<mt_runtime>?, _ layer: Int64, _ parent: Int64, _ time: Double
) -> mt_status {
    guard let rt else { return MT_ERR_NULL }
    return withRuntime(rt) { h in
        h.perform(on: layer, parent: parent) { runtime, id, parentID throws(RuntimeError) in
            try runtime.moveLayer(id, to: parentID, at: time)
        }
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
