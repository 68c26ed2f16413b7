import EffectCatalog
import PixelKernels
import RenderCore
import Testing
import TimelineModel

/// Every effect a template can name is drawn by a kernel, and every kernel is reachable from the catalog.
@Suite struct CatalogCoverageTests {
    @Test func everyTransitionHasAKernelAndEveryKernelAnEntry() {
        #expect(Set(Catalog.ids(of: .transition)) == Set(TransitionKind.allCases.map(\.rawValue)))
    }

    @Test func everyFilterHasAKernelAndEveryKernelAnEntry() {
        #expect(Set(Catalog.ids(of: .filter)) == Set(FilterKind.allCases.map(\.rawValue)))
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
        for kind in FilterKind.allCases {
            guard let entry = Catalog.entry(.filter, kind.rawValue) else { continue }
            let numeric = entry.parameters.filter { $0.range != nil }
            #expect(Set(numeric.map(\.name)) == FilterRenderer.parameterNames(kind), "\(kind)")
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
    /// code may leave it out).
    @Test func transitionParametersMatchTheKernels() {
        for kind in TransitionKind.allCases {
            guard let entry = Catalog.entry(.transition, kind.rawValue) else { continue }
            let numeric = entry.parameters.filter { $0.range != nil }
            #expect(numeric.allSatisfy { $0.name == "softness" }, "\(kind)")
            if let d = entry.parameter("softness")?.defaultValue { #expect(d == TransitionParameters.softness(kind, nil), "\(kind)") }
        }
    }
}
