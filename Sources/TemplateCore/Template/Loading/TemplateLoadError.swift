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
    /// `template.json` exists but could not be read.
    case unreadable(path: String, reason: String)

    /// The file or folder concerned.
    public var path: String {
        switch self {
        case .folderNotFound(let p), .notAFolder(let p), .templateFileMissing(let p), .unreadable(let p, _): p
        }
    }

    /// `<path>: <what is wrong>`, the form the command line prints after `reel: error: `.
    public var description: String {
        switch self {
        case .folderNotFound(let p): "\(p): template folder not found"
        case .notAFolder(let p): "\(p): not a folder (a template is a folder holding template.json)"
        case .templateFileMissing(let p): "\(p): no template.json in the template folder"
        case .unreadable(let p, let reason): "\(p): cannot read: \(reason)"
        }
    }
}
