import CMHD
import Synchronization

/// What libmicrohttpd's callbacks reach through their `cls` pointer: the handler, the limits, and the
/// client address of every open connection.
///
/// Owned by its `HTTPServer`, which stops the daemon before letting it go, so no callback outlives it.
final class ServerContext: Sendable {
    let handler: any HTTPHandler
    let limits: HTTPServerLimits
    /// Client addresses by connection, and the address of the connection being accepted.
    ///
    /// The library hands the address to the accept policy callback only; the connection-started
    /// notification follows at once on the same listening thread, and files it under the connection.
    private let addresses = Mutex<(pending: String, byConnection: [UInt: String])>(("", [:]))

    init(handler: any HTTPHandler, limits: HTTPServerLimits) {
        self.handler = handler
        self.limits = limits
    }

    /// Called with each accepted client's address, just before its connection starts.
    func accepting(_ address: String) { addresses.withLock { $0.pending = address } }

    /// Files the address just accepted under `connection`.
    func started(_ connection: OpaquePointer) {
        addresses.withLock { state in
            state.byConnection[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))] = state.pending
            state.pending = ""
        }
    }

    /// Forgets `connection`'s address when it closes.
    func closed(_ connection: OpaquePointer) {
        _ = addresses.withLock { $0.byConnection.removeValue(forKey: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))) }
    }

    /// The client address of `connection`, "" when unknown.
    func address(of connection: OpaquePointer) -> String {
        addresses.withLock { $0.byConnection[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))] ?? "" }
    }

    /// One call of the access handler: the head on the first call, then each piece of the body, then
    /// the final call that answers. Returns false to have the connection closed.
    func access(
        _ connection: OpaquePointer, path: String, method: String, upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, state slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> Bool {
        guard let raw = slot.pointee else {
            let (request, headBytes) = RequestHead.read(connection, path: path, method: method, remoteAddress: address(of: connection))
            let state = RequestState(request: request)
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
            if headBytes > limits.maxHeaderBytes {
                let response = HTTPResponse.error(
                    431, code: "header_too_large", message: "the request head is larger than \(limits.maxHeaderBytes) bytes")
                return ResponseSending.queue(response, requestID: request.id, on: connection)
            }
            if let early = state.begin(handler: handler, declaredLength: RequestHead.declaredLength(request)) {
                return ResponseSending.queue(early, requestID: request.id, on: connection)
            }
            return true
        }
        let state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let keep = state.receive(UnsafeRawBufferPointer(start: upload, count: uploadSize.pointee))
            uploadSize.pointee = 0
            return keep
        }
        let response = state.finish(handler: handler)
        return ResponseSending.queue(response, requestID: state.request.id, on: connection)
    }
}
