import Foundation

/// Files served from one folder (the app's own files, or a Debian
/// `libjs-*` folder under /usr/share/javascript): a request path can never
/// leave the folder — no `..` or `.` segment, no NUL or backslash, and a
/// symbolic link inside that points outside is refused as well (the real
/// path must lie under the folder's real path). Behind libmicrohttpd a NUL
/// never arrives: it decodes the request's path into a C string, which ends
/// at a `%00`, so `/app/app.css%00.js` asks for `/app/app.css` — still
/// inside the folder.
public struct StaticFiles: Sendable, Hashable {
  /// The folder's real path (symbolic links resolved), without a trailing
  /// slash.
  public let root: String

  /// Serves `folder`.
  public init(folder: URL) {
    root = folder.resolvingSymlinksInPath().standardizedFileURL.path
  }

  /// The media type for a file name's extension (RFC 6838 names; UTF-8
  /// for text).
  public static func contentType(of name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "html": return "text/html; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "json", "map": return "application/json"
    case "geojson": return "application/geo+json"
    case "svg": return "image/svg+xml"
    case "png": return "image/png"
    case "ico": return "image/x-icon"
    case "txt", "md": return "text/plain; charset=utf-8"
    default: return "application/octet-stream"
    }
  }

  /// The real path of the file `relative` (a request path below the
  /// folder's mount point, e.g. `images/marker-icon.png`), or nil when it
  /// is not a readable regular file under the folder.
  public func path(of relative: String) -> String? {
    let segments = relative.split(separator: "/", omittingEmptySubsequences: true)
    guard !segments.isEmpty,
      !segments.contains(where: {
        $0 == "." || $0 == ".." || $0.contains("\0") || $0.contains("\\")
      })
    else { return nil }
    let joined = ([root] + segments.map(String.init)).joined(separator: "/")
    let real = URL(fileURLWithPath: joined).resolvingSymlinksInPath().path
    guard real.hasPrefix(root + "/") else { return nil }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory),
      !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: real)
    else { return nil }
    return real
  }

  /// The response for `relative`: 200 with the file and its type, or nil
  /// (the caller answers 404) when `path(of:)` finds no file.
  public func response(for relative: String) -> HTTPResponse? {
    guard let real = path(of: relative), let data = FileManager.default.contents(atPath: real)
    else { return nil }
    return HTTPResponse(
      status: 200, contentType: Self.contentType(of: real), bytes: data,
      headers: [HTTPHeader("X-Content-Type-Options", "nosniff")])
  }
}
