import Foundation

/// The loudest an exported soundtrack ever is: -1 dBFS true peak (ITU-R BS.1770-4), measured on
/// the sound decoded from the file.
///
/// Declared once: the limiter at the end of the mix, the loudness gain, the check of the encoded
/// sound and the documentation all read it from here. AAC does not keep peaks where they were: it
/// zeroes whole bands above a cut-off chosen by bit rate (11.75 kHz at 64 kb/s stereo, 17.75 kHz at
/// 160), replaces noisy bands by noise of the same energy (PNS), codes the highest bands of both
/// channels as one (intensity stereo) and adds quantization noise, and each of these moves the
/// peaks of the waveform, by up to 3 dB for white noise limited hard at 64 kb/s. No fixed headroom
/// covers every sound at every bit rate, so the promise is kept by measurement: the limiter holds
/// the mix `codecHeadroom(audioBitrate:)` under the ceiling, and `SoundtrackEncoder` decodes the
/// encoded sound, measures it and encodes again, lower where it went past, until it is under.
package enum AudioCeiling {
    /// The promise, in dBFS true peak.
    package static let decibels = -1.0

    /// The ceiling as a linear amplitude (0.891).
    package static var linear: Float { Float(pow(10, decibels / 20)) }

    /// What the encoded sound is checked against (`SoundtrackEncoder`): 0.1 dB under the ceiling,
    /// for meters and decoders that read the same packets a few hundredths of a decibel apart
    /// (another oversampling filter, other float rounding), and for ffmpeg's one decimal.
    static let checkedDecibels = decibels - 0.1

    /// `checkedDecibels` as a linear amplitude.
    static var checkedLinear: Float { Float(pow(10, checkedDecibels / 20)) }

    /// What the limiter leaves for the encoder to overshoot into, in dB: a first guess, so that
    /// most sound is encoded once (`SoundtrackEncoder` lowers the threshold where it is not
    /// enough). FFmpeg's AAC encoder lifted the true peak of pink noise limited by 12 to 20 dB by
    /// up to 1.3 dB at 160 kb/s, 0.4 dB at 256 kb/s, and 2 dB at 64 and 96 kb/s; music overshoots
    /// far less, white noise and square waves limited hard up to 3 dB.
    package static func codecHeadroom(audioBitrate: Int) -> Double {
        audioBitrate >= 128_000 ? 1.5 : 2.5
    }

    /// The limiter's threshold as a linear amplitude: the ceiling less the codec's headroom.
    package static func limiterThreshold(audioBitrate: Int) -> Float {
        Float(pow(10, (decibels - codecHeadroom(audioBitrate: audioBitrate)) / 20))
    }
}
