/// Estimates the calories of a jump session from the number of jumps, body type and height.
///
/// The standard MET method: kilocalories = MET × body mass (kg) × hours of activity.
/// - MET 4.5: "trampoline, competitive" (code 15725) in Ainsworth B. E. et al., *2011 Compendium
///   of Physical Activities*, Med Sci Sports Exerc 43(8):1575–1581. Park jumping is continuous
///   bouncing, closer to this than to "recreational" (3.5 MET, code 15720).
/// - Time on the trampoline is taken from the jumps at 100 jumps a minute, the cadence of
///   continuous rebound jumping; rests between bouts are not counted, so long sessions with
///   few jumps are not inflated.
/// - Body mass is estimated from height with a body-mass index per body type:
///   mass = BMI × height² (m), with BMI 20 (slim), 24 (medium) and 30 (large), a slim,
///   average and heavy build on the WHO BMI scale.
///
/// Example: 8,798 jumps at 5 ft 10 in, medium build → 75.9 kg × 4.5 × 1.466 h ≈ 501 kcal
/// (the seed's example session reports 521).
public enum CalorieEstimator {
    public static let met = 4.5
    public static let jumpsPerMinute = 100.0
    public static let metresPerInch = 0.0254

    /// The body-mass index assumed for each body type.
    public static func bodyMassIndex(_ bodyType: BodyType) -> Double {
        switch bodyType {
        case .small: 20
        case .medium: 24
        case .large: 30
        }
    }

    /// Estimated body mass in kilograms.
    public static func bodyMass(heightInches: Int, bodyType: BodyType) -> Double {
        let metres = Double(heightInches) * metresPerInch
        return bodyMassIndex(bodyType) * metres * metres
    }

    /// Estimated kilocalories, rounded; nil without body type or height (no estimate, as the seed says).
    public static func estimate(jumps: Int, fitness: FitnessSettings) -> Int? {
        guard let bodyType = fitness.bodyType, let height = fitness.height, jumps >= 0 else { return nil }
        let hours = Double(jumps) / jumpsPerMinute / 60
        return Int((met * bodyMass(heightInches: height, bodyType: bodyType) * hours).rounded())
    }
}
