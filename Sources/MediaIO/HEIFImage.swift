import CFFmpeg
import CHEIF
import Foundation

/// HEIF and AVIF stills (the HEIC photos phones take by default), read through libheif because
/// FFmpeg 5.1 cannot open them.
///
/// libheif applies the file's own rotation and mirror (`irot`, `imir`) while decoding, so the
/// picture comes out upright and the size reported is the size as displayed. The decoded picture
/// is handed on as an RGB(A) `VideoFrame`, so scaling and composition treat it like any other still.
enum HEIFImage {
    /// ISO base media brands of HEIF and AVIF images (`ftyp` major or compatible brand).
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]

    /// Whether the file is a HEIF or AVIF image, judged from its `ftyp` box rather than its name.
    static func isHEIF(_ file: ReadableFile) -> Bool {
        let bytes = file.prefix(64)
        guard bytes.count >= 16 else { return false }
        guard String(bytes: bytes[4..<8], encoding: .ascii) == "ftyp" else { return false }
        let size = min(bytes.count, Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]))
        var brandsFound = [String(bytes: bytes[8..<12], encoding: .ascii) ?? ""]
        var offset = 16
        while offset + 4 <= size {
            brandsFound.append(String(bytes: bytes[offset..<offset + 4], encoding: .ascii) ?? "")
            offset += 4
        }
        // A video MP4 may list `mif1` too only when it is really an image sequence; its major brand decides.
        return brands.contains(brandsFound[0]) || (brandsFound.contains("mif1") && !["isom", "mp41", "mp42", "qt  "].contains(brandsFound[0]))
    }

    /// Size as displayed and the EXIF capture date, without decoding the picture.
    static func probe(_ opened: ReadableFile) throws(FileAccessError) -> MediaInfo {
        let path = opened.path
        let file = try HEIFFile(file: opened, operation: "probing")
        let width = Int(heif_image_handle_get_width(file.handle))
        let height = Int(heif_image_handle_get_height(file.handle))
        guard width > 0, height > 0 else {
            throw FileAccessError(.corrupt, file: path, operation: "probing", reason: "the image has no size")
        }
        if width > MediaLimits.maxPictureSide || height > MediaLimits.maxPictureSide {
            throw FileAccessError(.unsupported, file: path, operation: "probing", reason: PictureHeader.sizeMessage(width, height))
        }
        var video = VideoStreamInfo(
            codec: "heif", codedWidth: width, codedHeight: height, rotation: 0, mirrored: false,
            frameRate: nil, pixelFormat: "rgb24", colorRange: "full", duration: nil, frameCount: nil,
            sampleAspect: (1, 1))
        video.dynamicRange = .sdr
        return MediaInfo(
            path: path, container: "heif", isStillImage: true, duration: nil, video: video, audio: [],
            creationTime: file.exifDate())
    }

    /// Decodes the primary picture, upright.
    static func load(_ opened: ReadableFile) throws(FileAccessError) -> VideoFrame {
        let path = opened.path
        let file = try HEIFFile(file: opened, operation: "loading the picture")
        let shownWidth = heif_image_handle_get_width(file.handle)
        let shownHeight = heif_image_handle_get_height(file.handle)
        // A timeline may name a file that was never probed: refuse absurd sizes before decoding.
        guard shownWidth > 0, shownHeight > 0, shownWidth <= MediaLimits.maxPictureSide, shownHeight <= MediaLimits.maxPictureSide else {
            throw FileAccessError(
                .unsupported, file: path, operation: "loading the picture",
                reason: PictureHeader.sizeMessage(Int(shownWidth), Int(shownHeight)))
        }
        let alpha = heif_image_handle_has_alpha_channel(file.handle) != 0
        var image: OpaquePointer?
        let decoded = heif_decode_image(
            file.handle, &image, heif_colorspace_RGB,
            alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil)
        guard decoded.code == heif_error_Ok, let image else {
            throw FileAccessError(.corrupt, file: path, operation: "decoding the picture", reason: String(cString: decoded.message))
        }
        defer { heif_image_release(image) }
        let width = heif_image_get_width(image, heif_channel_interleaved)
        let height = heif_image_get_height(image, heif_channel_interleaved)
        var stride: Int32 = 0
        guard width > 0, height > 0, let pixels = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw FileAccessError(.corrupt, file: path, operation: "decoding the picture", reason: "the decoded image has no pixels")
        }
        let box = FrameBox()
        box.frame.pointee.width = width
        box.frame.pointee.height = height
        box.frame.pointee.format = (alpha ? AV_PIX_FMT_RGBA : AV_PIX_FMT_RGB24).rawValue
        guard av_frame_get_buffer(box.frame, 0) >= 0, let plane = box.frame.pointee.data.0 else {
            throw FileAccessError(.unsupported, file: path, operation: "decoding the picture", reason: "out of memory for \(width)x\(height)")
        }
        let rowBytes = Int(width) * (alpha ? 4 : 3)
        let dstStride = Int(box.frame.pointee.linesize.0)
        for row in 0..<Int(height) {
            (plane + row * dstStride).update(from: pixels + row * Int(stride), count: rowBytes)
        }
        // Phones tag their photos Display P3: bring the colours into the sRGB gamut Reel composes in.
        file.gamutConversion()?.apply(plane, width: Int(width), height: Int(height), stride: dstStride, bytesPerPixel: alpha ? 4 : 3)
        return try VideoFrame(decoded: box, time: .zero, file: path, still: true)
    }
}

