import ReelKit

extension ReelError {
    /// The stable code a failed job reports, one per kind of failure, for programs to branch on.
    var apiCode: String {
        switch self {
        case .invalidTemplate: "invalid_template"
        case .templateUnreadable: "template_unreadable"
        case .invalidTimeline: "invalid_timeline"
        case .captions: "captions_unreadable"
        case .resolve: "cannot_fill_template"
        case .render: "render_failed"
        case .preview: "preview_failed"
        case .file: "file_error"
        case .cancelled: "cancelled"
        case .noBeat: "no_beat"
        case .song: "song_does_not_fit"
        case .option: "invalid_option"
        case .textFile: "texts_unreadable"
        case .noMedia: "no_media"
        case .strictTexts: "strict_texts"
        }
    }

    /// The diagnostics behind the failure, with their codes, when it has any.
    var diagnostics: [Diagnostic] {
        switch self {
        case .invalidTemplate(_, let d): d.filter { $0.severity == .error }
        case .invalidTimeline(let e): e.diagnostics
        default: []
        }
    }
}
