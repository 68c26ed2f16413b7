import CMHD

#if canImport(Glibc)
    import Glibc
#endif

/// The C callbacks given to libmicrohttpd; each finds its `ServerContext` through `cls`, and a request's
/// `RequestState` through `con_cls`.
enum DaemonCallbacks {
    /// Every call for a request (head, body pieces, final); see `ServerContext.access`.
    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, upload, uploadSize, conCls in
        guard let cls, let connection, let uploadSize, let conCls else { return .NO }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        let path = url.map { String(cString: $0) } ?? "/"
        let verb = method.map { String(cString: $0) } ?? ""
        let keep = context.access(connection, path: path, method: verb, upload: upload, uploadSize: uploadSize, state: conCls)
        return keep ? .YES : .NO
    }

    /// The end of a request, answered or not: its state is released, and a body file never handed
    /// to the handler (the client went away, or the body was refused) is removed.
    static let completed: MHD_RequestCompletedCallback = { _, _, conCls, _ in
        guard let conCls, let raw = conCls.pointee else { return }
        conCls.pointee = nil
        Unmanaged<RequestState>.fromOpaque(raw).takeRetainedValue().end()
    }

    /// Accepts every client (the limits are the library's), noting its address for `connection`.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, address, _ in
        guard let cls else { return .YES }
        Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue().accepting(address.map(SocketAddress.text) ?? "")
        return .YES
    }

    /// Files and forgets client addresses as connections start and close.
    static let connection: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, let connection else { return }
        let context = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        switch code {
        case .CONNECTION_NOTIFY_STARTED: context.started(connection)
        case .CONNECTION_NOTIFY_CLOSED: context.closed(connection)
        @unknown default: break
        }
    }
}
