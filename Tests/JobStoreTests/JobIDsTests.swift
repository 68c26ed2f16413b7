import Foundation
import JobStore
import Testing

/// Ids order by creation, so listing by id lists oldest first.
@Suite struct JobIDsTests {
    @Test func idsGrowAndAreWellFormed() {
        let ids = (0..<5000).map { _ in JobIDs.make(prefix: "r_") }
        #expect(Set(ids).count == ids.count)
        // Many fall in one millisecond: they still increase.
        #expect(ids == ids.sorted())
        #expect(ids.allSatisfy { JobIDs.isWellFormed($0, prefix: "r_") && $0.count == 28 })
        #expect(!JobIDs.isWellFormed(ids[0], prefix: "m_"))
        #expect(!JobIDs.isWellFormed("r_0000000000000000000000000I", prefix: "r_"))
        #expect(!JobIDs.isWellFormed("r_80000000000000000000000000", prefix: "r_"))
        #expect(!JobIDs.isWellFormed("r_" + String(ids[0].dropFirst(3)), prefix: "r_"))
    }

    @Test func timePartIsTheCurrentMillisecond() {
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        let id = JobIDs.make(prefix: "m_")
        let after = UInt64(Date().timeIntervalSince1970 * 1000)
        let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        let time = id.dropFirst(2).prefix(10).reduce(UInt64(0)) { $0 * 32 + UInt64(digits.firstIndex(of: $1)!) }
        #expect(time + 1 >= before && time <= after + 1)
    }
}
