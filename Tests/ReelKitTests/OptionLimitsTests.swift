import DocumentLimits
import MediaTime
import ReelKit
import Testing
import TimelineModel

/// The command line's rates are held to the limits the timeline reader and encoder read.
@Suite struct OptionLimitsTests {
    static let canvas = Canvas(width: 360, height: 640)

    func videoBitrate(_ text: String) -> Int?? {
        switch Result(catching: { () throws(OptionValueError) in try MakeOptionText(bitrate: text).exportOptions(canvas: Self.canvas) }) {
        case .success(let options): return .some(options.videoBitrate)
        case .failure: return .none
        }
    }

    @Test func bitratesAreTakenUpToTheirLimitsAndRefusedPastThem() {
        let top = Limits.videoBitrate.upperBound
        let bottom = Limits.videoBitrate.lowerBound
        #expect(videoBitrate("\(top)") == .some(top))
        #expect(videoBitrate("\(top + 1)") == .none)
        #expect(videoBitrate("\(bottom)") == .some(bottom))
        #expect(videoBitrate("\(bottom - 1)") == .none)
        let audio = { (text: String) in
            Result(catching: { () throws(OptionValueError) in try MakeOptionText(audioBitrate: text).exportOptions(canvas: Self.canvas).audioBitrate }
            )
        }
        #expect((try? audio("\(Limits.audioBitrate.upperBound)").get()) == Limits.audioBitrate.upperBound)
        #expect((try? audio("\(Limits.audioBitrate.upperBound + 1)").get()) == nil)
    }
}
