import JobStore

// ReelKit's batch also names a type `JobRecord` (a row of a jobs file); the server's files import
// both, so the store's records go by these names here.

/// A render job as the store keeps it.
typealias StoredJob = JobRecord
/// An upload as the store keeps it.
typealias StoredUpload = UploadRecord
