package enum JobStorePlaceholder {}
