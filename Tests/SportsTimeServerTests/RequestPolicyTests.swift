import Foundation
import SportsTimeServer
import XCTest

/// Each refusal of the request policy, and what passes.
final class RequestPolicyTests: XCTestCase {
  let loopback = RequestPolicy(host: "127.0.0.1", port: 8080, token: "ignored")

  func request(
    _ method: String = "GET", host: String? = "127.0.0.1:8080", headers: [String: String] = [:],
    query: [String: String] = [:], body: String = ""
  ) -> HTTPRequest {
    var all = headers
    if let host { all["Host"] = host }
    return HTTPRequest(
      method: method, path: "/api/trips", query: query, headers: all, body: Data(body.utf8))
  }

  func testHost_mustNameTheBoundLoopbackAddress() {
    for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
      XCTAssertNil(loopback.check(request(host: host)), host)
    }
    for host in [
      "evil.example:8080", "127.0.0.1:9999", "127.0.0.1", "", "localhost.evil.example:8080",
    ] {
      let refusal = loopback.check(request(host: host))
      XCTAssertEqual(refusal?.status, 403, host)
      XCTAssertTrue(refusal?.message.contains("only requests for") ?? false, host)
    }
    XCTAssertEqual(loopback.check(request(host: nil))?.status, 403, "no Host at all")
    // Port 80 may be left out, as browsers do.
    XCTAssertNil(
      RequestPolicy(host: "127.0.0.1", port: 80, token: nil).check(request(host: "localhost")))
  }

  /// Fresh-clone review 6, finding 3: bound to another loopback address,
  /// that address is a Host too.
  func testHost_anotherLoopbackAddressIsItsOwnHost() {
    let other = RequestPolicy(host: "127.0.0.2", port: 8080, token: nil)
    XCTAssertNil(other.check(request(host: "127.0.0.2:8080")))
    XCTAssertNil(other.check(request(host: "localhost:8080")))
    XCTAssertEqual(other.check(request(host: "127.0.0.3:8080"))?.status, 403)
    XCTAssertNil(other.token)
  }

  func testLoopback_needsNoToken_evenWhenOneIsGiven() {
    XCTAssertNil(loopback.token)
    XCTAssertNil(loopback.check(request()))
  }

  func testOrigin_foreignOrCrossSiteWritesAreRefused_readsAndOwnOriginPass() {
    let foreign = ["Origin": "http://evil.example"]
    XCTAssertNil(loopback.check(request("GET", headers: foreign)), "a read changes nothing")
    for method in ["POST", "PATCH", "DELETE", "PUT"] {
      XCTAssertEqual(loopback.check(request(method, headers: foreign))?.status, 403, method)
      XCTAssertEqual(
        loopback.check(request(method, headers: ["Origin": "null"]))?.status, 403, method)
      XCTAssertEqual(
        loopback.check(request(method, headers: ["Sec-Fetch-Site": "cross-site"]))?.status, 403,
        method)
      XCTAssertEqual(
        loopback.check(request(method, headers: ["Origin": "http://127.0.0.1:9999"]))?.status, 403)
      XCTAssertNil(loopback.check(request(method, headers: ["Origin": "http://localhost:8080"])))
      XCTAssertNil(loopback.check(request(method)), "no Origin: curl, scripts")
    }
  }

  func testBodies_mustBeJSON() {
    let json = ["Content-Type": "application/json; charset=utf-8"]
    XCTAssertNil(loopback.check(request("POST", headers: json, body: "{}")))
    for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""] {
      let refusal = loopback.check(
        request("POST", headers: type.isEmpty ? [:] : ["Content-Type": type], body: "{}"))
      XCTAssertEqual(refusal?.status, 415, type)
    }
    XCTAssertNil(loopback.check(request("DELETE")), "no body, no type needed")
  }

  func testElsewhere_everyRequestNeedsTheToken() {
    let lan = RequestPolicy(host: "192.168.1.20", port: 8080, token: "s3cret")
    XCTAssertEqual(lan.allowedHosts, ["192.168.1.20:8080"])
    let host = "192.168.1.20:8080"
    XCTAssertEqual(lan.check(request(host: host))?.status, 401)
    XCTAssertEqual(
      lan.check(request(host: host, headers: ["Authorization": "Bearer wrong"]))?.status, 401)
    XCTAssertEqual(lan.check(request(host: host, query: ["token": "s3cre"]))?.status, 401)
    XCTAssertNil(lan.check(request(host: host, headers: ["Authorization": "Bearer s3cret"])))
    XCTAssertNil(
      lan.check(request(host: host, headers: ["Cookie": "a=b; sportstime_token_8080=s3cret"])))
    XCTAssertNil(lan.check(request(host: host, query: ["token": "s3cret"])))
    XCTAssertEqual(
      lan.check(request(host: "evil.example:8080", query: ["token": "s3cret"]))?.status, 403)
    // Every interface: any Host, but the token is required, and a write's
    // Origin must be the host it was sent to.
    let any = RequestPolicy(host: "0.0.0.0", port: 8080, token: "t")
    XCTAssertEqual(any.check(request(host: "10.0.0.5:8080"))?.status, 401)
    let ok = ["Authorization": "Bearer t", "Origin": "http://10.0.0.5:8080"]
    XCTAssertNil(any.check(request("POST", host: "10.0.0.5:8080", headers: ok)))
    var foreign = ok
    foreign["Origin"] = "http://evil.example"
    XCTAssertEqual(any.check(request("POST", host: "10.0.0.5:8080", headers: foreign))?.status, 403)
  }

  func testGeneratedTokens_are128BitHexAndDiffer() {
    let a = RequestPolicy.generateToken()
    let b = RequestPolicy.generateToken()
    XCTAssertEqual(a.count, 32)
    XCTAssertTrue(a.allSatisfy { $0.isHexDigit })
    XCTAssertNotEqual(a, b)
  }
}
