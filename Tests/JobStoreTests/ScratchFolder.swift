import Foundation

/// A fresh temporary folder for one test's database, removed by `remove()`.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-jobstore-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The database's path inside the folder, as a server's data folder holds it.
    var database: String { (path as NSString).appendingPathComponent("reel.db") }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
