/// The stable codes of every finding, with their meaning: the one table of them.
///
/// A code never changes meaning once released, so that scripts and documentation can rely on it;
/// `docs/template-format.md` lists them (a test checks that it lists every one).
/// `T` codes come from reading a template, `R` codes from resolving it against media.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable, Comparable {
    case jsonSyntax = "T001"
    case fileTooLarge = "T002"
    case nestingTooDeep = "T003"
    case duplicateKey = "T004"
    case unsupportedFormat = "T010"
    case missingKey = "T011"
    case wrongType = "T012"
    case unknownKey = "T013"
    case unknownChoice = "T014"
    case canvasSize = "T020"
    case frameRate = "T021"
    case backgroundColor = "T022"
    case slotCount = "T030"
    case emptySlotID = "T031"
    case duplicateSlotID = "T032"
    case timeSyntax = "T033"
    case slotDuration = "T034"
    case totalDuration = "T035"
    case volumeRange = "T036"
    case musicTime = "T037"
    case emptyText = "T038"
    case assetPathOutside = "T040"
    case assetMissing = "T041"
    case assetNotRegularFile = "T042"
    case kindFallback = "R001"
    case videoTooShort = "R002"
    case mediaLeftOut = "R003"
    case videoSlowed = "R004"
    case slotTooShort = "R005"

    /// One line saying what the code means.
    public var meaning: String {
        switch self {
        case .jsonSyntax: "template.json is not valid JSON"
        case .fileTooLarge: "template.json is larger than 1 MiB"
        case .nestingTooDeep: "objects and arrays are nested deeper than 64 levels"
        case .duplicateKey: "a key appears twice in one object; only the last is used"
        case .unsupportedFormat: "the format version is not one this version of Reel reads"
        case .missingKey: "a required key is missing"
        case .wrongType: "a value has the wrong JSON type"
        case .unknownKey: "a key is not part of the format (often a typo)"
        case .unknownChoice: "a value is not one of the allowed words"
        case .canvasSize: "canvas width or height is odd or outside 16...8192"
        case .frameRate: "frame rate is malformed or outside (0, 120]"
        case .backgroundColor: "background colour is not written #rrggbb"
        case .slotCount: "a template needs 1 to 200 slots"
        case .emptySlotID: "a slot id is empty"
        case .duplicateSlotID: "two slots have the same id"
        case .timeSyntax: "a time is not written in a form Reel reads"
        case .slotDuration: "a slot duration is not positive, shorter than one frame, or longer than 600 s"
        case .totalDuration: "the slots add up to more than 3600 s"
        case .volumeRange: "a volume is outside 0...4"
        case .musicTime: "music start is outside 0...3600 s, or a fade outside 0...600 s"
        case .emptyText: "a name or path is empty"
        case .assetPathOutside: "an asset path is absolute or leads outside the template folder"
        case .assetMissing: "an asset file does not exist"
        case .assetNotRegularFile: "an asset path names a folder or other non-file"
        case .kindFallback: "no media of the kind a slot accepts; another kind was used"
        case .videoTooShort: "a video is too short for its slot even at half speed; its last frame is held"
        case .mediaLeftOut: "more media than slots; some were left out"
        case .videoSlowed: "a video was slowed down to fill its slot"
        case .slotTooShort: "a slot is shorter than one frame after snapping and was left out"
        }
    }

    public static func < (lhs: DiagnosticCode, rhs: DiagnosticCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
