import Foundation
import Testing
import MediaTiming

@Suite("Path builder")
struct PathBuilderTests {
    @Test("builds elements in order and tracks the current point and subpath start")
    func builds() throws {
        var path = Path()
        #expect(path.elements.isEmpty && path.currentPoint == nil && path.subpathStart == nil)
        try path.move(to: Point(x: 1, y: 2))
        try path.addLine(to: Point(x: 3, y: 4))
        try path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
        try path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
        #expect(path.currentPoint == Point(x: 9, y: 10))
        try path.closeSubpath()
        #expect(path.currentPoint == Point(x: 1, y: 2))
        #expect(path.subpathStart == Point(x: 1, y: 2))
        #expect(path.elements == [
            .move(to: Point(x: 1, y: 2)), .line(to: Point(x: 3, y: 4)),
            .quadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8)),
            .curve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14)),
            .closeSubpath,
        ])
        #expect(try Path(elements: path.elements) == path)
    }

    @Test("drawing before a move is an error naming the element index")
    func noCurrentPoint() {
        var path = Path()
        #expect(throws: PathError.noCurrentPoint(elementIndex: 0)) { try path.addLine(to: .zero) }
        #expect(throws: PathError.noCurrentPoint(elementIndex: 0)) { try path.closeSubpath() }
        #expect(throws: PathError.noCurrentPoint(elementIndex: 0)) { try path.addQuadCurve(to: .zero, control: .zero) }
        #expect(throws: PathError.noCurrentPoint(elementIndex: 0)) {
            try path.addCurve(to: .zero, control1: .zero, control2: .zero)
        }
        #expect(throws: PathError.noCurrentPoint(elementIndex: 0)) { try Path(elements: [.line(to: .zero)]) }
        #expect(path.elements.isEmpty)
    }

    @Test("non-finite and out-of-range coordinates are rejected, and the path is unchanged")
    func badPoints() throws {
        var path = Path()
        #expect(throws: PathError.nonFiniteCoordinate(elementIndex: 0)) { try path.move(to: Point(x: .nan, y: 0)) }
        try path.move(to: .zero)
        #expect(throws: PathError.nonFiniteCoordinate(elementIndex: 1)) { try path.addLine(to: Point(x: 0, y: .infinity)) }
        #expect(throws: PathError.nonFiniteCoordinate(elementIndex: 1)) {
            try path.addQuadCurve(to: .zero, control: Point(x: -.infinity, y: 0))
        }
        #expect(throws: PathError.nonFiniteCoordinate(elementIndex: 1)) {
            try path.addCurve(to: .zero, control1: .zero, control2: Point(x: .nan, y: .nan))
        }
        #expect(throws: PathError.coordinateOutOfRange(elementIndex: 1)) { try path.addLine(to: Point(x: 1.0000001e100, y: 0)) }
        #expect(throws: PathError.coordinateOutOfRange(elementIndex: 1)) {
            try path.addCurve(to: .zero, control1: Point(x: 0, y: -2e100), control2: .zero)
        }
        #expect(path.elements == [.move(to: .zero)])
        try path.addLine(to: Point(x: 1e100, y: -1e100))  // the limit itself is accepted
        #expect(throws: PathError.coordinateOutOfRange(elementIndex: 1)) {
            try Path(elements: [.move(to: .zero), .line(to: Point(x: 0, y: 1e101))])
        }
    }

    @Test("the element count is capped")
    func elementLimit() throws {
        var path = Path()
        try path.move(to: .zero)
        for _ in 1..<Path.maximumElementCount { try path.addLine(to: Point(x: 1, y: 1)) }
        #expect(path.elements.count == Path.maximumElementCount)
        #expect(throws: PathError.tooManyElements(limit: Path.maximumElementCount)) { try path.closeSubpath() }
        #expect(throws: PathError.tooManyElements(limit: Path.maximumElementCount)) { try path.move(to: .zero) }
        let many = [PathElement](repeating: .move(to: .zero), count: Path.maximumElementCount + 1)
        #expect(throws: PathError.tooManyElements(limit: Path.maximumElementCount)) { try Path(elements: many) }
    }

    @Test("Point arithmetic")
    func pointArithmetic() {
        let a = Point(x: 3, y: 4), b = Point(x: -1, y: 2)
        #expect(a + b == Point(x: 2, y: 6))
        #expect(a - b == Point(x: 4, y: 2))
        #expect(-a == Point(x: -3, y: -4))
        #expect(a * 2 == Point(x: 6, y: 8))
        #expect(0.5 * a == Point(x: 1.5, y: 2))
        #expect(a.dot(b) == 5)
        #expect(a.length == 5)
        // No overflow or underflow at the ends of the range (hypot).
        #expect(abs(Point(x: 3e200, y: 4e200).length / 5e200 - 1) <= 4e-16)
        #expect(abs(Point(x: 3e-200, y: 4e-200).length / 5e-200 - 1) <= 4e-16)
    }
}
