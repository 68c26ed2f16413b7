// ReelKit is the one door to Reel: the modules below speak the vocabulary of its API (times,
// limits, diagnostics, the catalog, timelines, templates, edits, progress), so a client that
// imports ReelKit sees them as ReelKit's own. What they declare `public` is what a program that
// depends on Reel may use; what they declare `package` reaches the `reel` command line and the
// tests of this package alone.
@_exported import DocumentJSON
@_exported import DocumentLimits
@_exported import EffectCatalog
@_exported import FileAccess
@_exported import MediaFacts
@_exported import MediaTime
@_exported import Previews
@_exported import ProgressReport
@_exported import RenderCore
@_exported import TemplateFormat
@_exported import TemplateResolver
@_exported import TimelineEditing
@_exported import TimelineModel
