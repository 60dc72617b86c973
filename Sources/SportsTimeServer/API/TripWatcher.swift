import Foundation
import SportsTimeAPI
import SportsTimeCore
import SportsTimeStore

/// Tells every open event stream when a trip changes, whoever changed it
/// (this server, another tab, the CLI in another process): it sends
/// `trip-changed` `{id, revision}` for each trip that moved, appeared or
/// went (`revision` null), and `visits-changed` `{}` when the visits
/// changed (`Store.visitSignature()`). A comment every 15 s keeps idle streams alive
/// and lets a closed client be noticed.
///
/// It looks cheaply and reads only on a change: every `interval` (and at
/// once when `signal()` says this server committed) it compares the
/// database's change token (`Store.changeToken()`, one pragma on the
/// watcher's own connection, which sees every other connection's commits,
/// this server's included); only when the token moved does it read every
/// trip's revision (`Store.tripRevisions()`, one query) and the visits'
/// signature, and diff them against the last.
final class TripWatcher: @unchecked Sendable {
  /// How the watcher learns of changes.
  enum Mode: Sendable {
    /// The change token first, the revisions only when it moved.
    case changeToken
    /// Every trip read at every look, as before issue 29: kept only as the
    /// reference the idle-CPU benchmark measures against.
    case readEveryTrip
  }

  private let store: Store
  private let interval: TimeInterval
  private let mode: Mode
  /// Runs every look, one at a time (the timer's and the signals').
  private let queue = DispatchQueue(label: "sportstime.watcher")
  /// Guards the state below (never held while the store is used).
  private let lock = NSLock()
  private var streams: [EventStream] = []
  private var known: [Trip.ID: Int] = [:]
  private var knownVisits: Store.VisitSignature?
  /// The token the revisions in `known` were read under; nil: read at the
  /// next look.
  private var knownToken: ChangeToken?
  /// Whether the baseline is taken and the timer runs.
  private var running = false
  /// Whether a signalled look is queued already (signals coalesce).
  private var signalQueued = false
  private var timer: DispatchSourceTimer?
  private var lastHeartbeat = Date()
  private var reads = 0
  private var lookCount = 0

  /// Watches `store` (best a connection of the watcher's own, so a look
  /// never waits behind a request), looking every `interval` seconds.
  init(store: Store, interval: TimeInterval = 0.25, mode: Mode = .changeToken) {
    self.store = store
    self.interval = interval
    self.mode = mode
  }

  /// How many times the trips' revisions were read (the baseline
  /// included); a test's view of whether a look read anything.
  var tripReads: Int {
    lock.lock()
    defer { lock.unlock() }
    return reads
  }

  /// How many looks have run (timer ticks, signals and `poll()` calls,
  /// whether or not they read); a test waits on it instead of a clock.
  var looks: Int {
    lock.lock()
    defer { lock.unlock() }
    return lookCount
  }

  /// Starts watching (the revisions now are the baseline).
  func start() {
    lock.lock()
    let started = running || timer != nil
    lock.unlock()
    guard !started else { return }
    // The baseline is read without the lock: a commit's signal may arrive
    // meanwhile (with the store's lock held), and is ignored until the
    // baseline is in place; the next tick sees its token.
    let token = try? store.changeToken()
    let revisions = try? readRevisions()
    let visits = try? store.visitSignature()
    lock.lock()
    defer { lock.unlock() }
    guard timer == nil else { return }
    reads += 1
    known = revisions ?? [:]
    knownVisits = visits
    knownToken = revisions == nil || visits == nil ? nil : token
    running = true
    let source = DispatchSource.makeTimerSource(queue: queue)
    // Idle looks need not be punctual: a leeway lets the system batch
    // the wake-ups.
    source.schedule(
      deadline: .now() + interval, repeating: interval,
      leeway: .milliseconds(Int(interval * 100)))
    source.setEventHandler { [weak self] in self?.look() }
    source.resume()
    timer = source
  }

  /// Stops watching and ends every stream.
  func stop() {
    lock.lock()
    timer?.cancel()
    timer = nil
    running = false
    let open = streams
    streams = []
    lock.unlock()
    for stream in open { stream.close() }
  }

  /// Says that this server has just committed a change: the next look
  /// happens now rather than at the next tick. Returns at once (it runs
  /// with the committing store's lock held, `Store.observeCommits`).
  func signal() {
    lock.lock()
    let queueLook = running && mode == .changeToken && !signalQueued
    if queueLook { signalQueued = true }
    lock.unlock()
    guard queueLook else { return }
    queue.async { [weak self] in
      guard let self else { return }
      self.lock.lock()
      self.signalQueued = false
      self.lock.unlock()
      self.look()
    }
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

  /// Every trip's revision: one query, or (`readEveryTrip`) every trip
  /// read whole.
  private func readRevisions() throws -> [Trip.ID: Int] {
    switch mode {
    case .changeToken: return try store.tripRevisions()
    case .readEveryTrip:
      return Dictionary(
        try store.trips().map { ($0.id, $0.revision) }, uniquingKeysWith: { a, _ in a })
    }
  }

  /// One look now, on the watcher's queue (after any look running or
  /// queued), as the timer's are.
  func poll() { queue.sync { look() } }

  /// One look: the changes since the last one, to every open stream. With
  /// the change token unchanged nothing is read (only the heartbeat is
  /// due now and then). Runs on `queue`.
  private func look() {
    lock.lock()
    lookCount += 1
    lock.unlock()
    var token: ChangeToken?
    if mode == .changeToken {
      guard let now = try? store.changeToken() else { return }
      lock.lock()
      let unchanged = running && now == knownToken
      let ready = running
      lock.unlock()
      guard ready else { return }
      if unchanged {
        announce(events: [], visitsChanged: false)
        return
      }
      token = now
    }
    guard let now = try? readRevisions() else { return }
    let visits = try? store.visitSignature()
    lock.lock()
    reads += 1
    let before = known
    known = now
    if mode == .changeToken { knownToken = visits == nil ? nil : token }
    let visitsChanged = visits != nil && visits != knownVisits
    if let visits { knownVisits = visits }
    lock.unlock()
    var events: [WireV1.TripChanged] = []
    for (id, revision) in now where before[id] != revision {
      events.append(WireV1.TripChanged(id: id, revision: revision))
    }
    for id in before.keys where now[id] == nil {
      events.append(WireV1.TripChanged(id: id, revision: nil))
    }
    events.sort { $0.id < $1.id }
    announce(events: events, visitsChanged: visitsChanged)
  }

  /// Sends `events` (and `visits-changed`, and the heartbeat when due) to
  /// every open stream, after closing those whose client left.
  private func announce(events: [WireV1.TripChanged], visitsChanged: Bool) {
    lock.lock()
    streams.removeAll { $0.closeIfClientLeft() }
    let open = streams
    let beat = Date().timeIntervalSince(lastHeartbeat) >= 15
    if beat { lastHeartbeat = Date() }
    lock.unlock()
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
