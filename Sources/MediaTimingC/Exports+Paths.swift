// Measured paths and Bézier arc lengths (mt_path_*, mt_quadratic_length, mt_cubic_length).
import CMediaTiming
import MediaTiming

final class PathBox {
    let path: MeasuredPath
    init(_ path: MeasuredPath) { self.path = path }
}

func measured(_ path: Path, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_path>? {
    do throws(PathError) {
        let result = try MeasuredPath(path)
        report(status, MT_OK)
        return handle(PathBox(result), as: mt_path.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_path_create_svg)
public func mtPathCreateSVG(
    _ data: UnsafePointer<CChar>?, _ length: Int, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard length >= 0 else { report(status, MT_ERR_COUNT); return nil }
    guard let data else { report(status, MT_ERR_NULL); return nil }
    do throws(PathError) {
        return measured(try Path(svgPathData: string(data, length: length)), status)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_path_create_quadratic)
public func mtPathCreateQuadratic(
    _ points: UnsafePointer<mt_point>?, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard let points else { report(status, MT_ERR_NULL); return nil }
    var path = Path()
    do throws(PathError) {
        try path.move(to: Point(x: points[0].x, y: points[0].y))
        try path.addQuadCurve(to: Point(x: points[2].x, y: points[2].y), control: Point(x: points[1].x, y: points[1].y))
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
    return measured(path, status)
}

@c(mt_path_create_cubic)
public func mtPathCreateCubic(
    _ points: UnsafePointer<mt_point>?, _ status: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_path>? {
    guard let points else { report(status, MT_ERR_NULL); return nil }
    var path = Path()
    do throws(PathError) {
        try path.move(to: Point(x: points[0].x, y: points[0].y))
        try path.addCurve(
            to: Point(x: points[3].x, y: points[3].y), control1: Point(x: points[1].x, y: points[1].y),
            control2: Point(x: points[2].x, y: points[2].y))
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
    return measured(path, status)
}

@inline(__always)
func pathBox(_ path: UnsafePointer<mt_path>) -> PathBox { box(UnsafeRawPointer(path), as: PathBox.self) }

@inline(__always)
func cPosition(_ p: PathPosition) -> mt_path_position {
    mt_path_position(x: p.point.x, y: p.point.y, tangent_x: p.tangent.x, tangent_y: p.tangent.y, distance: p.distance)
}

@inline(__always)
func point(_ p: mt_point) -> Point { Point(x: p.x, y: p.y) }

@c(mt_quadratic_length)
public func mtQuadraticLength(_ points: UnsafePointer<mt_point>?) -> Double {
    guard let points else { return .nan }
    for i in 0..<3 where !(points[i].x.isFinite && points[i].y.isFinite) { return .nan }
    return QuadraticBezierSegment(start: point(points[0]), control: point(points[1]), end: point(points[2])).length
}

@c(mt_cubic_length)
public func mtCubicLength(_ points: UnsafePointer<mt_point>?) -> Double {
    guard let points else { return .nan }
    for i in 0..<4 where !(points[i].x.isFinite && points[i].y.isFinite) { return .nan }
    return CubicBezierSegment(
        start: point(points[0]), control1: point(points[1]), control2: point(points[2]), end: point(points[3])).length
}

@c(mt_path_length)
public func mtPathLength(_ path: UnsafePointer<mt_path>?) -> Double {
    guard let path else { return .nan }
    return pathBox(path).path.length
}

@c(mt_path_position_at)
public func mtPathPositionAt(
    _ path: UnsafePointer<mt_path>?, _ distance: Double, _ out: UnsafeMutablePointer<mt_path_position>?
) -> mt_status {
    guard let path, let out else { return MT_ERR_NULL }
    out.pointee = cPosition(pathBox(path).path.position(atDistance: distance))
    return MT_OK
}

@c(mt_path_uniform_positions)
public func mtPathUniformPositions(
    _ path: UnsafePointer<mt_path>?, _ out: UnsafeMutablePointer<mt_path_position>?, _ count: Int
) -> mt_status {
    guard let path else { return MT_ERR_NULL }
    guard count >= 0 else { return MT_ERR_COUNT }
    guard count > 0 else { return MT_OK }
    guard let out else { return MT_ERR_NULL }
    let object = pathBox(path)
    withExtendedLifetime(object) {
        let measured = object.path
        var cursor = PathCursor()
        if count == 1 {
            out[0] = cPosition(measured.position(atDistance: 0, cursor: &cursor))
            return
        }
        let last = count - 1
        let length = measured.length
        for k in 0...last {
            let s = k == last ? length : length * (Double(k) / Double(last))
            out[k] = cPosition(measured.position(atDistance: s, cursor: &cursor))
        }
    }
    return MT_OK
}

@c(mt_path_destroy)
public func mtPathDestroy(_ path: UnsafeMutablePointer<mt_path>?) {
    guard let path else { return }
    Unmanaged<PathBox>.fromOpaque(UnsafeRawPointer(path)).release()
}
