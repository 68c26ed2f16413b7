/// What a decoder may save on the pictures it decodes only to reach the ones asked for.
///
/// An exact frame at an arbitrary time means decoding from the keyframe before it. Playback shows
/// every one of those pictures, so it must decode them as the file says. Previews show only the
/// pictures they ask for, and can spend less on the others.
package enum DecodeEconomy: Sendable, Hashable {
    /// Every picture decoded bit-exactly: for playback and export.
    case none
    /// For previews that jump through a file (contact-sheet cells, an animated preview at a low
    /// frame rate): pictures shown before the one asked for are decoded without the deblocking
    /// filter, since they serve only as references. The picture returned is still the exact frame
    /// for the time; its pixels may differ from a bit-exact decode by faint blocking inherited from
    /// its references, far below what a thumbnail shows.
    case skimming
    /// For requests far apart (a video's contact sheet, a poster): skimming, and the decoder is also
    /// drained right after the packet of the picture asked for instead of being fed the ones after
    /// it. Every request then seeks.
    case stills
}
