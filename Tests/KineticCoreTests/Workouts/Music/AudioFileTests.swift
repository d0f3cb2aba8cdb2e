import Foundation
import KineticCore
import Testing

@Suite struct AudioFileTests {
    @Test func formats_areKnownByTheirFirstBytes_notTheirNames() {
        func bytes(_ text: String, then rest: [UInt8] = []) -> [UInt8] { Array(text.utf8) + rest }
        #expect(AudioFormat.sniff(bytes("ID3", then: [4, 0, 0])) == .mp3)
        #expect(AudioFormat.sniff([0xFF, 0xFB, 0x90, 0x64]) == .mp3)
        #expect(AudioFormat.sniff([0xFF, 0xF3, 0x40, 0x00]) == .mp3, "MPEG-2 Layer III")
        #expect(AudioFormat.sniff([0xFF, 0xFB, 0xF0, 0x00]) == nil, "bitrate index 15 is invalid")
        #expect(AudioFormat.sniff([0xFF, 0xFD, 0x90, 0x00]) == nil, "layer II is not an MP3")
        #expect(AudioFormat.sniff(bytes("OggS", then: [0, 2])) == .ogg)
        #expect(AudioFormat.sniff(bytes("RIFF") + [0x24, 0, 0, 0] + bytes("WAVE")) == .wav)
        #expect(AudioFormat.sniff(bytes("RIFF") + [0x24, 0, 0, 0] + bytes("AVI ")) == nil)
        #expect(AudioFormat.sniff(bytes("fLaC")) == .flac)
        #expect(AudioFormat.sniff([0, 0, 0, 0x20] + bytes("ftypM4A ")) == .m4a)
        #expect(AudioFormat.sniff(bytes("title,artist\nSong,Band\n")) == nil, "a renamed text file")
        #expect(AudioFormat.sniff([]) == nil)
        #expect(AudioFormat.m4a.matches(demuxer: "mov,mp4,m4a,3gp,3g2,mj2"))
        #expect(!AudioFormat.mp3.matches(demuxer: "ogg"))
    }

    @Test func theProbe_readsLengthAndTags_whereverTheContainerKeepsThem() throws {
        let ogg = Data(
            #"{"streams":[{"codec_type":"audio","duration":"201.5","tags":{"TITLE":" Armygeddon ","ARTIST":"Muldjord","GENRE":""}}],"format":{"format_name":"ogg","duration":"201.527"}}"#
                .utf8)
        let probe = try #require(AudioProbe(json: ogg))
        #expect(
            probe
                == AudioProbe(
                    formatName: "ogg", seconds: 201.527, hasAudio: true, hasVideo: false, title: "Armygeddon", artist: "Muldjord",
                    genre: nil))
        let mp3 = Data(
            #"{"streams":[{"codec_type":"audio"},{"codec_type":"video","disposition":{"attached_pic":1}}],"format":{"format_name":"mp3","duration":"60.0","tags":{"title":"Run","genre":"Rock"}}}"#
                .utf8)
        let withCover = try #require(AudioProbe(json: mp3))
        #expect(withCover.hasAudio && !withCover.hasVideo && withCover.title == "Run" && withCover.genre == "Rock")
        let film = Data(
            #"{"streams":[{"codec_type":"audio"},{"codec_type":"video"}],"format":{"format_name":"mov,mp4,m4a,3gp,3g2,mj2","duration":"60"}}"#
                .utf8)
        #expect(try #require(AudioProbe(json: film)).hasVideo)
        #expect(AudioProbe(json: Data("not json".utf8)) == nil)
    }

    @Test func theCheck_refusesWhatIsNotASongOfAFairLength() {
        let limits = SongFileCheck.Limits(minimumSeconds: 5, maximumSeconds: 1200)
        func probe(_ name: String = "mp3", seconds: Double? = 180, audio: Bool = true, video: Bool = false) -> AudioProbe {
            AudioProbe(formatName: name, seconds: seconds, hasAudio: audio, hasVideo: video)
        }
        #expect(SongFileCheck.check(probe(), format: .mp3, limits: limits) == .success(180))
        #expect(SongFileCheck.check(probe("wav"), format: .mp3, limits: limits) == .failure(.notAudio), "bytes and decoder disagree")
        #expect(SongFileCheck.check(probe(audio: false), format: .mp3, limits: limits) == .failure(.notAudio))
        #expect(SongFileCheck.check(probe(seconds: nil), format: .mp3, limits: limits) == .failure(.notAudio))
        #expect(SongFileCheck.check(probe(video: true), format: .mp3, limits: limits) == .failure(.video))
        #expect(SongFileCheck.check(probe(seconds: 2), format: .mp3, limits: limits) == .failure(.tooShort))
        #expect(SongFileCheck.check(probe(seconds: 36_000), format: .mp3, limits: limits) == .failure(.tooLong(maximumMinutes: 20)))
        #expect(SongFileCheck.format(ofHeader: Array("hello".utf8)) == .failure(.notAudio))
    }
}
