/// An exercise of the catalogue (`Resources/Exercises/exercises.json`, free-exercise-db): what
/// the workout generator picks from and the player shows.
public struct Exercise: Equatable, Sendable, Identifiable {
    /// The catalogue's kinds of exercise: the Get Workout page's categories.
    public enum Category: String, CaseIterable, Sendable, Codable {
        case strength, stretching, plyometrics, powerlifting, cardio
        case olympicWeightlifting = "olympic weightlifting"
        case strongman
    }

    /// The Get Workout page's difficulty.
    public enum Level: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable, Comparable {
        case beginner, intermediate, expert

        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What an exercise needs. The catalogue's "body only" and its exercises without any
    /// equipment are both ``bodyweight``, which every workout allows. A bench, a pull-up bar,
    /// a box and a squat rack are never the catalogue's equipment: ``EquipmentNeeds`` reads them
    /// from an exercise's name and instructions.
    public enum Equipment: String, CaseIterable, Sendable, Codable {
        case bodyweight = "body only"
        case barbell, dumbbell, cable, machine, kettlebells, bands
        case medicineBall = "medicine ball"
        case exerciseBall = "exercise ball"
        case foamRoll = "foam roll"
        case ezCurlBar = "e-z curl bar"
        case bench
        case pullUpBar = "pull-up bar"
        case box
        case rack = "squat rack"
        case other
    }

    /// The muscle groups of the Get Workout page.
    public enum Muscle: String, CaseIterable, Sendable, Codable {
        case abdominals, abductors, adductors, biceps, calves, chest, forearms, glutes, hamstrings, lats, neck
        case quadriceps, shoulders, traps, triceps
        case lowerBack = "lower back"
        case middleBack = "middle back"
    }

    /// Compound (several joints) or isolation (one); nil for holds and the like.
    public enum Mechanic: String, Sendable, Codable {
        case compound, isolation
    }

    /// How the muscles work: pushing, pulling, or holding still (a plank, a stretch).
    public enum Force: String, Sendable, Codable {
        case push, pull
        case holding = "static"
    }

    public let id: String
    public let name: String
    public let category: Category
    public let level: Level
    public let equipment: Equipment
    public let mechanic: Mechanic?
    public let force: Force?
    public let primaryMuscles: [Muscle]
    public let secondaryMuscles: [Muscle]
    public let instructions: [String]
    /// Everything it needs (``EquipmentNeeds``): each group met by one of its items.
    public let needs: [Set<Equipment>]

    public init(
        id: String, name: String, category: Category, level: Level, equipment: Equipment, mechanic: Mechanic?, force: Force? = nil,
        primaryMuscles: [Muscle], secondaryMuscles: [Muscle] = [], instructions: [String] = []
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.level = level
        self.equipment = equipment
        self.mechanic = mechanic
        self.force = force
        self.primaryMuscles = primaryMuscles
        self.secondaryMuscles = secondaryMuscles
        self.instructions = instructions
        self.needs = EquipmentNeeds.of(name: name, equipment: equipment, instructions: instructions)
    }

    /// Whether someone with `equipment` (and their body) can do it.
    public func canBeDone(with equipment: Set<Equipment>) -> Bool {
        EquipmentNeeds.met(needs, by: equipment.union([.bodyweight]))
    }

    /// The equipment it uses beyond the body, for the pages: every item it needs.
    public var equipmentUsed: Set<Equipment> { needs.reduce(into: []) { $0.formUnion($1) } }

    /// The tempo Kinetic plays this exercise at before the user's own rate is known (see
    /// ``ExerciseTempo``).
    public var tempo: ExerciseTempo { ExerciseTempo.of(self) }
}

extension RawRepresentable where RawValue == String, Self: Hashable {
    /// The values `names` name, and the positions of the names that name none (the filters and
    /// the Get Workout choices report each of those).
    public static func named(_ names: [String]) -> (values: Set<Self>, unknownAt: [Int]) {
        var values = Set<Self>(), unknown: [Int] = []
        for (index, name) in names.enumerated() {
            if let value = Self(rawValue: name) { values.insert(value) } else { unknown.append(index) }
        }
        return (values, unknown)
    }
}

extension Exercise: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, category, level, equipment, mechanic, force, primaryMuscles, secondaryMuscles, instructions
    }

    /// Reads one exercise in free-exercise-db's shape (its `images` are not used).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            category: try container.decode(Category.self, forKey: .category),
            level: try container.decode(Level.self, forKey: .level),
            equipment: try container.decodeIfPresent(Equipment.self, forKey: .equipment) ?? .bodyweight,
            mechanic: try container.decodeIfPresent(Mechanic.self, forKey: .mechanic),
            force: try container.decodeIfPresent(Force.self, forKey: .force),
            primaryMuscles: try container.decode([Muscle].self, forKey: .primaryMuscles),
            secondaryMuscles: try container.decodeIfPresent([Muscle].self, forKey: .secondaryMuscles) ?? [],
            instructions: try container.decodeIfPresent([String].self, forKey: .instructions) ?? []
        )
    }
}
