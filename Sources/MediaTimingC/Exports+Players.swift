// The disc player and the album (mt_disc_player_*, mt_album_*; Docs/disc-player.md).
import CMediaTiming
import MediaTiming
import DiscPlayer

typealias DiscPlayerBox = HandleBox<DiscPlayer>
typealias AlbumBox = HandleBox<DouyinAlbum>

func status(_ error: DiscPlayerError) -> mt_status {
    switch error {
    case .emptyPlaylist, .invalidScreenHeight, .invalidSampling: return MT_ERR_INVALID
    case .startIndexOutOfRange, .noSuchDisc: return MT_ERR_RANGE
    case .invalidTime: return MT_ERR_TIME
    case let .runtime(runtimeError): return status(runtimeError)
    }
}

func status(_ error: AlbumError) -> mt_status {
    switch error {
    case .invalidRate: return MT_ERR_INVALID
    case .noSuchNote: return MT_ERR_RANGE
    case let .runtime(runtimeError): return status(runtimeError)
    }
}

func inputCode(_ input: DiscInput) -> Int32 {
    switch input {
    case .playPause: return 0
    case .next: return 1
    case .previous: return 2
    case .background: return 3
    case .foreground: return 4
    }
}

func discInput(_ code: Int32) -> DiscInput? {
    switch code {
    case 0: return .playPause
    case 1: return .next
    case 2: return .previous
    case 3: return .background
    case 4: return .foreground
    default: return nil
    }
}

/// The C code of an ignore reason (the reasons `DiscPlayer.handle(_:at:)` gives).
func ignoreReasonCode(_ reason: String) -> Int32 {
    switch reason {
    case "in the background": return 0
    case "buttons disabled": return 1
    case "already in the background": return 2
    case "already in the foreground": return 3
    default: return -1
    }
}

func discLayerCode(_ name: String) -> Int32 {
    switch name {
    case "background": return 0
    case "disc0": return 1
    case "disc1": return 2
    case "disc0.artwork": return 3
    case "disc1.artwork": return 4
    default: return -1
    }
}

func discKeyCode(_ key: String) -> Int32 {
    switch key {
    case DiscPlayer.rotationKey: return 0
    case DiscPlayer.changeKey: return 1
    case DiscPlayer.fadeInKey: return 2
    case DiscPlayer.crossFadeKey: return 3
    default: return -1
    }
}

func cEvent(_ entry: TraceEntry) -> mt_disc_event {
    var kind: Int32, input: Int32 = -1, reason: Int32 = -1, layer: Int32 = -1, key: Int32 = -1, finished: Int32 = -1
    switch entry.event {
    case let .input(i): kind = 0; input = inputCode(i)
    case let .ignored(i, why): kind = 1; input = inputCode(i); reason = ignoreReasonCode(why)
    case let .animation(name, k, .didStart): kind = 2; layer = discLayerCode(name); key = discKeyCode(k)
    case let .animation(name, k, .didStop(done)):
        kind = 3; layer = discLayerCode(name); key = discKeyCode(k); finished = done ? 1 : 0
    case .swapped: kind = 4
    }
    let s = entry.state
    return mt_disc_event(
        time: entry.time, kind: kind, input: input, reason: reason, layer: layer, key: key, finished: finished,
        index: Int64(s.index), is_playing: s.isPlaying ? 1 : 0, buttons_enabled: s.buttonsEnabled ? 1 : 0,
        glyph: s.glyph == .pause ? 1 : 0, front: Int32(s.front), is_changing: s.isChanging ? 1 : 0,
        is_in_background: s.isInBackground ? 1 : 0, front_angle: entry.frontAngle)
}

@inline(__always)
func discBox(_ player: UnsafeRawPointer) -> DiscPlayerBox { box(player, as: DiscPlayerBox.self) }

@inline(__always)
func albumBox(_ album: UnsafeRawPointer) -> AlbumBox { box(album, as: AlbumBox.self) }

