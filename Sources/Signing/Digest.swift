import CCrypto

/// SHA-256, HMAC-SHA256 and a constant-time comparison, from OpenSSL's libcrypto: the server's
/// bearer tokens are compared through it, and its webhooks are signed with it. Nothing here is
/// written by hand.
package enum Digest {
    /// The SHA-256 of `bytes` (32 bytes).
    package static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let ok = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { EVP_Digest(input.baseAddress, input.count, $0.baseAddress, &size, EVP_sha256(), nil) }
        }
        precondition(ok == 1, "libcrypto could not compute a SHA-256")
        return Array(out.prefix(Int(size)))
    }

    /// HMAC-SHA256 of `message` under `key` (32 bytes).
    package static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var size: UInt32 = 0
        let result = key.withUnsafeBufferPointer { k in
            message.withUnsafeBufferPointer { m in
                out.withUnsafeMutableBufferPointer {
                    HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), m.baseAddress, m.count, $0.baseAddress, &size)
                }
            }
        }
        precondition(result != nil, "libcrypto could not compute an HMAC")
        return Array(out.prefix(Int(size)))
    }

    /// True when `a` and `b` hold the same bytes, in a time that depends on their length only
    /// (`CRYPTO_memcmp`): compare digests of secrets, so the length is fixed too.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, x.count) == 0 } }
    }

    /// Lower-case hexadecimal text of `bytes`.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
