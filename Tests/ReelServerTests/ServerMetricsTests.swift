import Testing

@testable import ReelServer

/// `/metrics`' render rate is of now (the last seconds), not an average over the server's life.
@Suite struct ServerMetricsTests {
    @Test func theRenderRateCountsTheLastSeconds() {
        let metrics = ServerMetrics()
        #expect(metrics.text(jobs: [:]).contains("reel_render_fps 0.000\n"))
        metrics.framesRendered(250)
        let text = metrics.text(jobs: [:])
        #expect(text.contains("reel_render_fps 25.000\n"), "\(text)")
        #expect(text.contains("reel_frames_rendered_total 250\n"))
    }
}