@c(mt_disc_player_create)
public func mtDiscPlayerCreate(
    _ titles: UnsafePointer<UnsafePointer<CChar>?>?, _ artists: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
    _ startIndex: Int64, _ screenHeight: Double, _ startTime: Double, _ statusOut: UnsafeMutablePointer<mt_status>?
) -> UnsafeMutablePointer<mt_disc_player>? {
    let status = statusOut
    guard count >= 0 else { report(status, MT_ERR_COUNT); return nil }
    var playlist: [Track] = []
    if count == 0 {
        playlist = DiscPlayer.samplePlaylist
    } else {
        guard let titles, let artists else { report(status, MT_ERR_NULL); return nil }
        for i in 0..<count {
            guard let title = titles[i], let artist = artists[i] else { report(status, MT_ERR_NULL); return nil }
            playlist.append(Track(title: String(cString: title), artist: String(cString: artist), artwork: ""))
        }
    }
    guard startIndex >= 0, startIndex < Int64(playlist.count) else { report(status, MT_ERR_RANGE); return nil }
    do throws(DiscPlayerError) {
        let player = try DiscPlayer(
            playlist: playlist, startIndex: Int(startIndex), screenHeight: screenHeight, startTime: startTime)
        report(status, MT_OK)
        return handle(DiscPlayerBox(player), as: mt_disc_player.self)
    } catch {
        report(status, discStatus(error))
        return nil
    }
}

@inline(__always)
func discStatus(_ error: DiscPlayerError) -> mt_status { status(error) }

