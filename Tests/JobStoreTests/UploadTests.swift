import JobStore
import Testing

/// Uploads are recorded before their bytes arrive, so a crash leaves a row naming the partial file.
@Suite struct UploadTests {
    @Test func uploadIsVisibleOnlyWhenComplete() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = try JobStore(path: scratch.database)
        let id = JobIDs.make(prefix: "m_")
        try store.beginUpload(id: id, fileName: "clip.mp4", path: "/data/media/\(id)")
        #expect(try store.upload(id) == nil)
        try store.completeUpload(id: id, size: 1234, probe: #"{"duration":2}"#)
        let upload = try #require(try store.upload(id))
        #expect(upload.fileName == "clip.mp4" && upload.path == "/data/media/\(id)" && upload.size == 1234)
        #expect(upload.probe == #"{"duration":2}"# && upload.complete)
        #expect(throws: JobStoreError.self) { try store.beginUpload(id: id, fileName: "again.mp4", path: "/x") }
        try store.deleteUpload(id)
        #expect(try store.upload(id) == nil)
        try store.deleteUpload(id)  // nothing to delete: no error
        #expect(throws: JobStoreError.self) { try store.completeUpload(id: id, size: 1, probe: "{}") }
    }

    @Test func incompleteUploadsAreTakenOnceAfterACrash() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let partial = JobIDs.make(prefix: "m_")
        let whole = JobIDs.make(prefix: "m_")
        do {
            let store = try JobStore(path: scratch.database)
            try store.beginUpload(id: partial, fileName: "a.mov", path: "/media/a")
            try store.beginUpload(id: whole, fileName: "b.mov", path: "/media/b")
            try store.completeUpload(id: whole, size: 9, probe: "{}")
        }
        let store = try JobStore(path: scratch.database)
        let taken = try store.takeIncompleteUploads()
        #expect(taken.map(\.id) == [partial])
        #expect(taken.first?.path == "/media/a" && taken.first?.complete == false)
        #expect(try store.takeIncompleteUploads().isEmpty)
        #expect(try store.upload(whole)?.size == 9)
    }
}
