import Foundation
import ReelTestSupport
import Testing

/// Load on loopback, bounded: 200 render submissions from 20 concurrent clients and 2,000 status
/// polls; every one accepted, none lost or duplicated, no 5xx (tests/load_test.py drives it and
/// prints the status latency; speed itself is measured by scripts/bench-serve, not here).
@Suite struct ServeLoadTests {
    @Test func twoHundredSubmissionsAndTwoThousandPolls() throws {
        let project = try ServeProject()
        let server = try project.start()
        let r = try Tools.run(
            "python3", [Reel.repositoryRoot + "/Tests/ReelServerTests/load_test.py", server.url, ServeProject.render, "200", "20", "2000"],
            timeout: 300)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        print(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(server.isRunning)
    }
}
