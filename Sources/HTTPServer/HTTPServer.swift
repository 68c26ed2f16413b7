package enum HTTPServerPlaceholder {}
