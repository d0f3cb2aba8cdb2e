import Foundation
import KineticCore
import Vapor

/// `kinetic estimate-tempo <file>`: decodes a song and prints its tempo candidates, best first,
/// with the time taken (used by `scripts/lib/bench/tempo.py`).
struct EstimateTempoCommand: AsyncCommand, KineticCommand {
    struct Signature: CommandSignature {
        @Argument(name: "file", help: "an audio file (MP3, OGG, WAV, FLAC, M4A)")
        var file: String
    }

    static let about = CommandHelp(
        name: "estimate-tempo", summary: "Prints the tempo candidates of an audio file, best first.", usage: "kinetic estimate-tempo FILE",
        options: [("FILE", "an audio file (MP3, OGG, WAV, FLAC, M4A); needs ffmpeg")]
    )

    var help: String { Self.about.summary }

    func run(using context: CommandContext, signature: Signature) async throws {
        let started = ContinuousClock.now
        let samples = try await AudioDecoder.monoSamples(of: URL(fileURLWithPath: signature.file))
        let decoded = ContinuousClock.now
        let candidates = TempoEstimator.candidates(samples: samples, sampleRate: 22_050)
        let analysed = ContinuousClock.now
        let seconds = { (duration: Duration) in String(format: "%.2f", duration / .seconds(1)) }
        context.console.print(
            candidates.map { String(format: "%.1f", $0.bpm) }.joined(separator: " ")
                + "\tdecode \(seconds(decoded - started)) s\tanalyse \(seconds(analysed - decoded)) s\taudio \(samples.count / 22_050) s")
    }
}
