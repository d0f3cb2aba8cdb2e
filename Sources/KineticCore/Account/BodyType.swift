/// The body-type choice of the Fitness Settings screen: 0 is the smallest figure, 2 the largest.
public enum BodyType: Int, CaseIterable, Codable, Sendable {
    case small = 0
    case medium = 1
    case large = 2
}