@c(mt_disc_player_send)
public func mtDiscPlayerSend(_ player: UnsafeMutablePointer<mt_disc_player>?, _ input: Int32, _ time: Double) -> mt_status {
    guard let player else { return MT_ERR_NULL }
    guard let value = discInput(input) else { return MT_ERR_INVALID }
    let object = discBox(player)
    do throws(DiscPlayerError) {
        try object.value.handle(value, at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_disc_player_advance)
public func mtDiscPlayerAdvance(_ player: UnsafeMutablePointer<mt_disc_player>?, _ time: Double) -> mt_status {
    guard let player else { return MT_ERR_NULL }
    return withHandle(player, as: DiscPlayer.self) { player in
        do throws(DiscPlayerError) {
            try player.advance(to: time)
            return MT_OK
        } catch {
            return status(error)
        }
    }
}

/// Brings the player's readings up to date, then reads its state (``discReadings(_:)``), in place: reading
/// `object.value` for each call would copy the player.
func discState(_ player: inout DiscPlayer) throws(DiscPlayerError) -> mt_disc_state {
    try player.updatePresentation()
    return try discReadings(player)
}

/// ``discState(_:)``'s readings, from a borrowed player: through the `inout` player, each inlined reading
/// copied the player's runtime (368 bytes) first (benchmark P6). The discs are read in a loop: one call
/// site of each reading, inlined.
@inline(never)
func discReadings(_ player: borrowing DiscPlayer) throws(DiscPlayerError) -> mt_disc_state {
    var angles = (0.0, 0.0), opacities = (0.0, 0.0), translations = ((0.0, 0.0), (0.0, 0.0))
    for disc in 0..<2 {
        let angle = try player.angle(ofDisc: disc), opacity = try player.opacity(ofDisc: disc)
        let t = try player.translation(ofDisc: disc)
        if disc == 0 {
            (angles.0, opacities.0, translations.0) = (angle, opacity, (t.width, t.height))
        } else {
            (angles.1, opacities.1, translations.1) = (angle, opacity, (t.width, t.height))
        }
    }
    return mt_disc_state(
        time: player.currentTime, index: Int64(player.index), is_playing: player.isPlaying ? 1 : 0,
        buttons_enabled: player.buttonsEnabled ? 1 : 0, glyph: player.glyph == .pause ? 1 : 0,
        front: Int32(player.front), is_changing: player.isChanging ? 1 : 0,
        is_in_background: player.isInBackground ? 1 : 0, angle: angles, opacity: opacities, translation: translations,
        change_progress: try player.changeProgress() ?? -1,
        attached_animations: Int32(player.attachedAnimationCount), reserved_: 0)
}

@c(mt_disc_player_get_state)
public func mtDiscPlayerState(
    _ player: UnsafeMutablePointer<mt_disc_player>?, _ out: UnsafeMutablePointer<mt_disc_state>?
) -> mt_status {
    guard let player, let out else { return MT_ERR_NULL }
    return withHandle(player, as: DiscPlayer.self) { player in
        do throws(DiscPlayerError) {
            out.pointee = try discState(&player)
            return MT_OK
        } catch {
            return MT_ERR_INVALID
        }
    }
}

@c(mt_disc_player_title)
public func mtDiscPlayerTitle(
    _ player: UnsafePointer<mt_disc_player>?, _ title: UnsafeMutablePointer<CChar>?, _ capacity: Int
) -> Int {
    guard let player, capacity >= 0 else { return -1 }
    let text = discBox(player).value.state.title
    copyText(text, into: title, capacity: capacity)
    return text.utf8.count
}

@c(mt_disc_player_event_count)
public func mtDiscPlayerEventCount(_ player: UnsafePointer<mt_disc_player>?) -> Int {
    guard let player else { return -1 }
    return discBox(player).value.trace.count
}

@c(mt_disc_player_take_events)
public func mtDiscPlayerTakeEvents(
    _ player: UnsafeMutablePointer<mt_disc_player>?, _ events: UnsafeMutablePointer<mt_disc_event>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let player, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(player, as: DiscPlayer.self) { player in
        let pending = player.trace.count
        count.pointee = pending
        guard pending <= capacity else { return MT_ERR_CAPACITY }
        guard pending > 0 else { return MT_OK }
        guard let events else { return MT_ERR_NULL }
        for (i, entry) in player.trace.enumerated() { events[i] = cEvent(entry) }
        player.removeTrace()
        return MT_OK
    }
}

@c(mt_disc_player_destroy)
public func mtDiscPlayerDestroy(_ player: UnsafeMutablePointer<mt_disc_player>?) {
    guard let player else { return }
    Unmanaged<DiscPlayerBox>.fromOpaque(UnsafeRawPointer(player)).release()
}

@c(mt_album_create)
public func mtAlbumCreate(_ startTime: Double, _ status: UnsafeMutablePointer<mt_status>?) -> UnsafeMutablePointer<mt_album>? {
    guard startTime.isFinite else { report(status, MT_ERR_TIME); return nil }
    do throws(AlbumError) {
        let album = try DouyinAlbum(startTime: startTime)
        report(status, MT_OK)
        return handle(AlbumBox(album), as: mt_album.self)
    } catch {
        report(status, MT_ERR_INVALID)
        return nil
    }
}

@c(mt_album_start)
public func mtAlbumStart(_ album: UnsafeMutablePointer<mt_album>?, _ rate: Double, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    let object = albumBox(album)
    // Checked here in the order of the header (a bad rate changes nothing, a bad time neither).
    guard rate.isFinite, rate != 0 else { return MT_ERR_INVALID }
    guard time.isFinite, time >= object.value.runtime.currentTime else { return MT_ERR_TIME }
    do throws(AlbumError) {
        try object.value.start(rate: rate, at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_album_reset)
public func mtAlbumReset(_ album: UnsafeMutablePointer<mt_album>?, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    let object = albumBox(album)
    guard time.isFinite, time >= object.value.runtime.currentTime else { return MT_ERR_TIME }
    do throws(AlbumError) {
        try object.value.reset(at: time)
        return MT_OK
    } catch {
        return status(error)
    }
}

@c(mt_album_advance)
public func mtAlbumAdvance(_ album: UnsafeMutablePointer<mt_album>?, _ time: Double) -> mt_status {
    guard let album else { return MT_ERR_NULL }
    return withHandle(album, as: DouyinAlbum.self) { album in
        do throws(AlbumError) {
            try album.advance(to: time)
            return MT_OK
        } catch {
            return status(error)
        }
    }
}

/// Brings the album's readings up to date, then reads its state (``albumReadings(_:)``), in place.
func albumState(_ album: inout DouyinAlbum) throws(AlbumError) -> mt_album_state {
    try album.updatePresentation()
    return try albumReadings(album)
}

/// ``albumState(_:)``'s readings, from a borrowed album (as ``discReadings(_:)``). The notes are read in
/// a loop: one call site of `note(_:)`, inlined.
@inline(never)
func albumReadings(_ album: borrowing DouyinAlbum) throws(AlbumError) -> mt_album_state {
    var positions = (mt_point(x: 0, y: 0), mt_point(x: 0, y: 0), mt_point(x: 0, y: 0)), opacities = (0.0, 0.0, 0.0)
    for n in 0..<3 {
        let note = try album.note(n)
        let position = mt_point(x: note.position.x, y: note.position.y)
        switch n {
        case 0: (positions.0, opacities.0) = (position, note.opacity)
        case 1: (positions.1, opacities.1) = (position, note.opacity)
        default: (positions.2, opacities.2) = (position, note.opacity)
        }
    }
    return mt_album_state(
        time: album.runtime.currentTime, rate: album.rate ?? 0, cover_angle: try album.coverAngle(),
        note_position: positions, note_opacity: opacities,
        attached_animations: Int32(album.attachedAnimationCount), reserved_: 0)
}

@c(mt_album_get_state)
public func mtAlbumState(_ album: UnsafeMutablePointer<mt_album>?, _ out: UnsafeMutablePointer<mt_album_state>?) -> mt_status {
    guard let album, let out else { return MT_ERR_NULL }
    return withHandle(album, as: DouyinAlbum.self) { album in
        do throws(AlbumError) {
            out.pointee = try albumState(&album)
            return MT_OK
        } catch {
            return MT_ERR_INVALID
        }
    }
}

@c(mt_album_event_count)
public func mtAlbumEventCount(_ album: UnsafePointer<mt_album>?) -> Int {
    guard let album else { return -1 }
    return albumBox(album).value.events.count
}

/// Copies the album's queued events into the caller's buffer, reading the album in place.
func copyAlbumEvents(_ album: inout DouyinAlbum, into events: UnsafeMutablePointer<mt_album_event>) {
    for (i, event) in album.events.enumerated() {
        let note = album.noteLayers.firstIndex(of: event.layer)
        let layer: Int32 = event.layer == album.albumLayer ? 0 : (note.map { Int32($0 + 1) } ?? -1)
        let key: Int32 = event.key == DouyinAlbum.coverKey ? 0 : (event.key == DouyinAlbum.notesKey ? 1 : -1)
        switch event.kind {
        case .didStart:
            events[i] = mt_album_event(time: event.time, layer: layer, key: key, is_start: 1, finished: -1)
        case let .didStop(finished):
            events[i] = mt_album_event(time: event.time, layer: layer, key: key, is_start: 0, finished: finished ? 1 : 0)
        }
    }
}

@c(mt_album_take_events)
public func mtAlbumTakeEvents(
    _ album: UnsafeMutablePointer<mt_album>?, _ events: UnsafeMutablePointer<mt_album_event>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> mt_status {
    guard let album, let count else { return MT_ERR_NULL }
    guard capacity >= 0 else { return MT_ERR_COUNT }
    return withHandle(album, as: DouyinAlbum.self) { album in
        let pending = album.events.count
        count.pointee = pending
        guard pending <= capacity else { return MT_ERR_CAPACITY }
        guard pending > 0 else { return MT_OK }
        guard let events else { return MT_ERR_NULL }
        copyAlbumEvents(&album, into: events)
        album.removeEvents()
        return MT_OK
    }
}

@c(mt_album_destroy)
public func mtAlbumDestroy(_ album: UnsafeMutablePointer<mt_album>?) {
    guard let album else { return }
    Unmanaged<AlbumBox>.fromOpaque(UnsafeRawPointer(album)).release()
}
