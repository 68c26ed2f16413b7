// MediaIO
