import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// Tells every open event stream when a trip changes, whoever changed it
/// (this server, another tab, the CLI in another process): it reads every
/// trip's revision from the database a few times a second and sends
/// `trip-changed` `{id, revision}` for each one that moved, appeared or
/// went (`revision` null), and `visits-changed` `{}` when the visits
/// changed (`Store.visitSignature()`). A comment every 15 s keeps idle streams alive
/// and lets a closed client be noticed.
final class TripWatcher: @unchecked Sendable {
  private let store: Store
  private let interval: TimeInterval
  private let lock = NSLock()
  private var streams: [EventStream] = []
  private var known: [Trip.ID: Int] = [:]
  private var knownVisits: Store.VisitSignature?
  private var timer: DispatchSourceTimer?
  private var lastHeartbeat = Date()

  /// Watches `store`, polling every `interval` seconds.
  init(store: Store, interval: TimeInterval = 0.25) {
    self.store = store
    self.interval = interval
  }

  /// Starts polling (the revisions now are the baseline).
  func start() {
    lock.lock()
    defer { lock.unlock() }
    guard timer == nil else { return }
    known = (try? revisions()) ?? [:]
    knownVisits = try? store.visitSignature()
    let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "sportstime.watcher"))
    source.schedule(deadline: .now() + interval, repeating: interval)
    source.setEventHandler { [weak self] in self?.poll() }
    source.resume()
    timer = source
  }

  /// Stops polling and ends every stream.
  func stop() {
    lock.lock()
    timer?.cancel()
    timer = nil
    let open = streams
    streams = []
    lock.unlock()
    for stream in open { stream.close() }
  }

  /// How many event streams may be open at once: enough for many tabs,
  /// few enough that open streams cannot take every connection the server
  /// has (each holds one).
  static let maximumStreams = 64

  /// A new stream that receives every later change; nil when
  /// `maximumStreams` are open already (a stream whose client has gone
  /// is closed and does not count).
  func subscribe() -> EventStream? {
    lock.lock()
    defer { lock.unlock() }
    // A page closed a moment ago frees its place now, not at the next
    // heartbeat.
    streams.removeAll { $0.closeIfClientLeft() }
    guard streams.count < Self.maximumStreams else { return nil }
    let stream = EventStream()
    stream.comment("connected")
    streams.append(stream)
    return stream
  }

  private func revisions() throws -> [Trip.ID: Int] {
    Dictionary(try store.trips().map { ($0.id, $0.revision) }, uniquingKeysWith: { a, _ in a })
  }

  /// One poll: the changes since the last one, to every open stream.
  func poll() {
    guard let now = try? revisions() else { return }
    let visits = try? store.visitSignature()
    lock.lock()
    let before = known
    known = now
    let visitsChanged = visits != nil && visits != knownVisits
    if let visits { knownVisits = visits }
    streams.removeAll { $0.closeIfClientLeft() }
    let open = streams
    let beat = Date().timeIntervalSince(lastHeartbeat) >= 15
    if beat { lastHeartbeat = Date() }
    lock.unlock()
    var events: [WireV1.TripChanged] = []
    for (id, revision) in now where before[id] != revision {
      events.append(WireV1.TripChanged(id: id, revision: revision))
    }
    for id in before.keys where now[id] == nil {
      events.append(WireV1.TripChanged(id: id, revision: nil))
    }
    events.sort { $0.id < $1.id }
    for event in events {
      guard let data = try? Wire.render(event) else { continue }
      let line = data.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
      for stream in open { stream.send(event: "trip-changed", data: line) }
    }
    if visitsChanged { for stream in open { stream.send(event: "visits-changed", data: "{}") } }
    if beat { for stream in open { stream.comment("keep-alive") } }
  }
}
