/// Files are opened and outputs created through FileAccess, and media failures are reported in
/// its `FileAccessError`: whoever uses MediaIO sees both.
@_exported import FileAccess
