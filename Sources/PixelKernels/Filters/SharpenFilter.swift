import MediaIO

extension FilterKernel {
    /// `sharpen`: unsharp mask on luma; the detail above a 3x3 blur is added back `amount` (0...2,
    /// default 0.5) times.
    package static let sharpen = FilterKernel("sharpen", reads: ["amount"]) { picture, value in
        Sharpen.apply(amount: value("amount"), to: picture)
    }
}
