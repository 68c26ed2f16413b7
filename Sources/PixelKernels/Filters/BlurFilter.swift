import MediaIO

extension FilterKernel {
    /// `blur`: `radius` (0...0.1, default 0.01) is about two standard deviations of a Gaussian blur,
    /// as a fraction of the picture's shorter side (three box passes approximate the Gaussian).
    package static let blur = FilterKernel("blur", reads: ["radius"]) { picture, value in
        let sigma = value("radius") * Double(min(picture.width, picture.height)) / 2
        Compositor.blur(picture, radius: BoxBlur.boxRadius(sigma: sigma))
    }
}
