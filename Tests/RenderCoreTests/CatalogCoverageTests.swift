import EffectCatalog
import PixelKernels
import RenderCore
import Testing
import TimelineModel

/// Every effect a template can name is drawn by a kernel, and every kernel is reachable from the catalog.
@Suite struct CatalogCoverageTests {
    /// The kernels are listed in catalog order, one for each transition, found by its id.
    @Test func everyTransitionHasAKernelAndEveryKernelAnEntry() {
        #expect(TransitionKernels.all.map(\.id) == Catalog.ids(of: .transition))
        for id in Catalog.ids(of: .transition) { #expect(TransitionKernels.kernel(id)?.id == id, "\(id)") }
    }

    @Test func everyFilterHasAKernelAndEveryKernelAnEntry() {
        #expect(FilterKernels.all.map(\.id) == Catalog.ids(of: .filter))
        for id in Catalog.ids(of: .filter) { #expect(FilterKernels.kernel(id)?.id == id, "\(id)") }
    }

    @Test func everyBlendModeHasAKernelAndEveryKernelAnEntry() {
        #expect(BlendKernels.all.map(\.id) == Catalog.ids(of: .blend))
        for id in Catalog.ids(of: .blend) { #expect(BlendKernels.kernel(id)?.id == id, "\(id)") }
    }

    /// Every key has a kernel that reads exactly the catalog's number parameters of it; the
    /// render core completes them as it completes a filter's.
    @Test func everyKeyHasAKernelReadingItsParameters() {
        #expect(KeyKernels.all.map(\.id) == Catalog.ids(of: .key))
        for entry in Catalog.entries(of: .key) {
            let numeric = entry.parameters.filter { $0.range != nil }
            #expect(Set(numeric.map(\.name)) == KeyKernels.kernel(entry.id)?.parameterNames, "\(entry.id)")
            let completed = FilterParameters.complete(entry.id, [:], family: .key)
            for p in numeric { #expect(completed[p.name] == p.defaultValue, "\(entry.id).\(p.name)") }
        }
    }

    @Test func everyTextAnimationIsDrawn() {
        #expect(Set(Catalog.ids(of: .textAnimation)) == LayerAnimationCurve.kinds)
    }

    @Test func everyEasingIsACurve() {
        #expect(Set(Catalog.ids(of: .easing)) == Set(Easing.allCases.map(\.rawValue)))
    }

    /// Each filter's catalog parameters are the ones its kernel reads, and the render core hands
    /// the kernel every one of them, by the catalog's default when none is given.
    @Test func filterParametersMatchTheKernels() {
        for entry in Catalog.entries(of: .filter) {
            let kind = entry.id
            let numeric = entry.parameters.filter { $0.range != nil }
            #expect(Set(numeric.map(\.name)) == FilterKernels.kernel(kind)?.parameterNames, "\(kind)")
            let completed = FilterParameters.complete(kind, [:])
            for p in numeric { #expect(completed[p.name] == p.defaultValue, "\(kind).\(p.name)") }
            // Past its range a value is drawn at the bound the validator would have named.
            for p in numeric {
                guard let range = p.range else { continue }
                #expect(FilterParameters.complete(kind, [p.name: range.upperBound + 1])[p.name] == range.upperBound)
                #expect(FilterParameters.complete(kind, [p.name: .nan])[p.name] == p.defaultValue)
            }
        }
    }

    /// The only number a transition kernel takes is `softness`: where the catalog gives it, its
    /// default is the kernel's (a timeline read from a file always carries it, a timeline built in
    /// code may leave it out). A kernel reads a mask exactly when the catalog gives the transition
    /// an image file (the render core loads it for the kernel).
    @Test func transitionParametersMatchTheKernels() {
        for entry in Catalog.entries(of: .transition) {
            let kind = entry.id
            let numeric = entry.parameters.filter { $0.range != nil }
            let images = entry.parameters.filter { $0.type == .file(.image) }
            #expect(TransitionKernels.kernel(kind)?.readsMask == (images.map(\.name) == ["mask"]), "\(kind)")
            #expect(numeric.allSatisfy { $0.name == "softness" }, "\(kind)")
            if let d = entry.parameter("softness")?.defaultValue { #expect(d == TransitionParameters.softness(kind, nil), "\(kind)") }
        }
    }
}
