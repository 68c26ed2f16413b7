import CFFmpeg

/// Whether a video is standard or high dynamic range, and which HDR signal it carries.
///
/// Phones record HDR by default (HLG on most, PQ on some). Shown as if it were SDR, such a video
/// looks flat and grey with washed-out colour; Reel converts it to the SDR BT.709 it composes and
/// encodes in (see `HDRToneMapper`).
package enum DynamicRange: String, Sendable, Hashable {
    case sdr
    /// Hybrid log-gamma (ARIB STD-B67, BT.2100), scene-referred.
    case hlg
    /// Perceptual quantizer (SMPTE ST 2084, BT.2100), absolute luminance up to 10,000 nits.
    case pq

    init(transfer: AVColorTransferCharacteristic) {
        switch transfer {
        case AVCOL_TRC_ARIB_STD_B67: self = .hlg
        case AVCOL_TRC_SMPTE2084: self = .pq
        default: self = .sdr
        }
    }

    /// True for HLG and PQ, which are tone-mapped to SDR (`HDRToneMapper`) before composition.
    package var isHDR: Bool { self != .sdr }
}
