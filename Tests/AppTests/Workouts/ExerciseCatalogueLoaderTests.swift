import Foundation
import KineticCore
import NIOConcurrencyHelpers
import Testing

@testable import App

@Suite struct ExerciseCatalogueLoaderTests {
    @Test func theCatalogue_isReadOnFirstUse_andOnce() throws {
        let reads = NIOLockedValueBox(0)
        let loader = ExerciseCatalogueLoader {
            reads.withLockedValue { $0 += 1 }
            return try ExerciseCatalogue.shipped()
        }
        #expect(reads.withLockedValue { $0 } == 0)
        let first = try loader.catalogue()
        let second = try loader.catalogue()
        #expect(reads.withLockedValue { $0 } == 1)
        #expect(!first.exercises.isEmpty && first.exercises.count == second.exercises.count)
    }

    /// A file that cannot be read says where it looked, and is tried again on the next use.
    @Test func aMissingCatalogue_throwsItsPath_everyTime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).json").path
        let loader = ExerciseCatalogueLoader { try ExerciseCatalogue(contentsOf: path) }
        for _ in 0..<2 {
            #expect { try loader.catalogue() } throws: { "\($0)".contains(path) }
        }
    }
}
