import DocumentJSON

/// Why a template could not be read at all: the few failures that are thrown, not collected.
///
/// Everything wrong inside a readable `template.json` is a `Diagnostic` instead.
public enum TemplateLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No folder at the path.
    case folderNotFound(path: String)
    /// The path names a file, not a folder.
    case notAFolder(path: String)
    /// The folder has no `template.json`.
    case templateFileMissing(path: String)
    /// `template.json` is a folder or another non-file: `kind` says which ("a folder", "a FIFO
    /// (named pipe)", see `FileKind.phrase`).
    case templateFileNotRegular(path: String, kind: String = "another kind of file")
    /// `template.json` is a link that leads outside the template folder.
    case templateFileOutside(path: String)
    /// `template.json` exists but could not be read.
    case unreadable(path: String, reason: String)

    /// The file or folder concerned.
    package var path: String {
        switch self {
        case .folderNotFound(let p), .notAFolder(let p), .templateFileMissing(let p), .templateFileNotRegular(let p, _), .templateFileOutside(let p),
            .unreadable(let p, _):
            p
        }
    }

    /// `<path>: <what is wrong>`, the form the command line prints after `reel: error: `.
    public var description: String { "\(path): \(problem)" }

    /// What is wrong, without the path: the message of the diagnostic.
    package var problem: String {
        switch self {
        case .folderNotFound: "template folder not found"
        case .notAFolder: "not a folder (a template is a folder holding template.json)"
        case .templateFileMissing: "no template.json in the template folder"
        case .templateFileNotRegular(_, let kind): "not a regular file but \(kind); template.json must be a file"
        case .templateFileOutside: "leads outside the template folder (a symbolic link that leaves it); template.json must be in the folder"
        case .unreadable(_, let reason): "cannot read: \(reason)"
        }
    }

    /// The failure as a finding (T005) of the path, so that `validate` reports it with a code and a
    /// fix like every other problem, in text and JSON alike.
    package var diagnostic: Diagnostic {
        let fix =
            switch self {
            case .folderNotFound, .notAFolder: "give the folder that holds template.json, or template.json itself"
            case .templateFileMissing: "add a template.json (reel new-template writes a valid one to start from)"
            case .templateFileNotRegular(_, let kind):
                "replace \(kind.hasPrefix("a ") ? "the " + kind.dropFirst(2) : kind) named template.json by the template's JSON file"
            case .templateFileOutside: "put the template's JSON file itself in the folder, not a link to a file elsewhere"
            case .unreadable: "check the file's permissions"
            }
        return Diagnostic(.error, .templateUnreadable, problem, at: SourceLocation(file: path), notes: [fix])
    }
}
