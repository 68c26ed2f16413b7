package enum ReelServerPlaceholder {}