/// An open HEIF file and its primary image handle, released together.
private final class HEIFFile {
    let context: OpaquePointer
    let handle: OpaquePointer
    private let file: ReadableFile

    init(file: ReadableFile, operation: String) throws(FileAccessError) {
        let path = file.path
        self.file = file
        guard let context = heif_context_alloc() else {
            throw FileAccessError(.unsupported, file: path, operation: operation, reason: "libheif could not start")
        }
        let read = heif_context_read_from_file(context, file.descriptorPath, nil)
        guard read.code == heif_error_Ok else {
            heif_context_free(context)
            throw FileAccessError(.corrupt, file: path, operation: operation, reason: String(cString: read.message))
        }
        var handle: OpaquePointer?
        let primary = heif_context_get_primary_image_handle(context, &handle)
        guard primary.code == heif_error_Ok, let handle else {
            heif_context_free(context)
            throw FileAccessError(.corrupt, file: path, operation: operation, reason: String(cString: primary.message))
        }
        self.context = context
        self.handle = handle
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The gamut conversion the image's colour profile (ICC or `nclx`) asks for; nil for sRGB.
    func gamutConversion() -> GamutConversion? {
        let type = heif_image_handle_get_color_profile_type(handle)
        if type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC {
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size < 4 << 20 else { return nil }
            var bytes = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_raw_color_profile(handle, &bytes).code == heif_error_Ok, let profile = ICCProfile(bytes) else { return nil }
            return GamutConversion(profile: profile)
        }
        if type == heif_color_profile_type_nclx {
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            return GamutConversion(
                primaries: Int(nclx.pointee.color_primaries.rawValue),
                transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        }
        return nil
    }

    /// `DateTimeOriginal` (else `DateTime`) from the image's EXIF block, in the form `CaptureDate` gives.
    func exifDate() -> String? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 8, size < 1 << 20 else { return nil }
        var data = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, id, &data).code == heif_error_Ok else { return nil }
        // The block starts with the 4-byte offset of the TIFF header.
        let skip = 4 + (Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3]))
        guard skip < data.count else { return nil }
        let exif = EXIFReader(tiff: Array(data[skip...]))
        return exif.date.flatMap { CaptureDate.normalized($0, offset: exif.offset) }
    }
}
