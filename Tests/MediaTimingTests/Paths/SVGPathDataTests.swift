import Foundation
import Testing
import MediaTiming

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("SVG path data")
struct SVGPathDataTests {
    // MARK: Commands

    @Test("absolute commands M L H V Q C Z")
    func absolute() throws {
        let path = try Path(svgPathData: "M10 20 L30 40 H50 V60 Q70 80 90 100 C1 2 3 4 5 6 Z")
        #expect(path.elements == [
            .move(to: p(10, 20)), .line(to: p(30, 40)), .line(to: p(50, 40)), .line(to: p(50, 60)),
            .quadCurve(to: p(90, 100), control: p(70, 80)),
            .curve(to: p(5, 6), control1: p(1, 2), control2: p(3, 4)), .closeSubpath,
        ])
        #expect(path.currentPoint == p(10, 20))
    }

    @Test("relative commands m l h v q c z, each from the current point")
    func relative() throws {
        let path = try Path(svgPathData: "m10 20 l5 5 h10 v-5 q1 2 3 4 c1 1 2 2 3 3 z l1 1")
        // current: (10,20) → (15,25) → (25,25) → (25,20) → quad to (28,24), control (26,22)
        // → cubic from (28,24): controls (29,25), (30,26), end (31,27) → close to (10,20)
        // → line to (11,21).
        #expect(path.elements == [
            .move(to: p(10, 20)), .line(to: p(15, 25)), .line(to: p(25, 25)), .line(to: p(25, 20)),
            .quadCurve(to: p(28, 24), control: p(26, 22)),
            .curve(to: p(31, 27), control1: p(29, 25), control2: p(30, 26)),
            .closeSubpath, .line(to: p(11, 21)),
        ])
    }

    @Test("implicit repetition of argument groups")
    func repetition() throws {
        #expect(try Path(svgPathData: "M0 0 10 10 20 0").elements
            == [.move(to: p(0, 0)), .line(to: p(10, 10)), .line(to: p(20, 0))])
        #expect(try Path(svgPathData: "m1 1 2 2 1 0").elements
            == [.move(to: p(1, 1)), .line(to: p(3, 3)), .line(to: p(4, 3))])
        #expect(try Path(svgPathData: "M0 0 L1 2 3 4").elements
            == [.move(to: p(0, 0)), .line(to: p(1, 2)), .line(to: p(3, 4))])
        #expect(try Path(svgPathData: "M0 0 h1 2 3").elements
            == [.move(to: p(0, 0)), .line(to: p(1, 0)), .line(to: p(3, 0)), .line(to: p(6, 0))])
        #expect(try Path(svgPathData: "M0 0 V1 2").elements
            == [.move(to: p(0, 0)), .line(to: p(0, 1)), .line(to: p(0, 2))])
        #expect(try Path(svgPathData: "M0 0 q1 1 2 0 1 -1 2 0").elements
            == [.move(to: p(0, 0)), .quadCurve(to: p(2, 0), control: p(1, 1)),
                .quadCurve(to: p(4, 0), control: p(3, -1))])
        #expect(try Path(svgPathData: "M0 0 C1 1 2 2 3 3 4 4 5 5 6 6").elements
            == [.move(to: p(0, 0)), .curve(to: p(3, 3), control1: p(1, 1), control2: p(2, 2)),
                .curve(to: p(6, 6), control1: p(4, 4), control2: p(5, 5))])
    }

    @Test("number syntax: signs, decimals, exponents, no separator where unambiguous")
    func numbers() throws {
        #expect(try Path(svgPathData: "M1-2").elements == [.move(to: p(1, -2))])
        #expect(try Path(svgPathData: "M.5.5").elements == [.move(to: p(0.5, 0.5))])
        #expect(try Path(svgPathData: "M0.5.25").elements == [.move(to: p(0.5, 0.25))])
        #expect(try Path(svgPathData: "M1e2,1E-1").elements == [.move(to: p(100, 0.1))])
        #expect(try Path(svgPathData: "M+1 -.5e+1").elements == [.move(to: p(1, -5))])
        #expect(try Path(svgPathData: "M1.,2.").elements == [.move(to: p(1, 2))])
        #expect(try Path(svgPathData: "M-0 007").elements == [.move(to: p(0, 7))])
        #expect(try Path(svgPathData: "M1e-400 3").elements == [.move(to: p(0, 3))])
        #expect(try Path(svgPathData: "M0.1 0.2").elements == [.move(to: p(0.1, 0.2))])
        #expect(try Path(svgPathData: "M1e100 -1e100").elements == [.move(to: p(1e100, -1e100))])
    }

    @Test("whitespace and commas")
    func separators() throws {
        let expected: [PathElement] = [.move(to: p(1, 2)), .line(to: p(3, 4)), .closeSubpath]
        #expect(try Path(svgPathData: "M1,2,3,4Z").elements == expected)
        #expect(try Path(svgPathData: " \t\n\r\u{0C}M 1 , 2 L\n3\t,\r4 \tz \n").elements == expected)
        #expect(try Path(svgPathData: "M1 2L3 4z").elements == expected)
    }

    @Test("after Z the current point is the subpath start; several subpaths")
    func subpaths() throws {
        let path = try Path(svgPathData: "M10 10 l5 0 z l0 5 M0 0 L1 0 Z Z")
        #expect(path.elements == [
            .move(to: p(10, 10)), .line(to: p(15, 10)), .closeSubpath, .line(to: p(10, 15)),
            .move(to: p(0, 0)), .line(to: p(1, 0)), .closeSubpath, .closeSubpath,
        ])
        #expect(path.currentPoint == p(0, 0))
    }

    // MARK: Errors

    @Test("empty data")
    func empty() {
        #expect(throws: PathError.emptyPath) { try Path(svgPathData: "") }
        #expect(throws: PathError.emptyPath) { try Path(svgPathData: " \n\t ") }
    }

    @Test("the first command must be a move")
    func firstMove() {
        #expect(throws: PathError.missingInitialMove(offset: 0)) { try Path(svgPathData: "L1 2") }
        #expect(throws: PathError.missingInitialMove(offset: 2)) { try Path(svgPathData: "  z") }
    }

    @Test("unknown commands and stray characters, with their offsets")
    func unknownCommands() {
        #expect(throws: PathError.unknownCommand("X", offset: 5)) { try Path(svgPathData: "M1 2 X3 4") }
        #expect(throws: PathError.unknownCommand("A", offset: 5)) { try Path(svgPathData: "M1 2 A1 1 0 0 1 2 2") }
        #expect(throws: PathError.unknownCommand("S", offset: 4)) { try Path(svgPathData: "M0 0S1 1 2 2") }
        #expect(throws: PathError.unknownCommand("t", offset: 4)) { try Path(svgPathData: "M0 0t1 1") }
        #expect(throws: PathError.unknownCommand("3", offset: 7)) { try Path(svgPathData: "M1 2 Z 3") }
        #expect(throws: PathError.unknownCommand("é", offset: 5)) { try Path(svgPathData: "M1 2 é") }
        #expect(throws: PathError.unknownCommand("\u{0}", offset: 9)) { try Path(svgPathData: "M0 0 L1 1\u{0}") }
        #expect(throws: PathError.unknownCommand("1", offset: 0)) { try Path(svgPathData: "1 2") }
        #expect(throws: PathError.unknownCommand("e", offset: 4)) { try Path(svgPathData: "M1 2e") }
    }

    @Test("missing numbers, with the command and the offset")
    func missingNumbers() {
        #expect(throws: PathError.missingNumber(command: "M", offset: 2)) { try Path(svgPathData: "M1") }
        #expect(throws: PathError.missingNumber(command: "L", offset: 6)) { try Path(svgPathData: "M1 2 L") }
        #expect(throws: PathError.missingNumber(command: "L", offset: 6)) { try Path(svgPathData: "M1 2 LM3 4") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 5)) { try Path(svgPathData: "M1 2,") }
        #expect(throws: PathError.missingNumber(command: "L", offset: 8)) { try Path(svgPathData: "M1 2 L3 x") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 2)) { try Path(svgPathData: "M1e 2") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 6)) { try Path(svgPathData: "M1 2 3e") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 4)) { try Path(svgPathData: "M 1,,2") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 1)) { try Path(svgPathData: "M,1 2") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 1)) { try Path(svgPathData: "Minf 0") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 1)) { try Path(svgPathData: "MNaN 0") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 3)) { try Path(svgPathData: "M1 -") }
        #expect(throws: PathError.missingNumber(command: "M", offset: 3)) { try Path(svgPathData: "M1 .") }
        #expect(throws: PathError.missingNumber(command: "c", offset: 15)) { try Path(svgPathData: "M0 0 c1 2 3 4 5") }
        #expect(throws: PathError.missingNumber(command: "q", offset: 12)) { try Path(svgPathData: "M0 0 q1 2 3 ") }
    }

    @Test("numbers out of range: overflow, above 1e100, and relative sums above 1e100")
    func outOfRange() {
        #expect(throws: PathError.numberOutOfRange(offset: 1)) { try Path(svgPathData: "M1e999 0") }
        #expect(throws: PathError.numberOutOfRange(offset: 3)) { try Path(svgPathData: "M0 -1e101") }
        #expect(throws: PathError.numberOutOfRange(offset: 10)) { try Path(svgPathData: "M1e100 0 l1e100 0") }
        #expect(throws: PathError.numberOutOfRange(offset: 10)) { try Path(svgPathData: "M0 1e100 v1e100") }
        #expect(throws: PathError.numberOutOfRange(offset: 1)) {
            try Path(svgPathData: "M" + String(repeating: "9", count: 400) + " 0")
        }
    }

    @Test("size limits: input length and element count")
    func limits() throws {
        let long = String(repeating: " ", count: Path.maximumSVGPathDataLength + 1)
        #expect(throws: PathError.inputTooLong(length: Path.maximumSVGPathDataLength + 1,
                                               limit: Path.maximumSVGPathDataLength)) { try Path(svgPathData: long) }
        let atLimit = "M0 0" + String(repeating: "L1 1", count: Path.maximumElementCount - 1)
        #expect(try Path(svgPathData: atLimit).elements.count == Path.maximumElementCount)
        #expect(throws: PathError.tooManyElements(limit: Path.maximumElementCount)) {
            try Path(svgPathData: atLimit + "Z")
        }
        #expect(throws: PathError.tooManyElements(limit: Path.maximumElementCount)) {
            try Path(svgPathData: "M0 0" + String(repeating: " 1 1", count: Path.maximumElementCount))
        }
    }

    // MARK: Robustness

    @Test("hostile random inputs never trap; successes satisfy the path invariants")
    func hostile() {
        var rng = SplitMix64(seed: 0xBAD5EED)
        let alphabet = Array("MmLlHhVvQqCcZzSsAaTtEe0123456789+-.,  \t\n".utf8) + [0, 0xC3, 0xA9, 0xFF, 0x80]
        var successes = 0
        let valid = Array("M10,20 l-5.5e1 .25 H-3 v4 Q1 2 3 4 q-1-2-3-4 C1 2 3 4 5 6 c.1.2.3.4.5.6 z m1 1 2 2 Z".utf8)
        for round in 0..<4000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                // Random text over the grammar's characters plus junk bytes.
                bytes = round % 4 == 0 ? Array("M0 0".utf8) : []
                for _ in 0..<Int(rng.next() % 64) {
                    if rng.next() % 8 == 0 {
                        bytes.append(UInt8(truncatingIfNeeded: rng.next()))
                    } else {
                        bytes.append(alphabet[Int(rng.next() % UInt64(alphabet.count))])
                    }
                }
            } else {
                // A valid path with one to three bytes replaced, inserted or deleted.
                bytes = valid
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let at = Int(rng.next() % UInt64(bytes.count))
                    let byte = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                    switch rng.next() % 3 {
                    case 0: bytes[at] = byte
                    case 1: bytes.insert(byte, at: at)
                    default: bytes.remove(at: at)
                    }
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let path = try Path(svgPathData: text)
                successes += 1
                guard case .move = path.elements.first else {
                    Issue.record("first element is not a move: \(text.debugDescription)")
                    continue
                }
                for element in path.elements {
                    var points: [Point] = []
                    switch element {
                    case .move(let a), .line(let a): points = [a]
                    case .quadCurve(let a, let b): points = [a, b]
                    case .curve(let a, let b, let c): points = [a, b, c]
                    case .closeSubpath: break
                    }
                    for q in points {
                        #expect(q.x.isFinite && q.y.isFinite && abs(q.x) <= 1e100 && abs(q.y) <= 1e100)
                    }
                }
            } catch {
                // Every failure is a typed PathError with an offset inside the input.
                switch error {
                case .unknownCommand(_, let offset), .missingNumber(_, let offset), .numberOutOfRange(let offset),
                     .missingInitialMove(let offset):
                    #expect(offset >= 0 && offset <= text.utf8.count)
                case .emptyPath, .tooManyElements, .inputTooLong: break
                case .nonFiniteCoordinate, .coordinateOutOfRange, .noCurrentPoint:
                    Issue.record("builder error from the parser: \(error)")
                }
            }
        }
        #expect(successes > 200, "\(successes) successes")
    }

    @Test("random valid paths survive formatting and parsing")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 0x0420)
        for _ in 0..<300 {
            var elements: [PathElement] = [.move(to: rng.point(-1e3, 1e3))]
            var text = "M\(elements[0].endPoint!.x) \(elements[0].endPoint!.y)"
            for _ in 0..<Int(rng.next() % 12) {
                let a = rng.point(-1e3, 1e3), b = rng.point(-1e3, 1e3), c = rng.point(-1e3, 1e3)
                let sep = [" ", ",", "\n", " , "][Int(rng.next() % 4)]
                switch rng.next() % 5 {
                case 0: elements.append(.move(to: a)); text += "M\(a.x)\(sep)\(a.y)"
                case 1: elements.append(.line(to: a)); text += "L\(a.x)\(sep)\(a.y)"
                case 2: elements.append(.quadCurve(to: b, control: a)); text += "Q\(a.x)\(sep)\(a.y) \(b.x)\(sep)\(b.y)"
                case 3:
                    elements.append(.curve(to: c, control1: a, control2: b))
                    text += "C\(a.x)\(sep)\(a.y) \(b.x)\(sep)\(b.y) \(c.x)\(sep)\(c.y)"
                default: elements.append(.closeSubpath); text += "Z"
                }
            }
            #expect(try Path(svgPathData: text).elements == elements, "\(text)")
        }
    }
}
