import Foundation
import KineticCore
import Vapor

/// `kinetic estimate-tempo <file>`: decodes a song and prints its tempo candidates, best first,
/// the time taken, the best one's clarity, the onset salience and whether it has a clear beat
/// (``TempoEstimator/Analysis``; used by `scripts/lib/bench/tempo.py`).
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
        let analysis = TempoEstimator.analyse(samples: samples, sampleRate: 22_050)
        let candidates = analysis.candidates
        let analysed = ContinuousClock.now
        let seconds = { (duration: Duration) in String(format: "%.2f", duration / .seconds(1)) }
        // Tab-separated: the candidates, then `name value` fields.
        context.console.print(
            [
                candidates.map { String(format: "%.1f", $0.bpm) }.joined(separator: " "),
                "decode \(seconds(decoded - started)) s", "analyse \(seconds(analysed - decoded)) s", "audio \(samples.count / 22_050) s",
                String(format: "clarity %.2f", candidates.first?.clarity ?? 0), String(format: "salience %.3f", analysis.onsetSalience),
                "beat \(analysis.hasClearBeat ? 1 : 0)",
            ].joined(separator: "\t"))
    }
}
