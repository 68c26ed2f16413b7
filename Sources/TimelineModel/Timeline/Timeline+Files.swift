/// Every file a timeline reads, so a run can check that none of its outputs would replace one.
extension Timeline {
    /// Media, overlays, sounds, fonts, LUTs and masks, each once, in the order they appear.
    package var referencedFiles: [String] {
        var files: [String] = []
        var seen = Set<String>()
        func add(_ path: String?) {
            if let path, seen.insert(path).inserted { files.append(path) }
        }
        for clip in clips {
            add(clip.media)
            for effect in clip.filters { add(effect.file) }
        }
        for transition in transitions { add(transition.mask) }
        for text in texts { add(text.look.fontFile) }
        for overlay in overlays { add(overlay.media) }
        for effect in grade { add(effect.file) }
        for sound in audio { add(sound.media) }
        return files
    }
}
