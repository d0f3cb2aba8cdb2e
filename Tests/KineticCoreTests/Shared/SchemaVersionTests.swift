import KineticCore
import Testing

@Suite struct SchemaVersionTests {
    private let here = SchemaVersion(migrations: ["CreateUsers", "CreateSongs", "CreateJobs"])

    @Test func theSameMigrations_areTheSameVersion_whateverTheirOrder() {
        #expect(here.difference(from: here) == nil)
        #expect(here.difference(from: SchemaVersion(migrations: ["CreateSongs", "CreateUsers", "CreateJobs"])) == nil)
    }

    @Test func aNewerArchive_namesWhatOnlyItHas_andAnOlderOneWhatItLacks() throws {
        let newer = try #require(here.difference(from: SchemaVersion(migrations: here.migrations + ["AddWishes"])))
        #expect(newer.onlyInOther == ["AddWishes"])
        #expect(newer.onlyHere.isEmpty)
        let older = try #require(here.difference(from: SchemaVersion(migrations: ["CreateUsers"])))
        #expect(older.onlyInOther.isEmpty)
        #expect(older.onlyHere == ["CreateSongs", "CreateJobs"])
    }
}
