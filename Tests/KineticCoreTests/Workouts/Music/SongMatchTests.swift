import KineticCore
import Testing

@Suite struct SongMatchTests {
    @Test func aSongFits_withinEightPercentInAnyOctave() throws {
        let same = try #require(SongMatch.match(songBPM: 120, targetBPM: 120))
        #expect(same.fits && same.octave == 1 && same.playbackRate == 1)
        let double = try #require(SongMatch.match(songBPM: 62, targetBPM: 120))
        #expect(double.fits && double.octave == 2)
        #expect(abs(double.playbackRate - 120.0 / 124.0) < 1e-9)
        let half = try #require(SongMatch.match(songBPM: 250, targetBPM: 128))
        #expect(half.fits && half.octave == 0.5)
        #expect(abs(half.playbackRate - 128.0 / 125.0) < 1e-9)
        let edge = try #require(SongMatch.match(songBPM: 120 / 1.08, targetBPM: 120))
        #expect(edge.fits)
        let off = try #require(SongMatch.match(songBPM: 95, targetBPM: 120))
        #expect(!off.fits)
        #expect(SongMatch.match(songBPM: 0, targetBPM: 120) == nil)
        #expect(SongMatch.match(songBPM: .nan, targetBPM: 120) == nil)
    }

    @Test func ranking_keepsOnlyFittingSongs_nearestFirst_orTheClosestWithAWord() {
        let songs = [("slow", 95.0), ("near", 118.0), ("half", 61.0), ("far", 170.0)]
        let fitting = SongMatch.ranked(songs, bpm: { $0.1 }, targetBPM: 120)
        #expect(fitting.map(\.song.0) == ["half", "near"])
        let none = SongMatch.ranked([("slow", 95.0), ("far", 170.0)], bpm: { $0.1 }, targetBPM: 120)
        #expect(none.map(\.song.0) == ["slow"])
        #expect(none.first?.match.fits == false)
        #expect(SongMatch.ranked([(String, Double)](), bpm: { $0.1 }, targetBPM: 120).isEmpty)
    }
}
