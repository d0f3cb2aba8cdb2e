import Foundation
import KineticCore
import Testing

@Suite struct AudibleEndTests {
    private let rate = 1_000

    /// `loud` seconds of a tone at `amplitude`, then `quiet` seconds at `floor`.
    private func tail(loud: Double, amplitude: Float = 0.5, quiet: Double, floor: Float = 0) -> [Float] {
        let tone = (0..<Int(loud * Double(rate))).map { amplitude * Float(sin(Double($0) * 0.3)) }
        let hiss = (0..<Int(quiet * Double(rate))).map { floor * Float(sin(Double($0) * 0.7)) }
        return tone + hiss
    }

    @Test func theSoundEnds_whereTheLastLoudWindowEnds_notWhereTheFileDoes() {
        #expect(AudibleEnd.seconds(ofTail: tail(loud: 27.5, quiet: 2.5), sampleRate: rate, startingAt: 200) == 227.5)
        #expect(AudibleEnd.seconds(ofTail: tail(loud: 30, quiet: 0), sampleRate: rate, startingAt: 200) == 230)
    }

    @Test func aQuietFloorIsSilence_butAQuietSongIsNot() {
        // Under −40 dBFS (RMS 0.01; a sine's RMS is 0.71 of its peak) is silence...
        #expect(AudibleEnd.seconds(ofTail: tail(loud: 20, quiet: 10, floor: 0.012), sampleRate: rate, startingAt: 0) == 20)
        // ...a quiet passage above it is sound.
        #expect(AudibleEnd.seconds(ofTail: tail(loud: 20, quiet: 10, floor: 0.02), sampleRate: rate, startingAt: 0) == 30)
    }

    @Test func aSilentTail_endsWhereItStarts_andNoSamplesSayNothing() {
        #expect(AudibleEnd.seconds(ofTail: [Float](repeating: 0, count: 5_000), sampleRate: rate, startingAt: 100) == 100)
        #expect(AudibleEnd.seconds(ofTail: [], sampleRate: rate, startingAt: 100) == nil)
    }

    @Test func thePlayablePart_isTheFileUpToItsAudibleEnd() {
        #expect(AudibleEnd.playableSeconds(duration: 230, audibleEnd: 227.5) == 227.5)
        #expect(AudibleEnd.playableSeconds(duration: 230, audibleEnd: nil) == 230, "a song from before the rule")
        #expect(AudibleEnd.playableSeconds(duration: 230, audibleEnd: 231) == 230)
        #expect(AudibleEnd.playableSeconds(duration: 230, audibleEnd: .nan) == 230)
    }
}
