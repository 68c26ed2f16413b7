import MediaTime

/// The limits the template validator checks: the one declaration in `Limits`, read under the name
/// the template decoder has always used.
public typealias TemplateLimits = Limits
